import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/helper.js";
import { FUNCTIONS_DIR } from "../paths.js";
import { readFunctionFiles } from "./functions.js";
import { openDatabase, rowsOf, type Database } from "./index.js";

/** What PostgreSQL prints and what a file holds, told apart only by line ends, end spaces and the `;`. */
function normalised(definition: string): string {
  return definition
    .replaceAll("\r\n", "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim()
    .replace(/;$/, "")
    .trimEnd();
}

/** Every function of the public schema as PostgreSQL prints it, by name (a list: overloads show). */
async function definitions(database: Database): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ name: string; definition: string }>(
    await database.db.execute(sql`
      select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by p.proname, p.oid`),
  );
  const byName = new Map<string, string[]>();
  for (const { name, definition } of rows)
    byName.set(name, [...(byName.get(name) ?? []), normalised(definition)]);
  return byName;
}

/** How the database's functions differ from the folder's files: empty when they are the same. */
async function drift(database: Database, dir: string): Promise<string[]> {
  const inDatabase = await definitions(database);
  const files = new Map(readFunctionFiles(dir).map((f) => [f.name, normalised(f.text)]));
  const problems: string[] = [];
  for (const [name, defined] of inDatabase) {
    const file = files.get(name);
    if (file === undefined) problems.push(`${name}: in the database, no ${name}.sql`);
    else if (defined.length !== 1) problems.push(`${name}: ${defined.length} overloads, one file`);
    else if (defined[0] !== file) problems.push(`${name}: the database has\n${defined[0]};\n`);
  }
  for (const name of files.keys())
    if (!inDatabase.has(name)) problems.push(`${name}: a file, not in the database`);
  return problems;
}

async function recorded(database: Database) {
  const rows = rowsOf<{ name: string; checksum: string; applied_at: unknown }>(
    await database.db.execute(
      sql`select name, checksum, applied_at::text from drizzle.db_functions order by name collate "C"`,
    ),
  );
  return new Map(rows.map((r) => [r.name, { checksum: r.checksum, appliedAt: String(r.applied_at) }]));
}

async function definitionOf(database: Database, name: string): Promise<string | undefined> {
  return (await definitions(database)).get(name)?.join("\n");
}

let database: Database;
let drop: () => Promise<void>;
let dir: string;
beforeEach(async () => {
  ({ database, drop } = await openTestDatabase());
  dir = mkdtempSync(join(tmpdir(), "db-functions-"));
  cpSync(FUNCTIONS_DIR, dir, { recursive: true });
});
afterEach(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const edit = (name: string, change: (text: string) => string) => {
  const path = join(dir, `${name}.sql`);
  writeFileSync(path, change(readFileSync(path, "utf8")));
};
const probe = (args: string, returns: string, body: string) =>
  `CREATE OR REPLACE FUNCTION public.probe(${args})\n RETURNS ${returns}\n LANGUAGE sql\nAS $function$ ${body} $function$;\n`;

describe("database functions as source files", () => {
  it("a migrated database has exactly the folder's functions, and a stray or changed one shows", async () => {
    expect(await drift(database, FUNCTIONS_DIR)).toEqual([]);
    expect((await definitions(database)).size).toBeGreaterThanOrEqual(7);

    await database.db.execute(sql.raw(probe("p_a integer", "integer", "SELECT p_a")));
    await database.db.execute(
      sql.raw(readFileSync(join(FUNCTIONS_DIR, "ledger_key_lock.sql"), "utf8").replace("'/'", "':'")),
    );
    expect(await drift(database, FUNCTIONS_DIR)).toEqual([
      expect.stringMatching(/^ledger_key_lock: the database has\n.*':'/s),
      "probe: in the database, no probe.sql",
    ]);
  });

  it("applies a changed file on the next start and leaves the unchanged ones alone", async () => {
    expect(await database.migrate({ functionsDir: dir })).toEqual({ applied: [], dropped: [] });
    const before = await recorded(database);
    expect([...before.keys()]).toEqual(readFunctionFiles(dir).map((f) => f.name));

    edit("users_changed_notify", (text) =>
      text.replace("  RETURN NULL;", "  -- changed by the test\n  RETURN NULL;"),
    );
    expect(await database.migrate({ functionsDir: dir })).toEqual({
      applied: ["users_changed_notify"],
      dropped: [],
    });
    expect(await definitionOf(database, "users_changed_notify")).toContain("-- changed by the test");
    expect(await drift(database, dir)).toEqual([]);

    const after = await recorded(database);
    for (const [name, row] of before) {
      if (name === "users_changed_notify") expect(after.get(name)?.checksum).not.toBe(row.checksum);
      else expect(after.get(name)).toEqual(row);
    }
    expect(await database.migrate({ functionsDir: dir })).toEqual({ applied: [], dropped: [] });
  });

  it("drops the function of a removed file, but not one a trigger still uses, and then changes nothing", async () => {
    rmSync(join(dir, "ledger_settle_platform.sql"));
    expect(await database.migrate({ functionsDir: dir })).toEqual({
      applied: [],
      dropped: ["ledger_settle_platform"],
    });
    expect(await definitionOf(database, "ledger_settle_platform")).toBeUndefined();
    expect((await recorded(database)).has("ledger_settle_platform")).toBe(false);

    rmSync(join(dir, "users_changed_notify.sql"));
    edit("ledger_key_lock", (text) => text.replace("'/'", "':'"));
    await expect(database.migrate({ functionsDir: dir })).rejects.toThrow(
      /cannot drop function users_changed_notify\(\).*trigger users_changed/s,
    );
    expect(await definitionOf(database, "users_changed_notify")).toBeDefined();
    expect(await definitionOf(database, "ledger_key_lock")).toContain("'/'");
  });

  it("creates again a function dropped by hand, though its file did not change", async () => {
    await database.db.execute(sql.raw("drop function ledger_settle_platform"));
    expect(await database.migrate({ functionsDir: dir })).toEqual({
      applied: ["ledger_settle_platform"],
      dropped: [],
    });
    expect(await drift(database, dir)).toEqual([]);
  });

  it("replaces a function whose parameters or result change, keeping no old overload", async () => {
    writeFileSync(join(dir, "probe.sql"), probe("p_a integer", "integer", "SELECT p_a"));
    expect(await database.migrate({ functionsDir: dir })).toEqual({ applied: ["probe"], dropped: [] });

    writeFileSync(join(dir, "probe.sql"), probe("p_a integer, p_b integer", "integer", "SELECT p_a + p_b"));
    expect((await database.migrate({ functionsDir: dir })).applied).toEqual(["probe"]);
    expect(await drift(database, dir)).toEqual([]);

    writeFileSync(
      join(dir, "probe.sql"),
      probe("p_a integer, p_b integer", "text", "SELECT (p_a + p_b)::text"),
    );
    expect((await database.migrate({ functionsDir: dir })).applied).toEqual(["probe"]);
    expect(await drift(database, dir)).toEqual([]);
    const [answer] = rowsOf<{ sum: string }>(await database.db.execute(sql`select probe(2, 3) as sum`));
    expect(answer?.sum).toBe("5");
  });

  it("applies files in the order their functions need, and refuses a file that defines another name", async () => {
    writeFileSync(
      join(dir, "a_caller.sql"),
      probe("", "integer", "SELECT public.z_callee() + 1").replaceAll("probe", "a_caller"),
    );
    writeFileSync(
      join(dir, "z_callee.sql"),
      probe("", "integer", "SELECT 41").replaceAll("probe", "z_callee"),
    );
    expect((await database.migrate({ functionsDir: dir })).applied).toEqual(["a_caller", "z_callee"]);
    const [answer] = rowsOf<{ n: number }>(await database.db.execute(sql`select a_caller() as n`));
    expect(answer?.n).toBe(42);

    writeFileSync(join(dir, "misnamed.sql"), probe("", "integer", "SELECT 1"));
    await expect(database.migrate({ functionsDir: dir })).rejects.toThrow(
      /misnamed\.sql: it creates no function named misnamed/,
    );
    expect(await definitionOf(database, "probe")).toBeUndefined();
    writeFileSync(join(dir, "Bad-Name.sql"), "");
    await expect(database.migrate({ functionsDir: dir })).rejects.toThrow(
      /Bad-Name\.sql: a function's file is named/,
    );
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "applies a changed file once when processes start together (the migration lock)",
    async () => {
      edit("ledger_key_lock", (text) => text.replace("'/'", "':'"));
      const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const others = [openDatabase({ kind: "postgres", url }), openDatabase({ kind: "postgres", url })];
      try {
        const results = await Promise.all(others.map((d) => d.migrate({ functionsDir: dir })));
        expect(results.flatMap((r) => r.applied)).toEqual(["ledger_key_lock"]);
        expect(await drift(database, dir)).toEqual([]);
      } finally {
        await Promise.all(others.map((d) => d.close()));
      }
    },
  );
});
