import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./index.js";

const scratch = mkdtempSync(join(tmpdir(), "brokerage-data-dir-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every path under `dir` (itself included) whose permission bits are not the expected owner-only ones. */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (mode !== 0o600) {
      loose.push(`${path} ${mode.toString(8)}`);
    }
  };
  visit(dir);
  return loose;
}

describe("DATA_DIR of the embedded database", () => {
  it("is created owner-only, with every folder 0700 and every file 0600, after start and after close", async () => {
    const dataDir = join(scratch, "fresh", "data");
    const database = openDatabase({ kind: "pglite", dataDir });
    expect(database.warnings).toEqual([]);
    await database.migrate();
    await database.db.execute(sql`select count(*) from users`);
    const files = readdirSync(join(dataDir, "pglite"), { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(looseModes(dataDir)).toEqual([]);

    await database.close();
    expect(looseModes(dataDir)).toEqual([]);
  });

  it("warns about an existing DATA_DIR that other users may enter, and still shuts its database folder", async () => {
    const dataDir = join(scratch, "shared");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const database = openDatabase({ kind: "pglite", dataDir });
    try {
      expect(database.warnings).toHaveLength(1);
      expect(database.warnings[0]).toContain("mode 0755");
      expect(database.warnings[0]).toContain(`chmod -R go-rwx ${dataDir}`);
      expect(statSync(join(dataDir, "pglite")).mode & 0o777).toBe(0o700);
    } finally {
      await database.close();
    }
  });
});
