import { createHash } from "node:crypto";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { deferPlatform, takePlatformLines } from "./book.js";
import * as keys from "./keys.js";
import { moneyTransaction } from "./pooled.js";

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
 * effect: the key is claimed first, under its lock (`keys.claimKeysSql`, the same claim as a batch of
 * `MoneyCalls`), so a concurrent request with the same key waits on it (PGlite runs one transaction at a
 * time) and then answers the stored response. A call that fails rolls back its claim too, so a retry after
 * a refusal is tried again. The answer must be JSON.
 *
 * For calls whose checks and writes are the feature's own steps (deposits, withdrawals, loans, the primary
 * market…); calls that come in numbers (orders, exchanges) go through `MoneyCalls`, which batches them.
 * The platform's side of the entries `run` books on `tx` is settled at the end, in the statements that
 * store the answer (see `book`); on PostgreSQL the claim travels with BEGIN and those statements with
 * COMMIT (`pooled.ts`).
 */
export async function idempotent<T>(
  db: Db,
  clock: Clock,
  call: IdempotentCall,
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  const hash = requestHash(call.request);
  const claim = keys.claimKeysSql(
    [{ owner: call.owner, key: call.key, requestHash: hash, userId: null }],
    clock.now(),
  );
  return moneyTransaction(db, [claim], async (tx, [rows]) => {
    const [claimed] = keys.claimRows(rows ?? []);
    if (!claimed?.claimed) {
      if (claimed?.requestHash !== hash) throw new DomainError("IDEMPOTENCY_CONFLICT");
      return { answer: claimed.response as T, last: [] };
    }
    deferPlatform(tx);
    const answer = await run(tx).catch((error: unknown) => {
      takePlatformLines(tx);
      throw error;
    });
    const lines = takePlatformLines(tx);
    return { answer, last: keys.endSql(lines, [{ owner: call.owner, key: call.key, response: answer }]) };
  });
}
