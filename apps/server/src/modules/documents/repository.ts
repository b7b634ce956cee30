import { and, asc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { journalEntries, postings, tradeOrders } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): reads of the user's orders and the postings that booked them, scoped by owner. */

export type OrderRow = typeof tradeOrders.$inferSelect;

/** One of the user's orders, or undefined (another user's id included). */
export async function ownOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.userId, userId)));
  return row;
}

export interface BookedPosting {
  entryId: number;
  entryType: string;
  purpose: string;
  amount: string;
  createdAt: Date;
}

/** The postings on the user's own accounts of every entry of `reference`, in booking order. */
export async function userPostingsOf(db: Db, userId: string, reference: string): Promise<BookedPosting[]> {
  return db
    .select({
      entryId: postings.entryId,
      entryType: postings.entryType,
      purpose: postings.purpose,
      amount: postings.amount,
      createdAt: postings.createdAt,
    })
    .from(postings)
    .where(
      and(
        eq(postings.userId, userId),
        inArray(
          postings.entryId,
          db
            .select({ id: journalEntries.id })
            .from(journalEntries)
            .where(and(eq(journalEntries.reference, reference), eq(journalEntries.userId, userId))),
        ),
      ),
    )
    .orderBy(asc(postings.entryId), asc(postings.id));
}

/**
 * The user's positions in `currency` that opened before `before`, open or closed, oldest first: the
 * trades a first-in-first-out matching up to that instant needs.
 */
export async function positionsOpenedBefore(
  db: Db,
  params: { userId: string; currency: string; before: Date },
) {
  return db
    .select({
      id: tradeOrders.id,
      seq: tradeOrders.seq,
      orderNo: tradeOrders.orderNo,
      symbol: tradeOrders.symbol,
      currency: tradeOrders.currency,
      direction: tradeOrders.direction,
      quantity: tradeOrders.quantity,
      state: tradeOrders.state,
      margin: tradeOrders.margin,
      openedAt: tradeOrders.openedAt,
      openPrice: tradeOrders.openPrice,
      openFee: tradeOrders.openFee,
      closedAt: tradeOrders.closedAt,
      pnl: tradeOrders.pnl,
      closeFee: tradeOrders.closeFee,
      stampDuty: tradeOrders.stampDuty,
      protection: tradeOrders.protection,
    })
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.userId, params.userId),
        eq(tradeOrders.currency, params.currency),
        inArray(tradeOrders.state, ["open", "closing", "closed"]),
        isNotNull(tradeOrders.openedAt),
        lt(tradeOrders.openedAt, params.before),
      ),
    )
    .orderBy(asc(tradeOrders.openedAt), asc(tradeOrders.seq));
}

export type PositionRow = Awaited<ReturnType<typeof positionsOpenedBefore>>[number];
