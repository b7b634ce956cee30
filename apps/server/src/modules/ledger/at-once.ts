/**
 * What a money-moving call done in one database function answered (`exchange_fill_together`,
 * `order_place_together`): the answer (done now, or stored under its idempotency key before), or
 * `fallback` when the call must run its general path in steps (an account it books on does not exist yet:
 * only `book` creates accounts).
 *
 * Such a function takes the idempotency key's lock and reads the key first (`ledger_key`, migration
 * 0011), and writes the key once, with its answer, at its end: a key used before answers its stored
 * answer, IDEMPOTENCY_CONFLICT when that was another request.
 */
export type AtOnce<T> = { answer: T } | { fallback: true };

/** Whether the error (or one it wraps) is the unique violation of an idempotency key. */
export function keyTaken(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "idempotency_keys_owner_key_pk") return true;
  }
  return false;
}
