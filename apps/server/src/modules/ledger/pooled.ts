import type { SQL } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { rowsOf, type Db } from "../../db/index.js";

/**
 * A transaction on PostgreSQL whose first statement travels with its BEGIN and whose last with its COMMIT,
 * each pair as one message (a simple-protocol query of two statements): two round trips fewer per call,
 * and, above all, the row locks the last statement takes are released by the COMMIT in the same message,
 * without waiting for this process to read the statement's answer and send COMMIT. That is what keeps the
 * platform's shared accounts (every exchange moves the FX accounts) from being held across a round trip
 * to a busy server.
 *
 * Built from drizzle's own node-postgres session and transaction classes on a pooled connection, so
 * `body` gets the same transaction object `db.transaction` would give (savepoints and all). Parameters of
 * the two travelling statements are written in as literals, escaped by node-postgres (`escapeLiteral`,
 * safe whatever `standard_conforming_strings` is).
 */

interface PooledRoot {
  pool: pg.Pool;
  dialect: PgDialect;
  session: NodePgSession<Record<string, unknown>, never>;
}

/** The pool behind a root database on PostgreSQL; undefined on PGlite and inside a transaction. */
export function pooledRoot(db: Db): PooledRoot | undefined {
  const { session, dialect } = db as unknown as { session?: unknown; dialect: PgDialect };
  if (!(session instanceof NodePgSession)) return undefined;
  const pool = (session as unknown as { client: unknown }).client;
  if (!(pool instanceof pg.Pool)) return undefined;
  return { pool, dialect, session: session as PooledRoot["session"] };
}

/** The statement's text with its parameters written in as escaped literals. */
function inline(dialect: PgDialect, statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return "null";
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "bigint")
      throw new Error(`cannot write a ${typeof value} parameter as a literal`);
    return pg.escapeLiteral(String(value));
  });
}

const rowsOfSecond = (results: unknown): Record<string, unknown>[] => {
  const list = results as pg.QueryResult[];
  const result = Array.isArray(list) ? list[1] : undefined;
  if (!result) throw new Error("the two-statement query answered fewer results");
  return result.rows;
};

/** The connection behind each transaction `pooledTransaction` opened (for `executePrepared`). */
const connections = new WeakMap<Db, { client: pg.PoolClient; dialect: PgDialect }>();
/** Statement text → its prepared statement's name, the same on every connection. */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 200;

/**
 * Runs `statement` inside `tx` and answers its rows. On a connection of `pooledTransaction` it runs as a
 * named prepared statement, parsed and planned once per connection instead of on every call: the booking
 * statements are few shapes, each a CTE that takes PostgreSQL longer to plan than to run. Elsewhere (PGlite,
 * direct transactions) a plain `execute`. Only for statements of a bounded number of shapes (the text, not
 * the values, names the statement); past MAX_PREPARED distinct texts it stops preparing new ones.
 */
export async function executePrepared(tx: Db, statement: SQL): Promise<Record<string, unknown>[]> {
  const pooled = connections.get(tx);
  if (!pooled) return rowsOf(await tx.execute(statement));
  const { sql: text, params } = pooled.dialect.sqlToQuery(statement);
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `ledger_${statementNames.size}`;
    statementNames.set(text, name);
  }
  const result = await pooled.client.query({ ...(name && { name }), text, values: params as unknown[] });
  return result.rows as Record<string, unknown>[];
}

/**
 * Runs `body` in a transaction: `BEGIN; <first>` in one message (its rows go to `body`), then the
 * statements `body` runs, then `<last…>; COMMIT` in one message, `last` being the statements `body` answers
 * (plain COMMIT when none). Anything failing rolls back. Each of `last` must fail by itself when it did
 * not do what it should (their rows are never read).
 */
export async function pooledTransaction<T>(
  root: PooledRoot,
  first: SQL,
  body: (tx: Db, firstRows: Record<string, unknown>[]) => Promise<{ answer: T; last: readonly SQL[] }>,
): Promise<T> {
  const client = await root.pool.connect();
  const { schema, options } = root.session as unknown as { schema: never; options: never };
  const session = new NodePgSession(client, root.dialect, schema, options);
  const tx = new NodePgTransaction(root.dialect, session, schema) as unknown as Db;
  connections.set(tx, { client, dialect: root.dialect });
  let broken: Error | undefined;
  try {
    const firstRows = rowsOfSecond(await client.query(`begin; ${inline(root.dialect, first)}`));
    const { answer, last } = await body(tx, firstRows);
    await client.query([...last.map((statement) => inline(root.dialect, statement)), "commit"].join("; "));
    return answer;
  } catch (error) {
    await client.query("rollback").catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    // A connection that cannot even roll back is dropped rather than handed to the next caller.
    client.release(broken);
  }
}
