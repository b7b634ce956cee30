import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: [".tmp/**", "**/dist/**", "**/node_modules/**", "**/data/**", "apps/server/drizzle/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // antd-mobile by component path ("antd-mobile/es/components/button"): its index re-exports every
      // component, and the bundler then counts each one used anywhere as part of the first screen.
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "antd-mobile", message: "Import antd-mobile/es/components/<name> instead." }] },
      ],
    },
  },
  {
    // The pure packages stay pure: no database, no server framework, no UI.
    files: ["packages/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "fastify*",
            "drizzle-orm*",
            "@electric-sql/*",
            "pg",
            "react*",
            "node:*",
            "@brokerage/server",
            "@brokerage/web",
          ],
        },
      ],
    },
  },
);
