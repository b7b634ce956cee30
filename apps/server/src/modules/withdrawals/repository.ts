import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { bankCards, deposits, users, walletAddresses, withdrawals } from "../../db/schema/index.js";

/** The unique index that keeps one pending withdrawal per user (migration 0005): the last guard. */
export const ONE_PENDING_INDEX = "withdrawals_one_pending";

/** What the rules read of the user (spec §5): flags, fund password, KYC, credit score. */
export async function findUserStanding(handle: Db, userId: string) {
  const [row] = await handle
    .select({
      frozen: users.frozen,
      withdrawBanned: users.withdrawBanned,
      fundPasswordSet: sql<boolean>`${users.fundPasswordHash} is not null`,
      fundLockedUntil: users.fundLockedUntil,
      kycStatus: users.kycStatus,
      realname: users.realname,
      creditScore: users.creditScore,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type UserStanding = NonNullable<Awaited<ReturnType<typeof findUserStanding>>>;

/** The user's withdrawal waiting for review, if any (at most one: the unique index). */
export async function findPending(handle: Db, userId: string) {
  const [row] = await handle
    .select({
      id: withdrawals.id,
      currency: withdrawals.currency,
      amount: withdrawals.amount,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, "pending")));
  return row;
}

/** The user's withdrawals in `currency` since `since`, not refused (the `withdrawal.fourEyesAbove` sum). */
export async function withdrawnSince(
  tx: Db,
  params: { userId: string; currency: string; since: Date },
): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, params.userId),
        eq(withdrawals.currency, params.currency),
        gt(withdrawals.createdAt, params.since),
        ne(withdrawals.state, "rejected"),
      ),
    );
  return row?.total ?? "0";
}

const cardColumns = {
  id: bankCards.id,
  holderName: bankCards.holderName,
  bankName: bankCards.bankName,
  cardNumber: bankCards.cardNumber,
};

/**
 * One of the user's bound cards, for a withdrawal to it. With `lock`, the card's row is locked for the
 * transaction: the same lock `bank/remove` takes before it asks whether a withdrawal to the card is
 * pending, so a removal and a withdrawal to one card run one after the other. Another user's card, a
 * removed one and an unknown id are all undefined.
 */
export async function findBoundCard(handle: Db, params: { userId: string; id: string; lock: boolean }) {
  const query = handle
    .select(cardColumns)
    .from(bankCards)
    .where(
      and(eq(bankCards.id, params.id), eq(bankCards.userId, params.userId), isNull(bankCards.removedAt)),
    );
  const [row] = params.lock ? await query.for("update") : await query;
  return row;
}
export type CardRow = NonNullable<Awaited<ReturnType<typeof findBoundCard>>>;

const walletColumns = {
  id: walletAddresses.id,
  type: walletAddresses.type,
  address: walletAddresses.address,
};

/**
 * One of the user's kept wallet addresses, for a withdrawal to it; with `lock`, its row locked for the
 * transaction (the lock `wallet/remove` takes before it asks whether a withdrawal to it is pending).
 * Another user's address, a removed one and an unknown id are all undefined.
 */
export async function findKeptAddress(handle: Db, params: { userId: string; id: string; lock: boolean }) {
  const query = handle
    .select(walletColumns)
    .from(walletAddresses)
    .where(
      and(
        eq(walletAddresses.id, params.id),
        eq(walletAddresses.userId, params.userId),
        isNull(walletAddresses.removedAt),
      ),
    );
  const [row] = params.lock ? await query.for("update") : await query;
  return row;
}
export type AddressRow = NonNullable<Awaited<ReturnType<typeof findKeptAddress>>>;

/** The types of the user's kept addresses, one per address (the rules count those a currency can pay). */
export async function keptAddressTypes(handle: Db, userId: string): Promise<string[]> {
  const rows = await handle
    .select({ type: walletAddresses.type })
    .from(walletAddresses)
    .where(and(eq(walletAddresses.userId, userId), isNull(walletAddresses.removedAt)));
  return rows.map((r) => r.type);
}

export async function insertWithdrawal(tx: Db, values: typeof withdrawals.$inferInsert) {
  const [row] = await tx.insert(withdrawals).values(values).returning({ id: withdrawals.id });
  if (!row) throw new Error("withdrawal not inserted");
}

const listColumns = {
  id: withdrawals.id,
  seq: withdrawals.seq,
  currency: withdrawals.currency,
  amount: withdrawals.amount,
  fee: withdrawals.fee,
  state: withdrawals.state,
  reason: withdrawals.reason,
  createdAt: withdrawals.createdAt,
  decidedAt: withdrawals.decidedAt,
  card: cardColumns,
  wallet: walletColumns,
};

/**
 * A page of the user's withdrawals, newest first, with the card or address each pays to (removed ones
 * too; the other of the two is null).
 */
export async function listPage(db: Db, params: { userId: string; beforeSeq?: number; limit: number }) {
  return db
    .select(listColumns)
    .from(withdrawals)
    .leftJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
    .leftJoin(walletAddresses, eq(walletAddresses.id, withdrawals.walletAddressId))
    .where(
      and(
        eq(withdrawals.userId, params.userId),
        params.beforeSeq === undefined ? undefined : lt(withdrawals.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(withdrawals.seq))
    .limit(params.limit);
}
export type ListedRow = Awaited<ReturnType<typeof listPage>>[number];

/**
 * Decides a pending withdrawal of the user: undefined when it is not pending any more (or not theirs),
 * so a decision is taken once.
 */
export async function decide(
  tx: Db,
  params: {
    id: string;
    userId: string;
    state: "approved" | "rejected";
    reason: string | null;
    at: Date;
  },
) {
  const [row] = await tx
    .update(withdrawals)
    .set({ state: params.state, reason: params.reason, decidedAt: params.at })
    .where(
      and(
        eq(withdrawals.id, params.id),
        eq(withdrawals.userId, params.userId),
        eq(withdrawals.state, "pending"),
      ),
    )
    .returning({
      id: withdrawals.id,
      userId: withdrawals.userId,
      currency: withdrawals.currency,
      amount: withdrawals.amount,
      fee: withdrawals.fee,
    });
  return row;
}

export async function findAmount(tx: Db, params: { id: string; userId: string }) {
  const [row] = await tx
    .select({ currency: withdrawals.currency, amount: withdrawals.amount })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, params.id), eq(withdrawals.userId, params.userId)));
  return row;
}

/** Records the entry that settled a decided withdrawal (payout or refusal). */
export async function setSettleEntry(tx: Db, params: { id: string; entryId: number }) {
  await tx.update(withdrawals).set({ settleEntryId: params.entryId }).where(eq(withdrawals.id, params.id));
}

/** What a reviewer sees of each withdrawal: the request, the card or address in full detail, the user. */
export async function findForReview(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: withdrawals.id,
      userId: withdrawals.userId,
      currency: withdrawals.currency,
      amount: withdrawals.amount,
      fee: withdrawals.fee,
      state: withdrawals.state,
      createdAt: withdrawals.createdAt,
      card: {
        id: bankCards.id,
        holderName: bankCards.holderName,
        bankName: bankCards.bankName,
        branchName: bankCards.branchName,
        cardNumber: bankCards.cardNumber,
        country: bankCards.country,
        ifsc: bankCards.ifsc,
        swift: bankCards.swift,
        removedAt: bankCards.removedAt,
      },
      wallet: {
        id: walletAddresses.id,
        type: walletAddresses.type,
        address: walletAddresses.address,
        removedAt: walletAddresses.removedAt,
      },
      user: {
        realname: users.realname,
        kycStatus: users.kycStatus,
        creditScore: users.creditScore,
        frozen: users.frozen,
        loginBanned: users.loginBanned,
        disabled: users.disabled,
        tradeBanned: users.tradeBanned,
        withdrawBanned: users.withdrawBanned,
      },
    })
    .from(withdrawals)
    .leftJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
    .leftJoin(walletAddresses, eq(walletAddresses.id, withdrawals.walletAddressId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(inArray(withdrawals.id, [...ids]));
}

export type ReviewRow = Awaited<ReturnType<typeof findForReview>>[number];

/** Count and sum of the users' withdrawals per (currency, state). */
export async function withdrawalHistory(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: withdrawals.userId,
      currency: withdrawals.currency,
      state: withdrawals.state,
      n: sql<number>`count(*)::int`,
      total: sql<string>`sum(${withdrawals.amount})::text`,
    })
    .from(withdrawals)
    .where(inArray(withdrawals.userId, [...userIds]))
    .groupBy(withdrawals.userId, withdrawals.currency, withdrawals.state);
}

/** Count and sum of the users' deposits per (currency, state). */
export async function depositHistory(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: deposits.userId,
      currency: deposits.currency,
      state: deposits.state,
      n: sql<number>`count(*)::int`,
      total: sql<string>`sum(${deposits.amount})::text`,
    })
    .from(deposits)
    .where(inArray(deposits.userId, [...userIds]))
    .groupBy(deposits.userId, deposits.currency, deposits.state);
}
