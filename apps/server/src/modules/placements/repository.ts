import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  placementOffers,
  tradeOrders,
  users,
  type PlacementOfferRow,
  type TradeOrderRow,
} from "../../db/schema/index.js";
import { offerQueries } from "../trading/index.js";

/** SQL only (CONVENTIONS): placement offers, and the subscriptions (trade orders of kind `placement`). */

export type OfferRow = PlacementOfferRow;
export type NewOffer = typeof placementOffers.$inferInsert;
export type OfferChanges = Partial<Omit<NewOffer, "id" | "seq" | "createdBy" | "createdAt">>;

const offers = offerQueries(placementOffers, {
  kind: "placement",
  offerColumn: tradeOrders.placementOfferId,
});

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

export interface SubscriptionRow {
  order: TradeOrderRow;
  offer: OfferRow;
}

/** The shares of `symbol` the user holds in open long positions (any kind), as a decimal string. */
export async function heldShares(db: Db, params: { userId: string; symbol: string }): Promise<string> {
  const [row] = await db
    .select({ shares: sql<string>`coalesce(sum(${tradeOrders.quantity}), 0)::text` })
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.userId, params.userId),
        eq(tradeOrders.symbol, params.symbol),
        eq(tradeOrders.direction, "long"),
        inArray(tradeOrders.state, ["open", "closing"]),
      ),
    );
  return row?.shares ?? "0";
}

/** The user's verification state and real name (the eligibility, the reviewer's view). */
export async function identityOf(db: Db, userId: string) {
  const [row] = await db
    .select({ kycStatus: users.kycStatus, realName: users.realname })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** What the review queue shows beside each subscription: the order, its offer and the user's standing. */
export async function reviewSubjects(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      order: tradeOrders,
      offer: placementOffers,
      realName: users.realname,
      kycStatus: users.kycStatus,
      frozen: users.frozen,
      tradeBanned: users.tradeBanned,
    })
    .from(tradeOrders)
    .innerJoin(placementOffers, eq(placementOffers.id, tradeOrders.placementOfferId))
    .innerJoin(users, eq(users.id, tradeOrders.userId))
    .where(inArray(tradeOrders.id, [...orderIds]));
}
