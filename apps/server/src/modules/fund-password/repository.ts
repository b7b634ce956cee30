import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { users } from "../../db/schema/index.js";

/** The fund-password state of one user, with the login password's hash it must differ from. */
export async function findFundPasswordState(tx: Db, userId: string) {
  const [row] = await tx
    .select({
      passwordHash: users.passwordHash,
      fundPasswordHash: users.fundPasswordHash,
      failures: users.fundPasswordFailures,
      lockedUntil: users.fundLockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Sets the first fund password. The `is null` condition makes it set-once under concurrent calls too:
 * false when one was already set (by this call's twin or earlier).
 */
export async function setFundPasswordHashOnce(
  tx: Db,
  params: { userId: string; fundPasswordHash: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ fundPasswordHash: params.fundPasswordHash, fundPasswordFailures: 0, updatedAt: params.now })
    .where(and(eq(users.id, params.userId), isNull(users.fundPasswordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Replaces the fund password if it is still the one the old password was checked against; false when a
 * concurrent change replaced it meanwhile. Clears the failure count.
 */
export async function replaceFundPasswordHash(
  tx: Db,
  params: { userId: string; expectedHash: string; fundPasswordHash: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ fundPasswordHash: params.fundPasswordHash, fundPasswordFailures: 0, updatedAt: params.now })
    .where(and(eq(users.id, params.userId), eq(users.fundPasswordHash, params.expectedHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Counts a wrong fund password in one statement, so parallel failures all count. The one that reaches
 * `maxFailures` locks until `lockUntil` and starts the count again. Both assignments read the row's
 * values from before the update. No row when the user is locked already (by a parallel failure): such
 * an attempt was refused by the lock, not counted.
 */
export async function recordFundPasswordFailure(
  tx: Db,
  params: { userId: string; now: Date; maxFailures: number; lockUntil: Date },
) {
  const reachesLimit = sql`${users.fundPasswordFailures} + 1 >= ${params.maxFailures}`;
  const [row] = await tx
    .update(users)
    .set({
      fundPasswordFailures: sql`case when ${reachesLimit} then 0 else ${users.fundPasswordFailures} + 1 end`,
      fundLockedUntil: sql`case when ${reachesLimit} then ${params.lockUntil.toISOString()}::timestamptz else ${users.fundLockedUntil} end`,
    })
    .where(
      and(
        eq(users.id, params.userId),
        or(isNull(users.fundLockedUntil), lte(users.fundLockedUntil, params.now)),
      ),
    )
    .returning({ failures: users.fundPasswordFailures, lockedUntil: users.fundLockedUntil });
  return row;
}

/** A right fund password: the count of wrong ones in a row starts again (no write when already zero). */
export async function clearFundPasswordFailures(tx: Db, userId: string) {
  await tx
    .update(users)
    .set({ fundPasswordFailures: 0 })
    .where(and(eq(users.id, userId), gt(users.fundPasswordFailures, 0)));
}
