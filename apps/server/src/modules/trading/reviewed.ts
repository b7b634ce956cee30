import type { OrderKind } from "@brokerage/api";
import {
  fillEntries,
  lockedUntil,
  quantityText,
  releaseEntries,
  toBookedString,
  type ExchangeCode,
  type MarketDataProvider,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import type { Cause } from "../ledger/index.js";
import { bookAll, heldOf, referenceOf } from "./money.js";
import { currentPrice, priceText } from "./pricing.js";
import * as repo from "./repository.js";
import { decimalsOf } from "./view.js";

/**
 * A subscription held for review (block trades, placements: an order in `review` whose margin and fee
 * were held at the offer's price) decided by staff: one path for every kind of offer that allots a
 * position by review. The caller has locked the order (`lockReviewed`) and checked the transition.
 */

/** The offer terms a decision and its message read. */
export interface ReviewedOffer {
  id: string;
  price: string;
  lockDays: number;
  closesAt: Date;
  state: string;
}

const nameOf = (market: MarketDataProvider, symbol: string) => market.listing(symbol)?.name ?? symbol;

/** The review's own user's order of `kind`, locked for the decision; NOT_FOUND for anything else. */
export async function lockReviewed(
  tx: Db,
  review: { subjectId: string; userId: string },
  kind: OrderKind,
): Promise<repo.TradeOrderRow> {
  const row = await repo.lockOrder(tx, { id: review.subjectId, userId: review.userId });
  if (!row || row.kind !== kind) throw new DomainError("NOT_FOUND");
  return row;
}

/**
 * What the reviewer sees of every reviewed subscription: the instrument, the shares, what is held (margin
 * and fee), the offer's price against the live one, the lock, the offer's end and state, and the user's
 * verification and name.
 */
export function reviewedSubject(
  order: repo.TradeOrderRow,
  offer: ReviewedOffer,
  user: { realName: string | null; kycStatus: string },
  market: MarketDataProvider,
  now: Date,
): Record<string, string | null> {
  const decimals = decimalsOf(market, order);
  const live = currentPrice(market, order.symbol, now);
  return {
    symbol: order.symbol,
    quantity: quantityText(order.quantity),
    holdAmount: heldOf(order).total,
    currency: order.currency,
    name: nameOf(market, order.symbol),
    exchange: order.exchange,
    offerPrice: priceText(offer.price, decimals),
    livePrice: live === undefined ? null : priceText(live, decimals),
    margin: toBookedString(order.margin, order.currency),
    fee: toBookedString(order.openFee, order.currency),
    lockDays: String(offer.lockDays),
    offerClosesAt: offer.closesAt.toISOString(),
    offerState: offer.state,
    orderNo: order.orderNo,
    orderId: order.id,
    offerId: offer.id,
    createdAt: order.createdAt.toISOString(),
    realName: user.realName,
    kycStatus: user.kycStatus,
  };
}

/**
 * The decision's message params: the instrument and shares; approved, the price and the lock (absent when
 * the position is not locked, so the message is worded without one); refused, what came back.
 */
export function reviewedMessageParams(
  order: repo.TradeOrderRow,
  offer: Pick<ReviewedOffer, "price" | "lockDays">,
  market: MarketDataProvider,
  outcome: "approved" | "rejected",
): Record<string, string> {
  const common = {
    name: nameOf(market, order.symbol),
    symbol: order.symbol,
    quantity: quantityText(order.quantity),
    currency: order.currency,
  };
  if (outcome === "rejected") return { ...common, amount: heldOf(order).total };
  const price = priceText(offer.price, decimalsOf(market, order));
  return order.lockedUntil === null
    ? { ...common, price }
    : { ...common, price, lockDays: String(offer.lockDays) };
}

/**
 * Approved: the position opens at the offer's price, paid from the hold exactly as held (the margin and
 * fee the user was shown and agreed to: `fillEntries`), locked for `lockDays` trading days of the
 * order's exchange counted from `at` (core `lockedUntil`; none for 0).
 */
export async function allotReviewed(
  tx: Db,
  row: repo.TradeOrderRow,
  offer: { price: string; lockDays: number },
  cause: Cause,
  at: Date,
): Promise<repo.TradeOrderRow> {
  const held = heldOf(row);
  const filled = { margin: row.margin, fee: row.openFee, total: held.total };
  const [entryId] = await bookAll(tx, fillEntries(row.userId, row.currency, held, filled), {
    userId: row.userId,
    reference: referenceOf(row.id),
    cause,
    at,
  });
  const lock = lockedUntil(at, { kind: "tradingDays", n: offer.lockDays }, row.exchange as ExchangeCode);
  const opened = await repo.transition(tx, {
    id: row.id,
    from: "review",
    to: "open",
    changes: {
      openedAt: at,
      openPrice: offer.price,
      lockedUntil: lock === null ? null : new Date(lock),
      openEntryId: entryId ?? null,
    },
  });
  if (!opened) throw new DomainError("ORDER_STATE_INVALID");
  return opened;
}

/** Refused: everything held goes back to available, and the order keeps the reason (`declined`). */
export async function declineReviewed(
  tx: Db,
  row: repo.TradeOrderRow,
  reason: string,
  cause: Cause,
  at: Date,
): Promise<repo.TradeOrderRow> {
  const [entryId] = await bookAll(tx, releaseEntries(row.userId, row.currency, heldOf(row)), {
    userId: row.userId,
    reference: referenceOf(row.id),
    cause,
    at,
  });
  const declined = await repo.transition(tx, {
    id: row.id,
    from: "review",
    to: "declined",
    changes: { declineReason: reason, releaseEntryId: entryId ?? null },
  });
  if (!declined) throw new DomainError("ORDER_STATE_INVALID");
  return declined;
}
