import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  adminUsers,
  blockTradeOffers,
  tradeOrders,
  users,
  type BlockTradeOfferRow,
  type TradeOrderRow,
} from "../../db/schema/index.js";
import { offerQueries } from "../trading/index.js";

/** SQL only (CONVENTIONS): block-trade offers, and the subscriptions (trade orders of kind `blockTrade`). */

export type OfferRow = BlockTradeOfferRow;
export type NewOffer = typeof blockTradeOffers.$inferInsert;
export type OfferChanges = Partial<Omit<NewOffer, "id" | "seq" | "createdBy" | "createdAt">>;

const offers = offerQueries(blockTradeOffers, { kind: "blockTrade", offerColumn: tradeOrders.offerId });

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
export const offerWithCreator = offers.withCreator;
export const subscriptionCounts = offers.subscriptionCounts;
export const subscriptionsPage = offers.subscriptionsPage;
export const findSubscription = offers.findSubscription;

/** The account of a staff member (who created an offer). */
export async function staffAccount(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ account: adminUsers.account })
    .from(adminUsers)
    .where(eq(adminUsers.id, id));
  return row?.account;
}

export interface SubscriptionRow {
  order: TradeOrderRow;
  offer: OfferRow;
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
