import {
  ALERT_MESSAGE_KIND,
  ALERT_MOVE_PCT_MAX,
  ALERT_MOVE_PCT_MIN,
  type AlertCondition,
} from "@brokerage/api";
import { EXCHANGES, MoneyDecimal, PRICE_DECIMALS, money, type Listing, type Money } from "@brokerage/core";
import { DomainError } from "../../lib/errors.js";

/**
 * The rules of a price alert, without I/O: what a new alert may ask for, and the prices that fire it.
 *
 * `above` fires at or above its price, `below` at or below; `movePct` at a move of at least its percentage
 * either way from the reference price (the price when it was set). The two prices of a move are rounded away
 * from the reference to the instrument's price grid (its decimals): for a price on the grid, "at or above
 * 10.24951" and "at or above 10.250" are the same test, so an alert never fires on a smaller move and the
 * prices shown are prices the instrument can trade at.
 */

/** An instrument's price decimals; an index quotes at its exchange's. */
export function priceDecimalsOf(listing: Listing): number {
  if (listing.kind !== "index") return listing.priceDecimals;
  return EXCHANGES[listing.exchange]?.priceDecimals ?? 2;
}

/** The prices that fire an alert: at or above the first, at or below the second (null: that side never). */
export interface Thresholds {
  atOrAbove: string | null;
  atOrBelow: string | null;
}

/** `decimals`: the instrument's price decimals (at most the book's 10). */
export function thresholdsOf(
  condition: AlertCondition,
  value: string,
  reference: string,
  decimals: number,
): Thresholds {
  if (condition === "above") return { atOrAbove: money(value).toFixed(), atOrBelow: null };
  if (condition === "below") return { atOrAbove: null, atOrBelow: money(value).toFixed() };
  const places = Math.min(decimals, PRICE_DECIMALS);
  const share = money(value).dividedBy(100);
  const base = money(reference);
  const up = base.times(share.plus(1)).toDecimalPlaces(places, MoneyDecimal.ROUND_UP);
  const down = base.times(money(1).minus(share)).toDecimalPlaces(places, MoneyDecimal.ROUND_DOWN);
  return { atOrAbove: up.toFixed(), atOrBelow: down.toFixed() };
}

const within = (value: Money, low: string, high: string) => value.gte(low) && value.lte(high);

/**
 * Checks a new alert's value against the instrument's price now (`price`) and answers it as stored (plain,
 * without trailing zeros). Refusals, in order: a price not above 0 (ALERT_PRICE_NOT_POSITIVE), more decimals
 * than the instrument quotes (ALERT_PRICE_DECIMALS), on the wrong side of the price now (ALERT_NOT_ABOVE_PRICE,
 * ALERT_NOT_BELOW_PRICE: it would fire at once); a move outside 0.1–50 % or with more than 2 decimals
 * (ALERT_MOVE_OUT_OF_RANGE).
 */
export function checkedValue(
  condition: AlertCondition,
  text: string,
  price: string,
  decimals: number,
  priceShown: string,
): string {
  const value = money(text);
  if (condition === "movePct") {
    if (!within(value, ALERT_MOVE_PCT_MIN, ALERT_MOVE_PCT_MAX) || value.decimalPlaces() > 2)
      throw new DomainError("ALERT_MOVE_OUT_OF_RANGE", {
        field: "value",
        lowest: ALERT_MOVE_PCT_MIN,
        highest: ALERT_MOVE_PCT_MAX,
      });
    return value.toFixed();
  }
  if (!value.greaterThan(0)) throw new DomainError("ALERT_PRICE_NOT_POSITIVE", { field: "value" });
  if (value.decimalPlaces() > decimals)
    throw new DomainError("ALERT_PRICE_DECIMALS", { field: "value", decimals: String(decimals) });
  if (condition === "above" && !value.greaterThan(price))
    throw new DomainError("ALERT_NOT_ABOVE_PRICE", { field: "value", price: priceShown });
  if (condition === "below" && !value.lessThan(price))
    throw new DomainError("ALERT_NOT_BELOW_PRICE", { field: "value", price: priceShown });
  return value.toFixed();
}

/** The move from the reference to `price`, in percent with its sign and two decimals cut toward zero. */
export function movePercent(reference: string, price: string): string {
  const move = money(price)
    .minus(reference)
    .dividedBy(reference)
    .times(100)
    .toDecimalPlaces(2, MoneyDecimal.ROUND_DOWN);
  const text = move.toFixed(2);
  return move.greaterThan(0) ? `+${text}` : text;
}

export const messageKindOf = (condition: AlertCondition) => ALERT_MESSAGE_KIND[condition];
