import { createHash } from "node:crypto";
import type { AdminBlockTradeOffer, BlockTradeOffer, BlockTradeSubscription } from "@brokerage/api";
import {
  blockTradeDiscount,
  blockTradeStatus,
  type BlockTradeOfferTerms,
  type MarketDataProvider,
} from "@brokerage/core";
import { currentPrice, decimalsOf, priceText, toTradeOrder } from "../trading/index.js";
import type { OfferRow, SubscriptionRow } from "./repository.js";

/** How offer rows become the contract's offers and subscriptions, and how a secret key is kept. */

/**
 * The SHA-256 (hex) of a secret key as staff typed it or a user quotes it, spaces around it ignored. Keys
 * are handed out by staff to invited subscribers: a gate, not a password, so a fast digest is enough.
 */
export function secretKeyHash(key: string): string {
  return createHash("sha256").update(key.trim(), "utf8").digest("hex");
}

/** The hash of the key a user gave, null when none (or only spaces) was given. */
export const givenKeyHash = (key: string | undefined): string | null =>
  key === undefined || key.trim() === "" ? null : secretKeyHash(key);

/** The terms the core's rules read from a row. */
export function offerTerms(row: OfferRow): BlockTradeOfferTerms {
  return {
    price: row.price,
    currency: row.currency,
    minQuantity: String(row.minQuantity),
    maxQuantity: row.maxQuantity === null ? null : String(row.maxQuantity),
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    state: row.state,
    secretKeyHash: row.secretKeyHash,
  };
}

const nameOf = (market: MarketDataProvider, symbol: string) => market.listing(symbol)?.name ?? symbol;

/** What every view of an offer shares. */
function offerCommon(row: OfferRow, market: MarketDataProvider) {
  return {
    id: row.id,
    symbol: row.symbol,
    exchange: row.exchange,
    name: nameOf(market, row.symbol),
    market: row.market,
    currency: row.currency,
    price: priceText(row.price, decimalsOf(market, row)),
    minQuantity: String(row.minQuantity),
    maxQuantity: row.maxQuantity === null ? null : String(row.maxQuantity),
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    lockDays: row.lockDays,
    secretKeyRequired: row.secretKeyHash !== null,
  };
}

/** The offer as a user sees it at `at`: its status, and the live price with the discount against it. */
export function toOffer(row: OfferRow, market: MarketDataProvider, at: Date): BlockTradeOffer {
  const live = currentPrice(market, row.symbol, at);
  return {
    ...offerCommon(row, market),
    livePrice: live === undefined ? null : priceText(live, decimalsOf(market, row)),
    discount: blockTradeDiscount(row.price, live),
    status: blockTradeStatus(offerTerms(row), at),
  };
}

/** The offer as staff see it, with who created it and its subscriptions so far. */
export function toAdminOffer(
  row: OfferRow,
  extra: { createdBy: string; pendingCount: number; approvedQuantity: string },
  market: MarketDataProvider,
  at: Date,
): AdminBlockTradeOffer {
  return {
    ...offerCommon(row, market),
    state: row.state,
    status: row.state === "withdrawn" ? "withdrawn" : blockTradeStatus(offerTerms(row), at),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...extra,
  };
}

/** What the audit record keeps of an offer: every term a user meets (of the key, only whether there is one). */
export function offerSnapshot(row: OfferRow) {
  return {
    symbol: row.symbol,
    exchange: row.exchange,
    price: row.price,
    minQuantity: String(row.minQuantity),
    maxQuantity: row.maxQuantity === null ? null : String(row.maxQuantity),
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    lockDays: row.lockDays,
    secretKeyRequired: row.secretKeyHash !== null,
    state: row.state,
  };
}

/** A subscription: the trade order it is (valued at the current price once open), with its offer's terms. */
export function toSubscription(
  { order, offer }: SubscriptionRow,
  market: MarketDataProvider,
  at: Date,
): BlockTradeSubscription {
  const live =
    order.state === "open" || order.state === "closing" ? currentPrice(market, order.symbol, at) : undefined;
  return {
    ...toTradeOrder(order, market, live),
    offerId: offer.id,
    offerPrice: priceText(offer.price, decimalsOf(market, offer)),
    lockDays: offer.lockDays,
  };
}
