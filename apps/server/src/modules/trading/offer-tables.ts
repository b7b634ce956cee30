import type { OrderKind } from "@brokerage/api";
import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  adminUsers,
  tradeOrders,
  type blockTradeOffers,
  type placementOffers,
  type TradeOrderRow,
} from "../../db/schema/index.js";
import { INDEXED_STATE_GROUPS } from "./repository.js";

/**
 * The queries every table of offers staff make shares (block trades, placements): one offer (locked for
 * a subscription or a change), insert, update, the live ones for users, every one for the back office;
 * and the subscriptions, trade orders of `kind` whose `offerColumn` names the offer. Both tables have
 * these columns (id, seq, state, closes_at, created_by) with the same types.
 */
type OfferTable = typeof blockTradeOffers | typeof placementOffers;

export function offerQueries<T extends OfferTable>(
  table: T,
  orders: { kind: OrderKind; offerColumn: typeof tradeOrders.offerId | typeof tradeOrders.placementOfferId },
) {
  // Drizzle's builders take one table type, not a union; the columns used here are the same in both, and
  // at run time every query is built on `table` itself.
  const t = table as unknown as typeof placementOffers;
  type Row = T["$inferSelect"];
  type New = T["$inferInsert"];
  type Subscription = { order: TradeOrderRow; offer: Row };
  const { kind, offerColumn } = orders;
  const subscriptions = (db: Db) =>
    db.select({ order: tradeOrders, offer: t }).from(tradeOrders).innerJoin(t, eq(t.id, offerColumn));
  return {
    /**
     * One offer; `lock` "share" keeps it from changing until the transaction ends (a subscription against
     * a concurrent withdrawal), "update" for staff changing it.
     */
    async find(db: Db, id: string, lock?: "share" | "update"): Promise<Row | undefined> {
      const query = db.select().from(t).where(eq(t.id, id));
      const [row] = await (lock ? query.for(lock) : query);
      return row as Row | undefined;
    },

    async insert(tx: Db, values: New): Promise<Row> {
      const [row] = await tx
        .insert(t)
        .values(values as typeof placementOffers.$inferInsert)
        .returning();
      if (!row) throw new Error("offer not inserted");
      return row as Row;
    },

    async update(tx: Db, id: string, changes: Partial<New>): Promise<Row> {
      const [row] = await tx
        .update(t)
        .set(changes as Partial<typeof placementOffers.$inferInsert>)
        .where(eq(t.id, id))
        .returning();
      if (!row) throw new Error(`offer ${id} not updated`);
      return row as Row;
    },

    /** Active offers that have not ended at `now` (open or opening later), newest first, before `beforeSeq`. */
    async livePage(db: Db, params: { now: Date; beforeSeq?: number; limit: number }): Promise<Row[]> {
      return (await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.state, "active"),
            gt(t.closesAt, params.now),
            params.beforeSeq === undefined ? undefined : lt(t.seq, params.beforeSeq),
          ),
        )
        .orderBy(desc(t.seq))
        .limit(params.limit)) as Row[];
    },

    /** Every offer, newest first, with the account of the staff member who created it (the back office). */
    async page(
      db: Db,
      params: { beforeSeq?: number; limit: number },
    ): Promise<{ offer: Row; createdBy: string }[]> {
      return (await db
        .select({ offer: t, createdBy: adminUsers.account })
        .from(t)
        .innerJoin(adminUsers, eq(adminUsers.id, t.createdBy))
        .where(params.beforeSeq === undefined ? undefined : lt(t.seq, params.beforeSeq))
        .orderBy(desc(t.seq))
        .limit(params.limit)) as { offer: Row; createdBy: string }[];
    },

    /** One offer with the account of the staff member who created it. */
    async withCreator(db: Db, id: string): Promise<{ offer: Row; createdBy: string } | undefined> {
      const [row] = await db
        .select({ offer: t, createdBy: adminUsers.account })
        .from(t)
        .innerJoin(adminUsers, eq(adminUsers.id, t.createdBy))
        .where(eq(t.id, id));
      return row as { offer: Row; createdBy: string } | undefined;
    },

    /** Per offer: subscriptions waiting for review, and the shares of those approved (open or since closed). */
    async subscriptionCounts(db: Db, offerIds: readonly string[]) {
      if (offerIds.length === 0) return new Map<string, { pending: number; approvedQuantity: string }>();
      const rows = await db
        .select({
          offerId: offerColumn,
          pending: sql<number>`count(*) filter (where ${tradeOrders.state} = 'review')`.mapWith(Number),
          // Whole shares (subscriptions are), as decimal digits.
          approvedQuantity: sql<string>`trunc(coalesce(sum(${tradeOrders.quantity}) filter (where ${tradeOrders.state} in ('open', 'closing', 'closed')), 0))::text`,
        })
        .from(tradeOrders)
        .where(inArray(offerColumn, [...offerIds]))
        .groupBy(offerColumn);
      return new Map(rows.map((r) => [r.offerId as string, r]));
    },

    /**
     * A page of the user's subscriptions (with their offers), newest first, before `beforeSeq`: each tab of
     * states apart, each walking its partial index (INDEXED_STATE_GROUPS).
     */
    async subscriptionsPage(
      db: Db,
      params: { userId: string; beforeSeq?: number; limit: number },
    ): Promise<Subscription[]> {
      const groups = await Promise.all(
        INDEXED_STATE_GROUPS.map((states) =>
          subscriptions(db)
            .where(
              and(
                eq(tradeOrders.userId, params.userId),
                inArray(tradeOrders.state, [...states]),
                eq(tradeOrders.kind, kind),
                params.beforeSeq === undefined ? undefined : lt(tradeOrders.seq, params.beforeSeq),
              ),
            )
            .orderBy(desc(tradeOrders.seq))
            .limit(params.limit),
        ),
      );
      return (groups.flat() as Subscription[])
        .sort((a, b) => b.order.seq - a.order.seq)
        .slice(0, params.limit);
    },

    /** A subscription with its offer, of any user (the review queue), or of `userId` when given. */
    async findSubscription(
      db: Db,
      params: { id: string; userId?: string },
    ): Promise<Subscription | undefined> {
      const [row] = await subscriptions(db).where(
        and(
          eq(tradeOrders.id, params.id),
          eq(tradeOrders.kind, kind),
          params.userId === undefined ? undefined : eq(tradeOrders.userId, params.userId),
        ),
      );
      return row as Subscription | undefined;
    },
  };
}
