import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  adminUsers,
  blockTradeOffers,
  tradeOrders,
  users,
  type BlockTradeOfferRow,
  type TradeOrderRow,
} from "../../db/schema/index.js";
import { INDEXED_STATE_GROUPS, offerQueries } from "../trading/index.js";

/** SQL only (CONVENTIONS): block-trade offers, and the subscriptions (trade orders of kind `blockTrade`). */

export type OfferRow = BlockTradeOfferRow;
export type NewOffer = typeof blockTradeOffers.$inferInsert;
export type OfferChanges = Partial<Omit<NewOffer, "id" | "seq" | "createdBy" | "createdAt">>;

const offers = offerQueries(blockTradeOffers);

/**
 * One offer; `lock` "share" keeps it from changing until the transaction ends (a subscription against a
 * concurrent withdrawal), "update" for staff changing it.
 */
export const findOffer = offers.find;
export const insertOffer = offers.insert;
export const updateOffer = (tx: Db, id: string, changes: OfferChanges) => offers.update(tx, id, changes);
/** Active offers that have not ended at `now` (open or opening later), newest first, before `beforeSeq`. */
export const liveOffersPage = offers.livePage;
/** Every offer, newest first, with the account of the staff member who created it (the back office). */
export const offersPage = offers.page;

/** The account of a staff member (who created an offer). */
export async function staffAccount(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ account: adminUsers.account })
    .from(adminUsers)
    .where(eq(adminUsers.id, id));
  return row?.account;
}

/** Per offer: subscriptions waiting for review, and the shares of those approved (open or since closed). */
export async function subscriptionCounts(db: Db, offerIds: readonly string[]) {
  if (offerIds.length === 0) return new Map<string, { pending: number; approvedQuantity: number }>();
  const rows = await db
    .select({
      offerId: tradeOrders.offerId,
      pending: sql<number>`count(*) filter (where ${tradeOrders.state} = 'review')`.mapWith(Number),
      approvedQuantity:
        sql<number>`coalesce(sum(${tradeOrders.quantity}) filter (where ${tradeOrders.state} in ('open', 'closing', 'closed')), 0)`.mapWith(
          Number,
        ),
    })
    .from(tradeOrders)
    .where(inArray(tradeOrders.offerId, [...offerIds]))
    .groupBy(tradeOrders.offerId);
  return new Map(rows.map((r) => [r.offerId as string, r]));
}

export interface SubscriptionRow {
  order: TradeOrderRow;
  offer: OfferRow;
}

/** A page of the user's subscriptions (with their offers), newest first, before `beforeSeq`. */
export async function subscriptionsPage(
  db: Db,
  params: { userId: string; beforeSeq?: number; limit: number },
): Promise<SubscriptionRow[]> {
  const groups = await Promise.all(
    INDEXED_STATE_GROUPS.map((states) =>
      db
        .select({ order: tradeOrders, offer: blockTradeOffers })
        .from(tradeOrders)
        .innerJoin(blockTradeOffers, eq(blockTradeOffers.id, tradeOrders.offerId))
        .where(
          and(
            eq(tradeOrders.userId, params.userId),
            inArray(tradeOrders.state, [...states]),
            eq(tradeOrders.kind, "blockTrade"),
            params.beforeSeq === undefined ? undefined : lt(tradeOrders.seq, params.beforeSeq),
          ),
        )
        .orderBy(desc(tradeOrders.seq))
        .limit(params.limit),
    ),
  );
  return groups
    .flat()
    .sort((a, b) => b.order.seq - a.order.seq)
    .slice(0, params.limit);
}

/** A subscription with its offer, of any user (the review queue), or of `userId` when given. */
export async function findSubscription(
  db: Db,
  params: { id: string; userId?: string },
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({ order: tradeOrders, offer: blockTradeOffers })
    .from(tradeOrders)
    .innerJoin(blockTradeOffers, eq(blockTradeOffers.id, tradeOrders.offerId))
    .where(
      and(
        eq(tradeOrders.id, params.id),
        eq(tradeOrders.kind, "blockTrade"),
        params.userId === undefined ? undefined : eq(tradeOrders.userId, params.userId),
      ),
    );
  return row;
}

/** What the review queue shows beside each subscription: the order, its offer and the user's standing. */
export async function reviewSubjects(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      order: tradeOrders,
      offer: blockTradeOffers,
      realName: users.realname,
      kycStatus: users.kycStatus,
    })
    .from(tradeOrders)
    .innerJoin(blockTradeOffers, eq(blockTradeOffers.id, tradeOrders.offerId))
    .innerJoin(users, eq(users.id, tradeOrders.userId))
    .where(inArray(tradeOrders.id, [...orderIds]));
}

/** The symbol's offers still taking subscriptions or yet to open at `now` (not withdrawn), but `exceptId`. */
export async function openOffersOf(
  db: Db,
  params: { symbol: string; now: Date; exceptId: string | undefined },
) {
  return db
    .select()
    .from(blockTradeOffers)
    .where(
      and(
        eq(blockTradeOffers.symbol, params.symbol),
        eq(blockTradeOffers.state, "active"),
        gt(blockTradeOffers.closesAt, params.now),
        params.exceptId === undefined ? undefined : sql`${blockTradeOffers.id} <> ${params.exceptId}`,
      ),
    )
    .orderBy(desc(blockTradeOffers.seq));
}
