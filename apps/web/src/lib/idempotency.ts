/**
 * A fresh idempotency key (DESIGN §4: 8–64 of `[A-Za-z0-9_-]`) for one money-moving request: its retries
 * send the same key, so the server moves the money once however often the request arrives.
 */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
