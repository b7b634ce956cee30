import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { FUNCTIONS_DIR, MIGRATIONS_DIR } from "../paths.js";
import { prepareDataDir, restrictTree } from "./data-dir.js";
import { embeddedClientOf, markEmbedded } from "./embedded.js";
import { applyFunctions, pgliteTransaction, pgTransaction, type FunctionsApplied } from "./functions.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** The database or a transaction on it: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** What the operator should hear about at start (e.g. a DATA_DIR open to other users). */
  warnings: string[];
  /**
   * Applies the committed migrations in order (drizzle's migrator for the driver), then the database
   * functions of db/functions whose files changed (db/functions.ts). `functionsDir` is for tests.
   */
  migrate(options?: MigrateOptions): Promise<FunctionsApplied>;
  close(): Promise<void>;
}

export interface MigrateOptions {
  functionsDir?: string;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** In memory; `from` is a data-folder dump (PGlite `dumpDataDir`) to start from instead of initdb. */
  | { kind: "memory"; from?: Blob };

// Any fixed number: the advisory lock that serialises migrations of processes starting together.
const MIGRATION_LOCK = 7_301_001;

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === "postgres") return openPostgres(target.url);
  const dir = target.kind === "pglite" ? join(target.dataDir, "pglite") : undefined;
  const warnings = target.kind === "pglite" && dir ? prepareDataDir(target.dataDir, dir) : [];
  const client = dir
    ? new PGlite(dir)
    : new PGlite(target.kind === "memory" && target.from ? { loadDataDir: target.from } : {});
  const restrict = () => dir && restrictTree(dir);
  const db = drizzlePglite({ client, schema });
  markEmbedded(db, client);
  return {
    db,
    driver: "pglite",
    warnings,
    async migrate(options) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      const applied = await applyFunctions(pgliteTransaction(client), options?.functionsDir ?? FUNCTIONS_DIR);
      restrict();
      return applied;
    },
    async close() {
      await client.close();
      restrict();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose connection drops (restart, failover) is reported on the pool and replaced;
  // without a listener Node would treat the event as fatal and end the process.
  pool.on("error", (err) => {
    process.stderr.write(
      `${JSON.stringify({ level: 40, msg: "idle PostgreSQL connection failed", err: err.message })}\n`,
    );
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: "postgres",
    warnings: [],
    async migrate(options) {
      // Several processes may start at once against one database; one migrates, the others wait.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
        return await applyFunctions(pgTransaction(lock), options?.functionsDir ?? FUNCTIONS_DIR);
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Whether the embedded database under DATA_DIR has yet to be created (no cluster there yet). */
export function pgliteIsNew(dataDir: string): boolean {
  return !existsSync(join(dataDir, "pglite", "PG_VERSION"));
}

/** Cheap liveness probe for the health check. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw `db.execute` answer: node-postgres answers a result object, PGlite's driver an array. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Runs a statement of fixed text with its parameters straight on the driver's client, past the query
 * builder (for the hottest calls, whose text never changes and whose arguments are built already): the
 * pool on PostgreSQL, PGlite on the embedded database. Answers the rows. Measured on the ledger benchmark
 * (2026-11-24): as a named prepared statement, the batch fill cost PostgreSQL more CPU per exchange (1.24–1.31
 * ms against 1.15–1.16 ms unnamed, two runs each), so it is sent unnamed.
 */
export async function runStatement<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>(text, values)).rows;
  const embedded = embeddedClientOf(db);
  if (embedded) return (await embedded.query<T>(text, values)).rows;
  throw new Error("runStatement needs the database's own handle");
}
