import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  dayTradingApplications,
  tradeOrders,
  users,
  type DayTradingApplicationRow,
} from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): day-trading applications, and the margin the user's day trades hold. */

export type { DayTradingApplicationRow };

/** The unique partial index that keeps one pending application per user. */
export const ONE_PENDING_INDEX = "day_trading_applications_one_pending";

export async function insertApplication(
  tx: Db,
  values: typeof dayTradingApplications.$inferInsert,
): Promise<DayTradingApplicationRow> {
  const [row] = await tx.insert(dayTradingApplications).values(values).returning();
  if (!row) throw new Error("day-trading application not inserted");
  return row;
}

/** The user's newest application in one of `states` (any state when not given). */
export async function latest(
  db: Db,
  params: { userId: string; states?: readonly DayTradingApplicationRow["state"][] },
) {
  const [row] = await db
    .select()
    .from(dayTradingApplications)
    .where(
      and(
        eq(dayTradingApplications.userId, params.userId),
        params.states === undefined ? undefined : inArray(dayTradingApplications.state, [...params.states]),
      ),
    )
    .orderBy(desc(dayTradingApplications.seq))
    .limit(1);
  return row;
}

/**
 * The user's latest approved application (the allowance in force), its row locked for the transaction: the
 * day-trade orders of one user are checked against the allowance one after the other.
 */
export async function lockAllowance(tx: Db, userId: string) {
  const [row] = await tx
    .select()
    .from(dayTradingApplications)
    .where(and(eq(dayTradingApplications.userId, userId), eq(dayTradingApplications.state, "approved")))
    .orderBy(desc(dayTradingApplications.seq))
    .limit(1)
    .for("update");
  return row;
}

/** The margin the user's day trades in `currency` hold now: pending limit orders and open positions. */
export async function usedMargin(
  db: Db,
  params: { userId: string; currency: string; excluding?: string },
): Promise<string> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${tradeOrders.margin}), 0)::text` })
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.userId, params.userId),
        eq(tradeOrders.kind, "dayTrade"),
        eq(tradeOrders.currency, params.currency),
        inArray(tradeOrders.state, ["pending", "open", "closing"]),
        params.excluding === undefined ? undefined : ne(tradeOrders.id, params.excluding),
      ),
    );
  return row?.used ?? "0";
}

/**
 * Decides a pending application of the user: undefined when it is not pending any more (or not theirs), so
 * a decision is taken once.
 */
export async function decide(
  tx: Db,
  params: { id: string; userId: string; state: "approved" | "rejected"; reason: string | null; at: Date },
) {
  const [row] = await tx
    .update(dayTradingApplications)
    .set({ state: params.state, reason: params.reason, decidedAt: params.at })
    .where(
      and(
        eq(dayTradingApplications.id, params.id),
        eq(dayTradingApplications.userId, params.userId),
        eq(dayTradingApplications.state, "pending"),
      ),
    )
    .returning();
  return row;
}

/** Records the entry that released a decided application's hold. */
export async function setReleaseEntry(tx: Db, params: { id: string; entryId: number }) {
  await tx
    .update(dayTradingApplications)
    .set({ releaseEntryId: params.entryId })
    .where(eq(dayTradingApplications.id, params.id));
}

export async function findOne(db: Db, params: { id: string; userId: string }) {
  const [row] = await db
    .select()
    .from(dayTradingApplications)
    .where(and(eq(dayTradingApplications.id, params.id), eq(dayTradingApplications.userId, params.userId)));
  return row;
}

/** What a reviewer sees of each application: the request and the user. */
export async function findForReview(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: dayTradingApplications.id,
      userId: dayTradingApplications.userId,
      currency: dayTradingApplications.currency,
      amount: dayTradingApplications.amount,
      createdAt: dayTradingApplications.createdAt,
      realName: users.realname,
      kycStatus: users.kycStatus,
      creditScore: users.creditScore,
      tradeBanned: users.tradeBanned,
      frozen: users.frozen,
    })
    .from(dayTradingApplications)
    .innerJoin(users, eq(users.id, dayTradingApplications.userId))
    .where(inArray(dayTradingApplications.id, [...ids]));
}
export type ReviewRow = Awaited<ReturnType<typeof findForReview>>[number];
