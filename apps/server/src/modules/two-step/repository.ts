import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { users } from "../../db/schema/index.js";

/** A user's two-step log-in state, with the login password's hash that turning it off asks for. */
export async function findTwoStepState(tx: Db, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
      totpRecoveryHashes: users.totpRecoveryHashes,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Starts (or restarts) an enrolment: a new secret, not yet asked for at log-in. False once it is on. */
export async function startEnrolment(tx: Db, params: { userId: string; secret: string; now: Date }) {
  const rows = await tx
    .update(users)
    .set({ totpSecret: params.secret, totpLastStep: null, updatedAt: params.now })
    .where(and(eq(users.id, params.userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Records a TOTP step of `secret` as used, only if it is later than the last one: of two requests
 * carrying the same code at once, exactly one gets `true`.
 */
export async function claimStep(tx: Db, params: { userId: string; secret: string; step: number }) {
  const rows = await tx
    .update(users)
    .set({ totpLastStep: params.step })
    .where(
      and(
        eq(users.id, params.userId),
        eq(users.totpSecret, params.secret),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, params.step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Takes one recovery code's hash out of the stored ones, in one statement: of two requests spending
 * the same code at once, exactly one gets `true`, and two different codes spent at once both count.
 */
export async function spendRecoveryHash(tx: Db, params: { userId: string; hash: string }) {
  const rows = await tx
    .update(users)
    .set({ totpRecoveryHashes: sql`${users.totpRecoveryHashes} - ${params.hash}::text` })
    .where(
      and(
        eq(users.id, params.userId),
        isNotNull(users.totpEnabledAt),
        sql`jsonb_exists(${users.totpRecoveryHashes}, ${params.hash}::text)`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns two-step log-in on for the secret that was confirmed, unless it was replaced meanwhile. */
export async function enable(
  tx: Db,
  params: { userId: string; secret: string; recoveryHashes: string[]; now: Date },
) {
  const rows = await tx
    .update(users)
    .set({ totpEnabledAt: params.now, totpRecoveryHashes: params.recoveryHashes, updatedAt: params.now })
    .where(and(eq(users.id, params.userId), eq(users.totpSecret, params.secret), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns two-step log-in off and forgets the secret and the recovery codes; false when it was not on. */
export async function disable(tx: Db, params: { userId: string; secret: string; now: Date }) {
  const rows = await tx
    .update(users)
    .set({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      totpRecoveryHashes: [],
      updatedAt: params.now,
    })
    .where(
      and(eq(users.id, params.userId), eq(users.totpSecret, params.secret), isNotNull(users.totpEnabledAt)),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}
