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
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "antd-mobile", message: "Import antd-mobile/es/components/<name> instead." },
            // The contract's index builds every zod schema when loaded: the app takes its values from
            // the zod-free constants entry, and only types from the index.
            {
              name: "@brokerage/api",
              allowTypeImports: true,
              message: "Import values from @brokerage/api/constants (schemas only through lib/contract.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // The one door to the contract's schemas, loaded as a chunk of its own (lib/contract.ts).
    files: ["apps/web/src/lib/schemas.ts", "apps/web/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    // The back office (its own build, a desktop tool): the contract's schemas and values come from the
    // index like on the server; antd-mobile has no place there.
    files: ["apps/web/src/admin/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "antd-mobile", message: "The back office uses antd." }] },
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
