import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { adminSessions, adminUsers } from "../../db/schema/index.js";

/** Staff accounts match regardless of case (the unique index is on lower(account)). */
export async function findStaffByAccount(tx: Db, account: string) {
  const [row] = await tx
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.account}) = lower(${account})`)
    .limit(1);
  return row;
}

export async function findStaffById(tx: Db, id: string) {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

export async function insertStaffSession(tx: Db, values: typeof adminSessions.$inferInsert) {
  const [row] = await tx.insert(adminSessions).values(values).returning({ id: adminSessions.id });
  if (!row) throw new Error("insert into admin_sessions returned no row");
  return row;
}

/** The session of a token hash with what a request needs of its staff account. */
export async function findStaffSessionByTokenHash(tx: Db, tokenHash: string) {
  const [row] = await tx
    .select({
      session: adminSessions,
      account: adminUsers.account,
      role: adminUsers.role,
      disabled: adminUsers.disabled,
      totpEnabled: sql<boolean>`${adminUsers.totpEnabledAt} is not null`,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(eq(adminSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchStaffSession(tx: Db, params: { id: string; now: Date; idleExpiresAt: Date }) {
  await tx
    .update(adminSessions)
    .set({ lastSeenAt: params.now, idleExpiresAt: params.idleExpiresAt })
    .where(eq(adminSessions.id, params.id));
}

export async function revokeStaffSession(tx: Db, params: { id: string; adminUserId: string; now: Date }) {
  await tx
    .update(adminSessions)
    .set({ revokedAt: params.now })
    .where(
      and(
        eq(adminSessions.id, params.id),
        eq(adminSessions.adminUserId, params.adminUserId),
        isNull(adminSessions.revokedAt),
      ),
    );
}

export async function revokeAllStaffSessions(tx: Db, params: { adminUserId: string; now: Date }) {
  await tx
    .update(adminSessions)
    .set({ revokedAt: params.now })
    .where(and(eq(adminSessions.adminUserId, params.adminUserId), isNull(adminSessions.revokedAt)));
}

/**
 * Records a TOTP step as used, only if it is later than the last one: of two requests carrying the same
 * code at once, exactly one gets `true`.
 */
export async function claimTotpStep(tx: Db, params: { id: string; step: number }): Promise<boolean> {
  const rows = await tx
    .update(adminUsers)
    .set({ totpLastStep: params.step })
    .where(
      and(
        eq(adminUsers.id, params.id),
        or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, params.step)),
      ),
    )
    .returning({ id: adminUsers.id });
  return rows.length === 1;
}

/** Starts (or restarts) an enrolment: a new secret, not yet required at log-in. */
export async function startTotpEnrolment(tx: Db, params: { id: string; secret: string; now: Date }) {
  const rows = await tx
    .update(adminUsers)
    .set({ totpSecret: params.secret, totpLastStep: null, updatedAt: params.now })
    .where(and(eq(adminUsers.id, params.id), isNull(adminUsers.totpEnabledAt)))
    .returning({ id: adminUsers.id });
  return rows.length === 1;
}

/**
 * Turns two-step log-in on for the secret that was confirmed, unless it was replaced meanwhile, with the
 * hashes of the recovery codes shown once.
 */
export async function enableTotp(
  tx: Db,
  params: { id: string; secret: string; recoveryHashes: string[]; now: Date },
) {
  const rows = await tx
    .update(adminUsers)
    .set({ totpEnabledAt: params.now, totpRecoveryHashes: params.recoveryHashes, updatedAt: params.now })
    .where(
      and(
        eq(adminUsers.id, params.id),
        eq(adminUsers.totpSecret, params.secret),
        isNull(adminUsers.totpEnabledAt),
      ),
    )
    .returning({ id: adminUsers.id });
  return rows.length === 1;
}

/**
 * Takes one recovery code's hash out of the stored ones, in one statement: of two log-ins spending the
 * same code at once, exactly one gets `true`.
 */
export async function spendRecoveryHash(tx: Db, params: { id: string; hash: string }): Promise<boolean> {
  const rows = await tx
    .update(adminUsers)
    .set({ totpRecoveryHashes: sql`${adminUsers.totpRecoveryHashes} - ${params.hash}::text` })
    .where(
      and(
        eq(adminUsers.id, params.id),
        isNotNull(adminUsers.totpEnabledAt),
        sql`jsonb_exists(${adminUsers.totpRecoveryHashes}, ${params.hash}::text)`,
      ),
    )
    .returning({ id: adminUsers.id });
  return rows.length === 1;
}
