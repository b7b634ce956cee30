import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;

/**
 * Makes DATA_DIR ready for the embedded database: a new one is created owner-only; an existing one is
 * left as the operator made it, but answered with a warning when other users may read or enter it,
 * since the database files (write-ahead log included) hold password hashes. The database's own folder
 * is ours and is always owner-only, which keeps other users out whatever lies inside it.
 */
export function prepareDataDir(dataDir: string, databaseDir: string): string[] {
  const warnings: string[] = [];
  if (existsSync(dataDir)) {
    const mode = statSync(dataDir).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      const octal = mode.toString(8).padStart(4, "0");
      warnings.push(
        `DATA_DIR ${dataDir} is open to other users of this machine (mode ${octal}); it holds the ` +
          `database, password hashes included. Run: chmod -R go-rwx ${dataDir}`,
      );
    }
  } else {
    mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
    chmodSync(dataDir, OWNER_ONLY_DIR);
  }
  mkdirSync(databaseDir, { recursive: true, mode: OWNER_ONLY_DIR });
  chmodSync(databaseDir, OWNER_ONLY_DIR);
  return warnings;
}

/**
 * Sets every folder under `dir` to 0700 and every file to 0600. PGlite creates its files 0666
 * whatever the umask (it copies the modes of its in-memory image), so this runs after it has written
 * (after migrating, at close); files it adds in between are still shut in by their 0700 folders.
 */
export function restrictTree(dir: string): void {
  chmodSync(dir, OWNER_ONLY_DIR);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) restrictTree(path);
    else if (entry.isFile() && (lstatSync(path).mode & 0o077) !== 0) chmodSync(path, OWNER_ONLY_FILE);
  }
}
