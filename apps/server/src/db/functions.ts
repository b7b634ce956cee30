import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * The database functions as source files (db/functions/<name>.sql, each `CREATE OR REPLACE FUNCTION`),
 * applied after the versioned migrations whenever a file's checksum differs from the one recorded, the
 * way Flyway applies repeatable migrations. The folder is the whole set of the public schema's functions:
 * a function without a file is dropped, and a file's old overloads go when its signature changes, so an
 * existing database ends up with what a fresh one has (db/functions/README.md says why).
 */

export interface FunctionFile {
  name: string;
  path: string;
  text: string;
  checksum: string;
}

export interface FunctionsApplied {
  /** Files run because they changed, were new, or their function was missing. */
  applied: string[];
  /** Functions dropped because their file is gone. */
  dropped: string[];
}

/** One statement with parameters, or (no parameters) a script; answers the rows of the last statement. */
export type Run = <T>(text: string, params?: unknown[]) => Promise<T[]>;
/** Runs `work` in one transaction on one connection, rolled back if it throws. */
export type InTransaction = <R>(work: (run: Run) => Promise<R>) => Promise<R>;

const FILE_NAME = /^([a-z_][a-z0-9_]*)\.sql$/;

export function readFunctionFiles(dir: string): FunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const path = join(dir, file);
      const name = FILE_NAME.exec(file)?.[1];
      if (!name) throw new Error(`${path}: a function's file is named <function_name>.sql, in lower case`);
      const text = readFileSync(path, "utf8");
      return { name, path, text, checksum: createHash("sha256").update(text).digest("hex") };
    });
}

// Functions an extension installed belong to the extension, not to the folder.
const PUBLIC_FUNCTIONS = `
  select p.proname as name, p.oid::regprocedure::text as signature, p.xmin::text as version
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

interface Overload {
  name: string;
  signature: string;
  version: string;
}

export async function applyFunctions(transaction: InTransaction, dir: string): Promise<FunctionsApplied> {
  const files = readFunctionFiles(dir);
  const names = new Set(files.map((f) => f.name));
  return transaction(async (run) => {
    await run("create schema if not exists drizzle");
    await run(`create table if not exists drizzle.db_functions (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`);
    const recorded = new Map(
      (await run<{ name: string; checksum: string }>("select name, checksum from drizzle.db_functions")).map(
        (r) => [r.name, r.checksum],
      ),
    );
    const present = new Set((await run<Overload>(PUBLIC_FUNCTIONS)).map((o) => o.name));
    // A function dropped by hand is created again: the file, not the record, says what should exist.
    const pending = files.filter((f) => recorded.get(f.name) !== f.checksum || !present.has(f.name));
    const orphans = [...present].filter((name) => !names.has(name)).sort();

    await applyInAnyOrder(run, pending);
    for (const name of orphans) await dropAll(run, name, `it has no file in ${dir}`);
    for (const file of pending) {
      await run(
        `insert into drizzle.db_functions (name, checksum, applied_at) values ($1, $2, now())
         on conflict (name) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
        [file.name, file.checksum],
      );
    }
    await run("delete from drizzle.db_functions where not (name = any($1::text[]))", [[...names]]);
    return { applied: pending.map((f) => f.name), dropped: orphans };
  });
}

/**
 * A SQL-language function is checked against the functions it calls when it is created, so a file may
 * need another that sorts after it: files that fail are tried again after the others, until a round
 * creates nothing (then the first error is the one to read).
 */
async function applyInAnyOrder(run: Run, files: FunctionFile[]): Promise<void> {
  let queue = files;
  while (queue.length > 0) {
    const failed: { file: FunctionFile; error: unknown }[] = [];
    for (const file of queue) {
      await run("savepoint db_function");
      try {
        await applyFile(run, file);
        await run("release savepoint db_function");
      } catch (error) {
        await run("rollback to savepoint db_function");
        failed.push({ file, error });
      }
    }
    const first = failed[0];
    if (first && failed.length === queue.length) {
      throw new Error(`${first.file.path}: ${messageOf(first.error)}`, { cause: first.error });
    }
    queue = failed.map((f) => f.file);
  }
}

async function applyFile(run: Run, file: FunctionFile): Promise<void> {
  const before = await overloadsOf(run, file.name);
  await run("savepoint db_function_replace");
  try {
    await run(file.text);
  } catch (error) {
    // CREATE OR REPLACE cannot change a result type or rename a parameter; the file is the definition.
    if (codeOf(error) !== "42P13" || before.length === 0) throw error;
    await run("rollback to savepoint db_function_replace");
    await dropAll(run, file.name, "its new definition cannot replace the old one in place");
    await run(file.text);
  }
  await run("release savepoint db_function_replace");
  // Creating or replacing a function writes its catalog row anew, so its row version tells what the file made.
  const made = (o: Overload) => !before.some((b) => b.signature === o.signature && b.version === o.version);
  const after = await overloadsOf(run, file.name);
  if (!after.some(made)) throw new Error(`it creates no function named ${file.name}`);
  for (const stale of after.filter((o) => !made(o))) await run(`drop function ${stale.signature}`);
}

async function overloadsOf(run: Run, name: string): Promise<Overload[]> {
  return run<Overload>(`${PUBLIC_FUNCTIONS} and p.proname = $1`, [name]);
}

/** Without CASCADE: a trigger (or anything else) still using the function stops the start instead. */
async function dropAll(run: Run, name: string, why: string): Promise<void> {
  for (const { signature } of await overloadsOf(run, name)) {
    try {
      await run(`drop function ${signature}`);
    } catch (error) {
      throw new Error(`cannot drop function ${signature} (${why}): ${messageOf(error)}`, { cause: error });
    }
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
/** PostgreSQL names what depends on a function in the error's detail, not in its message. */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { detail } = error as { detail?: unknown };
  return typeof detail === "string" && detail ? `${error.message} (${detail})` : error.message;
}

export function pgliteTransaction(client: PGlite): InTransaction {
  return (work) =>
    client.transaction((tx) =>
      work(async <T>(text: string, params?: unknown[]) =>
        params ? (await tx.query<T>(text, params)).rows : (((await tx.exec(text)).at(-1)?.rows ?? []) as T[]),
      ),
    );
}

/** On the connection that holds the migration lock, so the folder is applied under it. */
export function pgTransaction(client: pg.PoolClient): InTransaction {
  return async (work) => {
    await client.query("begin");
    try {
      const result = await work(async <T>(text: string, params?: unknown[]) => {
        const answer = (await client.query(text, params)) as pg.QueryResult | pg.QueryResult[];
        return (Array.isArray(answer) ? (answer.at(-1)?.rows ?? []) : answer.rows) as T[];
      });
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    }
  };
}
