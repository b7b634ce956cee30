import type { UserFlags } from "@brokerage/api";
import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  bankCards,
  institutions,
  kycSubmissions,
  messages,
  sessions,
  users,
  walletAddresses,
} from "../../db/schema/index.js";
import { escapeLike } from "../audit/index.js";

const summaryColumns = {
  id: users.id,
  account: users.account,
  realname: users.realname,
  inviteCode: users.inviteCode,
  kycStatus: users.kycStatus,
  creditScore: users.creditScore,
  frozen: users.frozen,
  loginBanned: users.loginBanned,
  disabled: users.disabled,
  tradeBanned: users.tradeBanned,
  withdrawBanned: users.withdrawBanned,
  createdAt: users.createdAt,
};

/**
 * Users whose account, real name or invitation code contains `q` (any case), newest first by
 * (created_at, id), after the row `afterId` when given.
 */
export async function searchUsers(tx: Db, params: { q: string; afterId: string | undefined; limit: number }) {
  const where: SQL[] = [];
  if (params.q !== "") {
    const pattern = `%${escapeLike(params.q)}%`;
    const match = or(
      ilike(users.account, pattern),
      ilike(users.realname, pattern),
      ilike(users.inviteCode, pattern),
    );
    if (match) where.push(match);
  }
  if (params.afterId !== undefined)
    where.push(
      sql`(${users.createdAt}, ${users.id}) < (select u.created_at, u.id from users u where u.id = ${params.afterId})`,
    );
  return tx
    .select(summaryColumns)
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(params.limit);
}

export async function findUserProfile(tx: Db, userId: string) {
  const [row] = await tx
    .select({
      ...summaryColumns,
      updatedAt: users.updatedAt,
      fundPasswordSet: sql<boolean>`${users.fundPasswordHash} is not null`,
      twoStepEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      inviterAccount: sql<string | null>`(select i.account from users i where i.id = ${users.inviterUserId})`,
      institutionName: institutions.name,
    })
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function kycOf(tx: Db, userId: string) {
  const [latest] = await tx
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(1);
  const [total] = await tx
    .select({ n: count() })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId));
  return { latest, submissions: total?.n ?? 0 };
}

/** Bound cards first, then removed ones; newest first within each. */
export async function cardsOf(tx: Db, userId: string) {
  return tx
    .select()
    .from(bankCards)
    .where(eq(bankCards.userId, userId))
    .orderBy(sql`${bankCards.removedAt} is not null`, desc(bankCards.createdAt));
}

export async function walletsOf(tx: Db, userId: string) {
  return tx
    .select()
    .from(walletAddresses)
    .where(and(eq(walletAddresses.userId, userId), isNull(walletAddresses.removedAt)))
    .orderBy(desc(walletAddresses.createdAt));
}

export async function liveSessionsOf(tx: Db, userId: string, now: Date) {
  return tx
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/**
 * The user's audit trail: rows about the user and about the user's reviews, newest first. Staff reads
 * (`read.*`) are left out: opening this page writes one, and they would push the actions out of the
 * trail; the audit log lists them by target. Reveals stay (user.reveal).
 */
export async function recentMessagesOf(tx: Db, userId: string, limit: number) {
  return tx
    .select()
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** Locks the user's row for the rest of the transaction (concurrent staff changes apply one by one). */
export async function lockUser(tx: Db, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for("update");
  return row;
}

export async function updateFlags(tx: Db, params: { userId: string; flags: Partial<UserFlags>; at: Date }) {
  await tx
    .update(users)
    .set({ ...params.flags, updatedAt: params.at })
    .where(eq(users.id, params.userId));
}

export async function updateCreditScore(tx: Db, params: { userId: string; score: number; at: Date }) {
  await tx
    .update(users)
    .set({ creditScore: params.score, updatedAt: params.at })
    .where(eq(users.id, params.userId));
}

/** Revokes every session of the user not revoked yet; answers how many of them were still live. */
export async function revokeSessionsOf(tx: Db, params: { userId: string; at: Date }): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: params.at })
    .where(and(eq(sessions.userId, params.userId), isNull(sessions.revokedAt)))
    .returning({ idle: sessions.idleExpiresAt, absolute: sessions.absoluteExpiresAt });
  const now = params.at.getTime();
  return rows.filter((r) => r.idle.getTime() > now && r.absolute.getTime() > now).length;
}

/** The user's KYC submission `submissionId`, or their latest; its ID number in full (users/reveal). */
export async function idNumberOf(tx: Db, params: { userId: string; submissionId?: string | undefined }) {
  const [row] = await tx
    .select({ id: kycSubmissions.id, idNumber: kycSubmissions.idNumber })
    .from(kycSubmissions)
    .where(
      and(
        eq(kycSubmissions.userId, params.userId),
        params.submissionId === undefined ? undefined : eq(kycSubmissions.id, params.submissionId),
      ),
    )
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(1);
  return row;
}

/** One of the user's cards, removed ones included; its number in full (users/reveal). */
export async function cardNumberOf(tx: Db, params: { userId: string; cardId: string }) {
  const [row] = await tx
    .select({ id: bankCards.id, cardNumber: bankCards.cardNumber })
    .from(bankCards)
    .where(and(eq(bankCards.userId, params.userId), eq(bankCards.id, params.cardId)));
  return row;
}
