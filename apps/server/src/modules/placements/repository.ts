import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  adminUsers,
  placementOffers,
  tradeOrders,
  users,
  type PlacementOfferRow,
  type TradeOrderRow,
} from "../../db/schema/index.js";
import { INDEXED_STATE_GROUPS, offerQueries } from "../trading/index.js";

/** SQL only (CONVENTIONS): placement offers, and the subscriptions (trade orders of kind `placement`). */

export type OfferRow = PlacementOfferRow;
export type NewOffer = typeof placementOffers.$inferInsert;
export type OfferChanges = Partial<Omit<NewOffer, "id" | "seq" | "createdBy" | "createdAt">>;

const offers = offerQueries(placementOffers);

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

/** One offer with the account of the staff member who created it. */
export async function offerWithCreator(db: Db, id: string) {
  const [row] = await db
    .select({ offer: placementOffers, createdBy: adminUsers.account })
    .from(placementOffers)
    .innerJoin(adminUsers, eq(adminUsers.id, placementOffers.createdBy))
    .where(eq(placementOffers.id, id));
  return row;
}

/** Per offer: subscriptions waiting for review, and the shares of those approved (open or since closed). */
export async function subscriptionCounts(db: Db, offerIds: readonly string[]) {
  if (offerIds.length === 0) return new Map<string, { pending: number; approvedQuantity: number }>();
  const rows = await db
    .select({
      offerId: tradeOrders.placementOfferId,
      pending: sql<number>`count(*) filter (where ${tradeOrders.state} = 'review')`.mapWith(Number),
      approvedQuantity:
        sql<number>`coalesce(sum(${tradeOrders.quantity}) filter (where ${tradeOrders.state} in ('open', 'closing', 'closed')), 0)`.mapWith(
          Number,
        ),
    })
    .from(tradeOrders)
    .where(inArray(tradeOrders.placementOfferId, [...offerIds]))
    .groupBy(tradeOrders.placementOfferId);
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
        .select({ order: tradeOrders, offer: placementOffers })
        .from(tradeOrders)
        .innerJoin(placementOffers, eq(placementOffers.id, tradeOrders.placementOfferId))
        .where(
          and(
            eq(tradeOrders.userId, params.userId),
            inArray(tradeOrders.state, [...states]),
            eq(tradeOrders.kind, "placement"),
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

/** A subscription with its offer, of `userId` (a review names its user). */
export async function findSubscription(
  db: Db,
  params: { id: string; userId: string },
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({ order: tradeOrders, offer: placementOffers })
    .from(tradeOrders)
    .innerJoin(placementOffers, eq(placementOffers.id, tradeOrders.placementOfferId))
    .where(
      and(
        eq(tradeOrders.id, params.id),
        eq(tradeOrders.kind, "placement"),
        eq(tradeOrders.userId, params.userId),
      ),
    );
  return row;
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
