import Decimal from "decimal.js";
import type { Instant } from "../market/time.js";
import { money, toBookedString } from "../money.js";
import { blockTradeCost, blockTradeStatus, type BlockTradeStatus } from "./blockTrade.js";
import { TradingRuleError } from "./errors.js";
import { assertWholeLots, type FeeRule, type OrderCost } from "./maths.js";

/**
 * Placements and capital increases (DESIGN §4.1 "Placements"): new shares of a listed instrument at a
 * fixed price, a minimum and an optional maximum amount per subscription, a window. A subscription is
 * whole shares, an unleveraged long at the offer's price held until staff decide it, as a block trade's
 * is: the window and the cost are the block trade's own rules.
 */

export interface PlacementOfferTerms {
  /** The price per share, in the instrument's currency. */
  price: string;
  currency: string;
  /** The least and most (null: none) one subscription may be worth: price × shares, before commission. */
  minAmount: string;
  maxAmount: string | null;
  opensAt: Instant;
  closesAt: Instant;
  state: "active" | "withdrawn";
}

/** Whether the offer takes subscriptions at `at` (a withdrawn offer is closed whatever its window). */
export const placementStatus = (
  offer: Pick<PlacementOfferTerms, "state" | "opensAt" | "closesAt">,
  at: Instant,
): BlockTradeStatus => blockTradeStatus(offer, at);

/** What `quantity` shares are worth at the offer's price, at the currency's scale (the amount bounded). */
export const placementAmount = (offer: Pick<PlacementOfferTerms, "price" | "currency">, quantity: string) =>
  toBookedString(money(offer.price).times(quantity), offer.currency);

/**
 * The amount bounds in whole shares at the price: the fewest shares worth at least the minimum, and the
 * most worth no more than the maximum (null: no maximum). Where no whole number of shares fits between
 * them, `maxQuantity` is below `minQuantity`.
 */
export function placementShareRange(offer: Pick<PlacementOfferTerms, "price" | "minAmount" | "maxAmount">): {
  minQuantity: string;
  maxQuantity: string | null;
} {
  const price = money(offer.price);
  const least = Decimal.max(1, money(offer.minAmount).div(price).toDecimalPlaces(0, Decimal.ROUND_CEIL));
  const most =
    offer.maxAmount === null
      ? null
      : money(offer.maxAmount).div(price).toDecimalPlaces(0, Decimal.ROUND_FLOOR);
  return { minQuantity: least.toFixed(0), maxQuantity: most === null ? null : most.toFixed(0) };
}

/**
 * The subscription's own checks in their fixed order, after the account's and the eligibility's:
 * PLACEMENT_CLOSED (withdrawn, not yet open or past its window), QUANTITY_NOT_WHOLE_LOTS,
 * PLACEMENT_BELOW_MIN {min, currency} (the spec's "below minimum placement amount", the minimum in the
 * message), PLACEMENT_ABOVE_MAX {max, currency}.
 */
export function checkPlacementWindow(offer: PlacementOfferTerms, at: Instant): void {
  if (placementStatus(offer, at) !== "open") throw new TradingRuleError("PLACEMENT_CLOSED");
}

export function checkPlacementQuantity(offer: PlacementOfferTerms, quantity: string): void {
  assertWholeLots(quantity);
  const amount = money(placementAmount(offer, quantity));
  const { currency } = offer;
  if (amount.lessThan(offer.minAmount))
    throw new TradingRuleError("PLACEMENT_BELOW_MIN", {
      min: toBookedString(offer.minAmount, currency),
      currency,
    });
  if (offer.maxAmount !== null && amount.greaterThan(offer.maxAmount))
    throw new TradingRuleError("PLACEMENT_ABOVE_MAX", {
      max: toBookedString(offer.maxAmount, currency),
      currency,
    });
}

/**
 * What a subscription holds and, approved, books: price × shares unleveraged (the margin is the whole
 * amount) and the market's opening commission, each at the currency's scale, as a block trade's.
 */
export const placementCost = (
  offer: Pick<PlacementOfferTerms, "price" | "currency">,
  quantity: string,
  rule: FeeRule,
): OrderCost => blockTradeCost(offer, quantity, rule);
