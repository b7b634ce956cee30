// Bundles the server into dist/main.js. The workspace packages (@brokerage/*) are TypeScript source and
// are bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = dirname(fileURLToPath(import.meta.url));
const { dependencies = {} } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith("@brokerage/"))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [join(root, "src/main.ts")],
  outfile: join(root, "dist/main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  // For any CommonJS code bundled in that calls require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "info",
});
