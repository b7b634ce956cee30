import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's root folder, found by walking up to its package.json, so the same code finds
 * `drizzle/`, `db/functions/` and `public/` whether it runs from src/ (tests, dev) or from the bundled dist/main.js.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "@brokerage/server") return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find the @brokerage/server package root");
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot();
export const MIGRATIONS_DIR = join(PACKAGE_ROOT, "drizzle");
export const FUNCTIONS_DIR = join(PACKAGE_ROOT, "db", "functions");
export const PUBLIC_DIR = join(PACKAGE_ROOT, "public");
export const DEFAULT_WEB_DIST = join(PACKAGE_ROOT, "..", "web", "dist");
