import { createHash } from "node:crypto";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { SQL } from "drizzle-orm";
import { deferPlatform, takePlatformLines } from "./book.js";
import * as keys from "./keys.js";
import { pooledRoot, pooledTransaction } from "./pooled.js";
import { rowsOf } from "./repository.js";

/** A stable hash of a request's content (keys sorted), the key itself left out by the caller. */
export function requestHash(request: unknown): string {
  return createHash("sha256").update(stableJson(request)).digest("hex");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

export interface IdempotentCall {
  /** Whose key space: `user:<id>` or `staff:<id>`. */
  owner: string;
  key: string;
  /** The request without its key (hashed: the same key with another request is refused). */
  request: unknown;
}

/**
 * Runs a money-moving call once per (owner, key) (DESIGN §5 Idempotency), in one transaction with its
 * effect: the key is claimed first, under its lock (`claimKeySql`), so a concurrent request with the same
 * key waits on it (PGlite runs one transaction at a time) and then answers the stored response. A call that
 * fails rolls back its claim too, so a retry after a refusal is tried again. The answer must be JSON.
 *
 * With `alongside`, the call's first write (claiming the quote it fills, say) runs in the claim's own
 * statement, only when the key was claimed: one round trip fewer.
 *
 * The platform's side of the entries `run` books on `tx` is settled at the end, in the statement that
 * stores the answer (see `book`). On PostgreSQL the claim travels with BEGIN and that last statement with
 * COMMIT (`pooled.ts`): the platform's shared accounts are locked and released within one message.
 */
export async function idempotent<T>(
  db: Db,
  clock: Clock,
  call: IdempotentCall,
  run: (tx: Db, context: CallContext) => Promise<T>,
  options: { alongside?: (claimed: SQL) => SQL } = {},
): Promise<T> {
  const hash = requestHash(call.request);
  const claim = keys.claimKeySql(call.owner, call.key, hash, clock.now(), options.alongside);
  const body = async (tx: Db, rows: Record<string, unknown>[]): Promise<{ answer: T; last: SQL[] }> => {
    const claimed = Number(rows[0]?.keyClaimed) === 1;
    if (!claimed) {
      const stored = await keys.findKey(tx, call.owner, call.key);
      if (!stored || stored.requestHash !== hash) throw new DomainError("IDEMPOTENCY_CONFLICT");
      return { answer: stored.response as T, last: [] };
    }
    deferPlatform(tx);
    const writes: SQL[] = [];
    const context = { atEnd: (statement: SQL) => void writes.push(statement), alongside: rows[0] ?? {} };
    const answer = await run(tx, context).catch((error: unknown) => {
      takePlatformLines(tx);
      throw error;
    });
    const lines = takePlatformLines(tx);
    const end = keys.endSql(lines, { owner: call.owner, key: call.key, response: answer });
    return { answer, last: [...writes, end] };
  };
  const root = pooledRoot(db);
  if (root) return pooledTransaction(root, claim, body);
  return db.transaction(async (tx) => {
    const { answer, last } = await body(tx, rowsOf(await tx.execute(claim)));
    for (const statement of last) await tx.execute(statement);
    return answer;
  });
}

/** What an idempotent call's `run` gets beside its transaction. */
export interface CallContext {
  /** Adds a write to the end of the call (see `AtEnd`). */
  atEnd: AtEnd;
  /**
   * The row of the `alongside` write that ran with the key's claim (options of `idempotent`): its
   * RETURNING columns, null when it matched nothing; an empty object without one.
   */
  alongside: Record<string, unknown>;
}

/**
 * Adds a write to the end of an idempotent call, run just before its answer is stored: a write whose rows
 * the call does not need (linking a row to the entry it booked, say). On PostgreSQL it travels with the
 * COMMIT, so it costs no round trip of its own; like every end statement it must fail by itself when it
 * did not do what it should.
 */
export type AtEnd = (statement: SQL) => void;
