import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

/**
 * Boundaries between feature folders, as import-x/no-restricted-paths zones (bulletproof-react's pattern).
 * Each folder under `dir` (relative to the repository) is one feature: the other features, and the
 * `outside` folders (the app shell above them), may use it only through its public entries: its index.ts
 * and what `extraPublic(name)` lists; `outsideMayAlsoUse` names feature subfolders the outside folders
 * may import as well. import-x expresses "except the index" itself, as a zone's `except` may name single
 * files: no second plugin (eslint-plugin-boundaries) or hand-kept no-restricted-imports patterns. The
 * server's modules (apps/server/src/modules/<name>/index.ts) take their zones from this function too.
 */
function featureZones(dir, { extraPublic = () => [], outside = [], outsideMayAlsoUse = [] } = {}) {
  const names = readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const publicOf = (name) => [`./${name}/index.ts`, ...extraPublic(name).map((file) => `./${name}/${file}`)];
  const message = `Use another feature through its index.ts (export what others need there), or move a piece that is no one feature's down to a shared folder.`;
  return [
    ...names.map((name) => ({
      target: `./${dir}/${name}`,
      from: `./${dir}`,
      except: [`./${name}`, ...names.filter((other) => other !== name).flatMap(publicOf)],
      message,
    })),
    ...outside.map((target) => ({
      target,
      from: `./${dir}`,
      except: [
        ...names.flatMap(publicOf),
        ...names.flatMap((name) => outsideMayAlsoUse.map((sub) => `./${name}/${sub}`)),
      ],
      message,
    })),
  ];
}

const WEB = "apps/web/src";
/** A feature's stylesheet at its root: index.ts cannot re-export CSS (see the web block below). */
const webStylesheets = (name) =>
  readdirSync(join(repoRoot, WEB, "features", name)).filter((file) => file.endsWith(".css"));
const webZones = (outsideMayAlsoUse) => [
  ...featureZones(`${WEB}/features`, {
    extraPublic: webStylesheets,
    outside: [`./${WEB}/app`, `./${WEB}/admin`],
    outsideMayAlsoUse,
  }),
  // One way down: the shared layers know neither the features nor the app shell.
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: [`./${WEB}/features`, `./${WEB}/app`, `./${WEB}/admin`],
    message: "components/ and lib/ are shared by every feature: they import no feature and no app code.",
  },
];

const SERVER = "apps/server/src";
const serverZones = (testHelpers) => featureZones(`${SERVER}/modules`, { extraPublic: () => testHelpers });
/** One way down: lib/ and db/ are what the modules share, so they import no module. */
const serverLayers = {
  target: [`./${SERVER}/lib`, `./${SERVER}/db`],
  from: `./${SERVER}/modules`,
  message: "lib/ and db/ are shared by every module: they import no module.",
};

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
    // Import rules for the apps: how import-x reads and resolves the TypeScript sources. Each app's
    // boundaries follow in a block of its own.
    files: ["apps/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      // The workspace packages import no app (their own lint block says so), so no cycle passes through
      // them: import-x does not parse them while following an app's imports.
      "import-x/ignore": ["/packages/(api|core)/"],
      // The server imports its TypeScript sources by their built names (`./service.js`, NodeNext).
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".json"],
          extensionAlias: { ".js": [".ts", ".js"] },
        }),
      ],
    },
  },
  {
    // Feature boundaries and import cycles of the web app. Features are used only through their index.ts,
    // with one more public entry each: the stylesheet at its root. A screen imports the stylesheets whose
    // classes it uses, and index.ts cannot carry CSS: an `import "./x.css"` there would become a side
    // effect of every import of the index and pull the stylesheet into any chunk that wants a query key.
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: repoRoot, zones: webZones([]) }],
      // Only static cycles count: the route tables import every screen lazily and screens use the route
      // helpers, and a cycle through a lazy import() is evaluated after both of its modules.
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // The route tables load every screen lazily (`() => import(".../screens/XScreen")`), one chunk per
    // screen. Re-exporting screens from a feature's index.ts would make them eager for every importer of
    // the index, so these two files alone may name a feature's screen modules directly.
    files: [`${WEB}/app/screens.ts`, `${WEB}/app/routes.ts`],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: repoRoot, zones: webZones(["screens"]) }],
    },
  },
  {
    // A test may render another feature's screen to check where two features meet (the day-trading
    // switch on the order screen, the offers on the home tabs); tests are never bundled.
    files: [`${WEB}/**/*.test.{ts,tsx}`],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // Module boundaries and import cycles of the server: a module is used by the others only through its
    // index.ts. The composition root above the modules (app.ts, main.ts, index.ts, cli/) is not a zone: it
    // registers each module's plugins and routes files directly, as the web's route tables name screens.
    files: [`${SERVER}/**/*.ts`],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: repoRoot, zones: [...serverZones([]), serverLayers] },
      ],
      // As on the web, only static cycles count: a cycle through an import() is evaluated after both modules.
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // A module's testing.ts (its HTTP test helpers) is public to tests: another module's tests, and the
    // testing.ts helpers built on it, may import it; code that runs in the server never does. A test of
    // lib/ or db/ may set up its data through a module (db/embedded.test.ts reads a user's profile).
    files: [`${SERVER}/**/*.test.ts`, `${SERVER}/modules/*/testing.ts`],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: repoRoot, zones: serverZones(["testing.ts"]) }],
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
