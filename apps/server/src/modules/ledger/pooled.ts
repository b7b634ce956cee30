import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { rowsOf, type Db } from "../../db/index.js";
import * as schema from "../../db/schema/index.js";

/**
 * A transaction on PostgreSQL whose first statement travels with its BEGIN and whose last statements with
 * its COMMIT, each group as one message (a simple-protocol query of several statements): two round trips
 * fewer per call, and, above all, the row locks the last statements take are released by the COMMIT in the
 * same message, without waiting for this process to read their answer and send COMMIT. That is what keeps
 * the platform's shared accounts (every exchange moves the FX accounts) from being held across a round trip
 * to a busy server.
 *
 * The transaction's statements run on one pooled connection, through a drizzle database made on that
 * connection with drizzle's public API (`drizzle({ client })`; the pool comes from the root database's
 * `$client`). Parameters of the travelling statements are written in as literals, escaped by node-postgres
 * (`escapeLiteral`, safe whatever `standard_conforming_strings` is).
 */

const dialect = new PgDialect();

/** The pool behind a root database on PostgreSQL; undefined on PGlite. */
export function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** The statement's text with its parameters written in as escaped literals. */
function inline(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return "null";
    if (
      typeof value !== "string" &&
      typeof value !== "number" &&
      typeof value !== "bigint" &&
      typeof value !== "boolean"
    )
      throw new Error(`cannot write a ${typeof value} parameter as a literal`);
    return pg.escapeLiteral(String(value));
  });
}

/** The rows of each of `count` statements sent after BEGIN in one message (its first result is BEGIN's). */
const rowsAfterBegin = (results: unknown, count: number): Record<string, unknown>[][] => {
  const list = results as pg.QueryResult[];
  if (!Array.isArray(list) || list.length !== count + 1)
    throw new Error(
      `the first message answered ${Array.isArray(list) ? list.length : 1} results of ${count + 1}`,
    );
  return list.slice(1).map((result) => result.rows);
};

/** The drizzle database on each pooled connection (made once per connection; the pool reuses them). */
const onConnection = new WeakMap<pg.PoolClient, Db>();
/** The connection behind each transaction `pooledTransaction` opened (for `executePrepared`). */
const connections = new WeakMap<Db, pg.PoolClient>();
/** Statement text → its prepared statement's name, the same on every connection. */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 200;

function databaseOn(client: pg.PoolClient): Db {
  let tx = onConnection.get(client);
  if (!tx) {
    const made = drizzle({ client, schema }) as unknown as Db;
    // The transaction is already open: a nested `transaction` would send BEGIN and its COMMIT would end it.
    tx = Object.assign(made, {
      transaction: () => {
        throw new Error("a money call's transaction cannot open another one");
      },
    });
    onConnection.set(client, tx);
    connections.set(tx, client);
  }
  return tx;
}

/**
 * Runs `statement` inside `tx` and answers its rows. On a connection of `pooledTransaction` it runs as a
 * named prepared statement, parsed and planned once per connection instead of on every call: the booking
 * statements are few shapes, each taking PostgreSQL longer to plan than to run. Elsewhere (PGlite, direct
 * transactions) a plain `execute`. Only for statements of a bounded number of shapes (the text, not the
 * values, names the statement); past MAX_PREPARED distinct texts it stops preparing new ones.
 */
export async function executePrepared(tx: Db, statement: SQL): Promise<Record<string, unknown>[]> {
  const client = connections.get(tx);
  if (!client) return rowsOf(await tx.execute(statement));
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `ledger_${statementNames.size}`;
    statementNames.set(text, name);
  }
  const result = await client.query({ ...(name && { name }), text, values: params as unknown[] });
  return result.rows as Record<string, unknown>[];
}

/**
 * Runs a statement of fixed text with its parameters (`$1`, `$2` …) inside `tx`, as `executePrepared` runs
 * a built one, without building it each time: for the booking statement of every batch. Elsewhere than on
 * a connection of `pooledTransaction` the text is turned into a drizzle statement with the same parameters.
 */
export async function executeText(
  tx: Db,
  text: string,
  values: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  const client = connections.get(tx);
  if (!client) return rowsOf(await tx.execute(textStatement(text, values)));
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `ledger_${statementNames.size}`;
    statementNames.set(text, name);
  }
  const result = await client.query({ ...(name && { name }), text, values: values as unknown[] });
  return result.rows as Record<string, unknown>[];
}

/** A statement of fixed text with its parameters (`$1`, `$2` …) as a drizzle statement. */
export function textStatement(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}

/**
 * Runs `body` in a transaction: `BEGIN; <first…>` in one message (each one's rows go to `body`), then the
 * statements `body` runs, then `<last…>; COMMIT` in one message, `last` being the statements `body` answers
 * (plain COMMIT when none). Anything failing rolls back. Each of `last` must fail by itself when it did
 * not do what it should (their rows are never read).
 */
export async function pooledTransaction<T>(
  pool: pg.Pool,
  first: readonly SQL[],
  body: (tx: Db, firstRows: Record<string, unknown>[][]) => Promise<{ answer: T; last: readonly SQL[] }>,
): Promise<T> {
  const client = await pool.connect();
  const tx = databaseOn(client);
  let broken: Error | undefined;
  try {
    const firstRows = rowsAfterBegin(
      await client.query(["begin", ...first.map(inline)].join("; ")),
      first.length,
    );
    const { answer, last } = await body(tx, firstRows);
    await client.query([...last.map(inline), "commit"].join("; "));
    return answer;
  } catch (error) {
    await client.query("rollback").catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    // A connection that cannot even roll back is dropped rather than handed to the next caller.
    client.release(broken);
  }
}

/**
 * Runs a money call's transaction: on PostgreSQL with `pooledTransaction` (first statement with BEGIN, last
 * ones with COMMIT); on PGlite as a drizzle transaction running the same statements in turn.
 */
export async function moneyTransaction<T>(
  db: Db,
  first: readonly SQL[],
  body: (tx: Db, firstRows: Record<string, unknown>[][]) => Promise<{ answer: T; last: readonly SQL[] }>,
): Promise<T> {
  const pool = poolOf(db);
  if (pool) return pooledTransaction(pool, first, body);
  return db.transaction(async (tx) => {
    const firstRows: Record<string, unknown>[][] = [];
    for (const statement of first) firstRows.push(rowsOf(await tx.execute(statement)));
    const { answer, last } = await body(tx, firstRows);
    for (const statement of last) await tx.execute(statement);
    return answer;
  });
}
