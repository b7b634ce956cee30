import type { SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";

/**
 * What a money-moving call done in one database function answered (`exchange_fill_together`,
 * `order_place`): the answer (done now, or stored under its idempotency key before), or `fallback` when the
 * call must run its general path in steps (an account it books on does not exist yet: only `book` creates
 * accounts).
 */
export type AtOnce<T> = { answer: T } | { fallback: true };

/**
 * Runs such a function's statement, in autocommit (one round trip: its locks end with its own commit). The
 * function takes the idempotency key's lock and reads the key first (`ledger_key`, migration 0011), and
 * writes the key once, with its answer, at its end: a key used before answers its stored answer,
 * IDEMPOTENCY_CONFLICT when that was another request. Its refusals raise `<name>:<reason>` (detail: what
 * the refusal says beside), so PostgreSQL rolls the whole call back; `refusal` turns each into the
 * caller's error, or asks for the general path. So does a key found written at the end after all (a
 * writer that did not take the key's lock: none should): the call is rolled back and the general path
 * answers the key's answer.
 */
export async function callAtOnce<T>(
  db: Db,
  statement: SQL,
  call: { name: string; requestHash: string },
  refusal: (reason: string, detail: string | undefined) => DomainError | "fallback",
): Promise<AtOnce<T>> {
  let row: { outcome: string; response: unknown; requestHash: string } | undefined;
  try {
    row = rowsOf<{ outcome: string; response: unknown; requestHash: string }>(await db.execute(statement))[0];
  } catch (error) {
    if (keyTaken(error)) return { fallback: true };
    const raised = raisedBy(error, `${call.name}:`);
    if (!raised) throw error;
    const answer = refusal(raised.reason, raised.detail);
    if (answer === "fallback") return { fallback: true };
    throw answer;
  }
  if (!row) throw new Error(`${call.name} answered no row`);
  if (row.outcome === "stored" && row.requestHash !== call.requestHash)
    throw new DomainError("IDEMPOTENCY_CONFLICT");
  const answer = typeof row.response === "string" ? JSON.parse(row.response) : row.response;
  return { answer: answer as T };
}

/** The reason and detail of an exception the function raised (the driver's error, or one wrapping it). */
function raisedBy(
  error: unknown,
  prefix: string,
): { reason: string; detail: string | undefined } | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (e.message.startsWith(prefix))
      return { reason: e.message.slice(prefix.length), detail: (e as { detail?: string }).detail };
  return undefined;
}

/** Whether the error (or one it wraps) is the unique violation of an idempotency key. */
export function keyTaken(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "idempotency_keys_owner_key_pk") return true;
  }
  return false;
}
