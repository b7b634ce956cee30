import { and, asc, desc, eq, inArray, lt, ne, notExists, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  lendingRebates,
  securitiesLoans,
  tradeOrders,
  users,
  type LendingRebateRow,
  type SecuritiesLoanRow,
} from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): lendings, their daily rebates, and the positions they lend. Scoped by the owner. */

export type { LendingRebateRow, SecuritiesLoanRow };

/** The unique partial index that keeps one lending per position under review or lent. */
export const ONE_OPEN_INDEX = "securities_loans_one_open";
const OPEN = ["pending", "inProgress"] as const;

/** A namespace of its own among the application's advisory locks (any fixed number). */
const QUOTA_LOCK_SPACE = 7_310;

/**
 * The user's positions that might be lent, before the checks that need the clock and the market (the
 * lock, the instrument being a share): open, long, without leverage, not a day trade, none of it lent or
 * offered already.
 */
export async function candidatePositions(db: Db, userId: string) {
  return db
    .select()
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.userId, userId),
        eq(tradeOrders.state, "open"),
        eq(tradeOrders.direction, "long"),
        eq(tradeOrders.leverage, 1),
        ne(tradeOrders.kind, "dayTrade"),
        notInArray(tradeOrders.market, ["CRYPTO", "FX"]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(securitiesLoans)
            .where(
              and(eq(securitiesLoans.positionId, tradeOrders.id), inArray(securitiesLoans.state, [...OPEN])),
            ),
        ),
      ),
    )
    .orderBy(desc(tradeOrders.seq));
}

/** An open lending of the position (under review or lent), if any. */
export async function openOfPosition(db: Db, positionId: string) {
  const [row] = await db
    .select({ id: securitiesLoans.id })
    .from(securitiesLoans)
    .where(and(eq(securitiesLoans.positionId, positionId), inArray(securitiesLoans.state, [...OPEN])));
  return row;
}

/** Takes the currency's quota lock for the transaction: applications in one currency are checked in turn. */
export async function lockQuota(tx: Db, currency: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}, hashtext(${currency}))`);
}

/** Value, per currency, of the applications under review and the shares lent now. */
export async function usedByCurrency(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ currency: securitiesLoans.currency, used: sql<string>`sum(${securitiesLoans.value})` })
    .from(securitiesLoans)
    .where(inArray(securitiesLoans.state, [...OPEN]))
    .groupBy(securitiesLoans.currency);
  return new Map(rows.map((r) => [r.currency, String(r.used)]));
}

export async function insertLoan(tx: Db, values: typeof securitiesLoans.$inferInsert) {
  const [row] = await tx.insert(securitiesLoans).values(values).returning();
  if (!row) throw new Error("lending not inserted");
  return row;
}

export async function findOne(db: Db, params: { id: string; userId: string }) {
  const [row] = await db
    .select()
    .from(securitiesLoans)
    .where(and(eq(securitiesLoans.id, params.id), eq(securitiesLoans.userId, params.userId)));
  return row;
}

/** One of the user's lendings, its row locked for the transaction (its decision, recall, rebates, end). */
export async function lockOne(tx: Db, params: { id: string; userId?: string }) {
  const [row] = await tx
    .select()
    .from(securitiesLoans)
    .where(
      and(
        eq(securitiesLoans.id, params.id),
        params.userId === undefined ? undefined : eq(securitiesLoans.userId, params.userId),
      ),
    )
    .for("update");
  return row;
}

/** Updates a lending in `from` (undefined when it is not in it any more). */
export async function update(
  tx: Db,
  params: { id: string; from: SecuritiesLoanRow["state"]; set: Partial<typeof securitiesLoans.$inferInsert> },
) {
  const [row] = await tx
    .update(securitiesLoans)
    .set(params.set)
    .where(and(eq(securitiesLoans.id, params.id), eq(securitiesLoans.state, params.from)))
    .returning();
  return row;
}

export async function listPage(db: Db, params: { userId: string; beforeSeq?: number; limit: number }) {
  return db
    .select()
    .from(securitiesLoans)
    .where(
      and(
        eq(securitiesLoans.userId, params.userId),
        params.beforeSeq === undefined ? undefined : lt(securitiesLoans.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(securitiesLoans.seq))
    .limit(params.limit);
}

/** The rebates paid on each lending, oldest day first. */
export async function rebatesOf(db: Db, loanIds: readonly string[]): Promise<LendingRebateRow[]> {
  if (loanIds.length === 0) return [];
  return db
    .select()
    .from(lendingRebates)
    .where(inArray(lendingRebates.loanId, [...loanIds]))
    .orderBy(asc(lendingRebates.day));
}

/** The last day paid of a lending, with the running total through it. */
export async function lastRebate(db: Db, loanId: string) {
  const [row] = await db
    .select()
    .from(lendingRebates)
    .where(eq(lendingRebates.loanId, loanId))
    .orderBy(desc(lendingRebates.day))
    .limit(1);
  return row;
}

/** Claims a day's rebate row: false when another writer holds it already. */
export async function claimRebate(tx: Db, values: typeof lendingRebates.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(lendingRebates).values(values).onConflictDoNothing().returning({
    loanId: lendingRebates.loanId,
  });
  return rows.length > 0;
}

/** Every lending lent now (the scheduler's work: rebates to pay, terms to end). */
/** The lendings in progress, each with the last day paid (`YYYY-MM-DD`, null before the first). */
export async function lentNow(db: Db) {
  return db
    .select({
      loan: securitiesLoans,
      lastDay: sql<string | null>`(select max(${lendingRebates.day})::text from ${lendingRebates}
        where ${lendingRebates.loanId} = ${securitiesLoans.id})`,
    })
    .from(securitiesLoans)
    .where(eq(securitiesLoans.state, "inProgress"))
    .orderBy(asc(securitiesLoans.seq));
}

/** What a reviewer sees of each lending: the request, the user and the position it lends. */
export async function findForReview(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      loan: securitiesLoans,
      realName: users.realname,
      kycStatus: users.kycStatus,
      frozen: users.frozen,
      disabled: users.disabled,
      position: {
        orderNo: tradeOrders.orderNo,
        state: tradeOrders.state,
        quantity: tradeOrders.quantity,
        openPrice: tradeOrders.openPrice,
        lockedUntil: tradeOrders.lockedUntil,
      },
    })
    .from(securitiesLoans)
    .innerJoin(users, eq(users.id, securitiesLoans.userId))
    .innerJoin(tradeOrders, eq(tradeOrders.id, securitiesLoans.positionId))
    .where(inArray(securitiesLoans.id, [...ids]));
}
export type ReviewRow = Awaited<ReturnType<typeof findForReview>>[number];

/** The order numbers of positions, by id (the lending's view names the position as the user knows it). */
export async function orderNos(db: Db, positionIds: readonly string[]): Promise<Map<string, string>> {
  if (positionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tradeOrders.id, orderNo: tradeOrders.orderNo })
    .from(tradeOrders)
    .where(inArray(tradeOrders.id, [...positionIds]));
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}
