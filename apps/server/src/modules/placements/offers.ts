import type { AdminPlacementOffer, PlacementOffer, PlacementSubscription } from "@brokerage/api";
import {
  placementShareRange,
  placementStatus,
  toBookedString,
  type MarketDataProvider,
  type PlacementOfferTerms,
} from "@brokerage/core";
import { currentPrice, decimalsOf, priceText, toTradeOrder } from "../trading/index.js";
import type { OfferRow, SubscriptionRow } from "./repository.js";

/** How offer rows become the contract's offers and subscriptions. */

/** The terms the core's rules read from a row. */
export function offerTerms(row: OfferRow): PlacementOfferTerms {
  return {
    price: row.price,
    currency: row.currency,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    state: row.state,
  };
}

const nameOf = (market: MarketDataProvider, symbol: string) => market.listing(symbol)?.name ?? symbol;

/** What every view of an offer shares. */
function offerCommon(row: OfferRow, market: MarketDataProvider) {
  return {
    id: row.id,
    kind: row.kind,
    symbol: row.symbol,
    exchange: row.exchange,
    name: nameOf(market, row.symbol),
    market: row.market,
    currency: row.currency,
    price: priceText(row.price, decimalsOf(market, row)),
    minAmount: toBookedString(row.minAmount, row.currency),
    maxAmount: row.maxAmount === null ? null : toBookedString(row.maxAmount, row.currency),
    ...placementShareRange(row),
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    eligibility: row.eligibility,
    lockDays: row.lockDays,
  };
}

/** The offer as a user sees it at `at`: its status and the live price. */
export function toOffer(row: OfferRow, market: MarketDataProvider, at: Date): PlacementOffer {
  const live = currentPrice(market, row.symbol, at);
  return {
    ...offerCommon(row, market),
    livePrice: live === undefined ? null : priceText(live, decimalsOf(market, row)),
    status: placementStatus(row, at),
  };
}

/** The offer as staff see it, with who created it and its subscriptions so far. */
export function toAdminOffer(
  row: OfferRow,
  extra: { createdBy: string; pendingCount: number; approvedQuantity: string },
  market: MarketDataProvider,
  at: Date,
): AdminPlacementOffer {
  return {
    ...offerCommon(row, market),
    state: row.state,
    status: row.state === "withdrawn" ? "withdrawn" : placementStatus(row, at),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...extra,
  };
}

/** What the audit record keeps of an offer: every term a user meets. */
export function offerSnapshot(row: OfferRow) {
  return {
    kind: row.kind,
    symbol: row.symbol,
    exchange: row.exchange,
    price: row.price,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    eligibility: row.eligibility,
    lockDays: row.lockDays,
    state: row.state,
  };
}

/** A subscription: the trade order it is (valued at the current price once open), with its offer's terms. */
export function toSubscription(
  { order, offer }: SubscriptionRow,
  market: MarketDataProvider,
  at: Date,
): PlacementSubscription {
  const live =
    order.state === "open" || order.state === "closing" ? currentPrice(market, order.symbol, at) : undefined;
  return {
    ...toTradeOrder(order, market, live),
    offerId: offer.id,
    offerKind: offer.kind,
    offerPrice: priceText(offer.price, decimalsOf(market, offer)),
    lockDays: offer.lockDays,
  };
}
