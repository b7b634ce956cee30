import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/index.js";
import {
  followProducts,
  lossLimits,
  riskAcknowledgements,
  riskStatistics,
  tradeOrders,
  tradingLocks,
} from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): the risk module's rows, and the positions its figures are computed from. */

export type StatisticRow = typeof riskStatistics.$inferSelect;

export async function statistic(db: Db, product: string, kind: "quarterly" | "daily", periodTo: Date) {
  const [row] = await db
    .select()
    .from(riskStatistics)
    .where(
      and(
        eq(riskStatistics.product, product),
        eq(riskStatistics.kind, kind),
        eq(riskStatistics.periodTo, periodTo),
      ),
    );
  return row;
}

/** Keeps a computed figure; the first one written for a period stands (a concurrent one finds it). */
export async function keepStatistic(db: Db, row: StatisticRow): Promise<StatisticRow> {
  await db.insert(riskStatistics).values(row).onConflictDoNothing();
  return (await statistic(db, row.product, row.kind, row.periodTo)) ?? row;
}

/**
 * The positions of a product that were open at some instant of [from, to): opened before `to`, not closed
 * before `from`, of a retail account (a copy product's portfolio account is the product's, not a client's:
 * its followers count under the copy product). `filter` names the product (see positions.ts); `userId`
 * narrows to one user.
 */
export function positionsIn(db: Db, filter: SQL, from: Date, to: Date, userId?: string) {
  return db
    .select()
    .from(tradeOrders)
    .where(
      and(
        filter,
        isNotNull(tradeOrders.openedAt),
        lt(tradeOrders.openedAt, to),
        or(isNull(tradeOrders.closedAt), gte(tradeOrders.closedAt, from)),
        sql`not exists (select 1 from ${followProducts} where ${followProducts.portfolioUserId} = ${tradeOrders.userId})`,
        userId === undefined ? undefined : eq(tradeOrders.userId, userId),
      ),
    );
}

export async function acknowledgement(db: Db, userId: string, product: string) {
  const [row] = await db
    .select()
    .from(riskAcknowledgements)
    .where(and(eq(riskAcknowledgements.userId, userId), eq(riskAcknowledgements.product, product)));
  return row;
}

/** The first acknowledgement stands: a repeat (or one racing it) changes nothing. */
export async function acknowledge(db: Db, row: typeof riskAcknowledgements.$inferInsert) {
  await db.insert(riskAcknowledgements).values(row).onConflictDoNothing();
}

export async function lockOf(db: Db, userId: string) {
  const [row] = await db.select().from(tradingLocks).where(eq(tradingLocks.userId, userId));
  return row;
}

/**
 * Locks trading until `until`, or keeps a later lock: one statement, so two calls at once both end at the
 * later of their ends. Answers the lock in force after it.
 */
export async function extendLock(db: Db, userId: string, until: Date, at: Date): Promise<Date> {
  const [row] = await db
    .insert(tradingLocks)
    .values({ userId, lockedUntil: until, updatedAt: at })
    .onConflictDoUpdate({
      target: tradingLocks.userId,
      set: {
        lockedUntil: sql`greatest(${tradingLocks.lockedUntil}, excluded.locked_until)`,
        updatedAt: at,
      },
    })
    .returning({ lockedUntil: tradingLocks.lockedUntil });
  if (!row) throw new Error("the trading lock was not written");
  return row.lockedUntil;
}

export type LossLimitRow = typeof lossLimits.$inferSelect;

export function lossLimitsOf(db: Db, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(lossLimits)
    .where(eq(lossLimits.userId, userId))
    .orderBy(lossLimits.currency);
  return options.lock ? query.for("update") : query;
}

/** Creates the user's row for a currency if missing (so the change after it can lock it). */
export async function ensureLossLimit(db: Db, userId: string, currency: string, at: Date) {
  await db.insert(lossLimits).values({ userId, currency, updatedAt: at }).onConflictDoNothing();
}

export async function setLossLimit(
  db: Db,
  userId: string,
  currency: string,
  values: Pick<LossLimitRow, "amount" | "nextAmount" | "nextFrom" | "updatedAt">,
) {
  await db
    .update(lossLimits)
    .set(values)
    .where(and(eq(lossLimits.userId, userId), eq(lossLimits.currency, currency)));
}

/** What the checks before a new order read of the user (`orderGuardState`), in one statement. */
export interface OrderGuardState {
  lockedUntil: Date | null;
  /** The leveraged warning acknowledged, or the account is a copy product's portfolio (staff place its orders). */
  acknowledged: boolean;
  limits: Pick<LossLimitRow, "currency" | "amount" | "nextAmount" | "nextFrom">[];
  /** As `recentNotionals` answers them. */
  notionals: string[];
}

/**
 * The kill switch's lock, the leveraged acknowledgement, the loss limits and the latest `history` orders'
 * notionals in `currency`, read in one round trip (a new order needs all of them: one query each made the
 * order path four round trips longer).
 */
export async function orderGuardState(
  db: Db,
  userId: string,
  currency: string,
  history: number,
): Promise<OrderGuardState> {
  const [row] = rowsOf<{ state: unknown }>(
    await db.execute(sql`select json_build_object(
      'lockedUntil', (select ${tradingLocks.lockedUntil} from ${tradingLocks} where ${tradingLocks.userId} = ${userId}),
      'acknowledged', exists (select 1 from ${riskAcknowledgements}
          where ${riskAcknowledgements.userId} = ${userId} and ${riskAcknowledgements.product} = 'leveraged')
        or exists (select 1 from ${followProducts} where ${followProducts.portfolioUserId} = ${userId}),
      'limits', coalesce((select json_agg(json_build_object('currency', l.currency, 'amount', l.amount::text,
          'nextAmount', l.next_amount::text, 'nextFrom', l.next_from) order by l.currency)
        from ${lossLimits} l where l.user_id = ${userId}), '[]'::json),
      'notionals', coalesce((select json_agg(r.notional order by r.seq desc) from (
          select o.seq, (o.quantity * coalesce(o.open_price, o.limit_price))::text as notional
          from ${tradeOrders} o
          where o.user_id = ${userId} and o.currency = ${currency}
            and o.state in ('pending', 'open', 'closing', 'closed')
            and (o.open_price is not null or o.limit_price is not null)
          order by o.seq desc limit ${history}) r), '[]'::json)
    ) as state`),
  );
  const raw = (typeof row?.state === "string" ? JSON.parse(row.state) : row?.state) as {
    lockedUntil: string | null;
    acknowledged: boolean;
    limits: { currency: string; amount: string | null; nextAmount: string | null; nextFrom: string | null }[];
    notionals: string[];
  };
  return {
    lockedUntil: raw.lockedUntil === null ? null : new Date(raw.lockedUntil),
    acknowledged: raw.acknowledged,
    limits: raw.limits.map((l) => ({ ...l, nextFrom: l.nextFrom === null ? null : new Date(l.nextFrom) })),
    notionals: raw.notionals,
  };
}

/**
 * The notionals of the user's latest orders in a currency (those that held or booked money: pending, open,
 * closing, closed), most recent first: the usual size the fat-finger guard compares with.
 */
export async function recentNotionals(db: Db, userId: string, currency: string, limit: number) {
  const rows = await db
    .select({
      notional: sql<string>`(${tradeOrders.quantity} * coalesce(${tradeOrders.openPrice}, ${tradeOrders.limitPrice}))::text`,
    })
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.userId, userId),
        eq(tradeOrders.currency, currency),
        inArray(tradeOrders.state, ["pending", "open", "closing", "closed"]),
        or(isNotNull(tradeOrders.openPrice), isNotNull(tradeOrders.limitPrice)),
      ),
    )
    .orderBy(desc(tradeOrders.seq))
    .limit(limit);
  return rows.map((row) => row.notional);
}
