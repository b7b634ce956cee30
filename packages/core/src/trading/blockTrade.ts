import Decimal from "decimal.js";
import { toMillis, type Instant } from "../market/time.js";
import { money } from "../money.js";
import { TradingRuleError } from "./errors.js";
import { assertWholeLots, orderCost, type FeeRule, type OrderCost } from "./maths.js";

/**
 * Block trades (DESIGN §5 "Primary market"): an offer of one instrument at a discounted price, with a
 * minimum (and optional maximum) share count per subscription, a subscription window, and an optional
 * secret key. A subscription is an unleveraged long at the offer's price, held until staff decide it.
 */

export interface BlockTradeOfferTerms {
  /** The price per share, in the settlement currency. */
  price: string;
  currency: string;
  /** Whole shares, as decimal digits. */
  minQuantity: string;
  /** null: no maximum. */
  maxQuantity: string | null;
  /** The window: subscriptions from `opensAt` (inclusive) until `closesAt` (exclusive). */
  opensAt: Instant;
  closesAt: Instant;
  state: "active" | "withdrawn";
  /** SHA-256 (hex) of the secret key the offer asks for; null when it asks for none. */
  secretKeyHash: string | null;
}

export type BlockTradeStatus = "upcoming" | "open" | "closed";

/** Whether the offer takes subscriptions at `at`: a withdrawn offer is closed whatever its window. */
export function blockTradeStatus(
  offer: Pick<BlockTradeOfferTerms, "state" | "opensAt" | "closesAt">,
  at: Instant,
): BlockTradeStatus {
  if (offer.state !== "active") return "closed";
  const now = toMillis(at);
  if (now < toMillis(offer.opensAt)) return "upcoming";
  return now < toMillis(offer.closesAt) ? "open" : "closed";
}

/** Two hex digests compared in time independent of where they differ. */
function sameDigest(expected: string, given: string | null): boolean {
  if (given === null || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

export interface BlockTradeSubscriptionAsk {
  /** Shares, as a decimal string. */
  quantity: string;
  /** SHA-256 (hex, lower case) of the key the user gave; null when none was given. */
  secretKeyHash: string | null;
}

/**
 * The subscription's checks in their fixed order, each refused with its own `TradingRuleError`:
 * BLOCK_TRADE_CLOSED {minShares} (withdrawn, not yet open, or past its window), QUANTITY_NOT_WHOLE_LOTS,
 * BLOCK_TRADE_BELOW_MIN {minShares}, BLOCK_TRADE_ABOVE_MAX {maxShares}, SECRET_KEY_MISMATCH.
 */
export function checkBlockTradeSubscription(
  offer: BlockTradeOfferTerms,
  ask: BlockTradeSubscriptionAsk,
  at: Instant,
): void {
  const minShares = offer.minQuantity;
  if (blockTradeStatus(offer, at) !== "open") throw new TradingRuleError("BLOCK_TRADE_CLOSED", { minShares });
  const shares = assertWholeLots(ask.quantity);
  if (shares.lessThan(offer.minQuantity)) throw new TradingRuleError("BLOCK_TRADE_BELOW_MIN", { minShares });
  if (offer.maxQuantity !== null && shares.greaterThan(offer.maxQuantity))
    throw new TradingRuleError("BLOCK_TRADE_ABOVE_MAX", { maxShares: offer.maxQuantity });
  if (offer.secretKeyHash !== null && !sameDigest(offer.secretKeyHash, ask.secretKeyHash))
    throw new TradingRuleError("SECRET_KEY_MISMATCH");
}

/**
 * What a subscription holds: the trading maths of an unleveraged long at the offer's price (margin = the
 * notional, the market's opening fee), each amount at the currency's scale. The same figures are booked
 * when the subscription is approved.
 */
export function blockTradeCost(
  offer: Pick<BlockTradeOfferTerms, "price" | "currency">,
  quantity: string,
  rule: FeeRule,
): OrderCost {
  // Subscriptions are whole shares (checked before).
  return orderCost(
    {
      direction: "long",
      price: offer.price,
      quantity,
      leverage: 1,
      currency: offer.currency,
    },
    rule,
  );
}

/**
 * How far the offer's price lies below the live price, in percent of the live price with 2 decimals
 * (half-up): "7.50" for 92.50 against 100. Negative when the offer is above the market; null without a
 * live price above zero.
 */
export function blockTradeDiscount(offerPrice: string, livePrice: string | null | undefined): string | null {
  if (livePrice === null || livePrice === undefined) return null;
  const live = money(livePrice);
  if (!live.isFinite() || !live.greaterThan(0)) return null;
  return live.minus(offerPrice).div(live).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
