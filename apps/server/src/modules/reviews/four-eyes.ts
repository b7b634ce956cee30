import { createHash } from "node:crypto";
import { money } from "@brokerage/core";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";

/**
 * The four-eyes rule of every kind that has a threshold (DESIGN §5a Controls): the threshold is cumulative
 * over a rolling day, so ten requests each at the threshold cannot all pass alone. A feature names the
 * scopes its sums run over (the user, the requesting staff member) and reads its own rows' sums; the
 * scopes are locked here first, so concurrent requests in one scope are counted one after the other.
 */

/** How far back the requests of a scope count towards its threshold. */
export const FOUR_EYES_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A namespace of its own among the application's advisory locks (any fixed number). */
const FOUR_EYES_LOCK_SPACE = 0x46_45_59_45;

/** Whose requests are summed (`user:<id>`, `staff:<id>`), or what is changed (`setting:<key>`). */
export type FourEyesScope = `${"user" | "staff" | "setting"}:${string}`;

/** A stable 32-bit key per scope (PostgreSQL's hashtext is not promised stable across versions). */
function lockKey(scope: FourEyesScope): number {
  return createHash("sha256").update(scope).digest().readInt32BE(0);
}

/**
 * Takes the scopes' transaction locks, in one fixed order (so two transactions sharing scopes cannot
 * deadlock), held until `tx` ends: another transaction locking one of them waits until this one is over,
 * and then reads what it committed.
 */
export async function lockScopes(tx: Db, scopes: readonly FourEyesScope[]): Promise<void> {
  const keys = [...new Set(scopes.map(lockKey))].sort((a, b) => a - b);
  for (const key of keys)
    await tx.execute(sql`select pg_advisory_xact_lock(${FOUR_EYES_LOCK_SPACE}, ${key})`);
}

export interface FourEyesCheck {
  scopes: readonly FourEyesScope[];
  /** The threshold in the request's currency; null: this currency never needs a second approval. */
  threshold: string | null;
  /** The request's amount, absolute. */
  amount: string;
  /**
   * One sum per scope: the absolute amounts already requested in it since `since` (not refused), in the
   * request's currency; read after the scopes are locked, so it counts every request committed before.
   */
  earlier: (since: Date) => Promise<readonly string[]>;
  now: Date;
}

/**
 * Whether the request needs a second approval: the sum of a scope's earlier requests of the last day plus
 * this one goes above the threshold. The scopes are locked first (lockScopes): a concurrent request in
 * one of them waits until this one has committed and then counts it. Lock before the ledger's accounts.
 */
export async function needsSecondApproval(tx: Db, check: FourEyesCheck): Promise<boolean> {
  const { threshold } = check;
  if (threshold === null) return false;
  await lockScopes(tx, check.scopes);
  const sums = await check.earlier(new Date(check.now.getTime() - FOUR_EYES_WINDOW_MS));
  const amount = money(check.amount).abs();
  return sums.some((sum) => amount.plus(sum).greaterThan(threshold));
}
