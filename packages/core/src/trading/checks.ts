import { money, type Money } from "../money.js";
import type { TradingMarketConfig } from "./config.js";
import { TradingRuleError } from "./errors.js";
import { assertQuantityStep } from "./quantity.js";

/**
 * The order checks that depend only on the order and the market's rules, in the order: price above
 * 0 and within the band, a multiple of the instrument's quantity step, leverage allowed. (Trade ban, fund password, hours, a fresh price and
 * the balance need the server's state and come before or after these there.)
 */

/** The lowest and highest limit price a band allows around the previous close, inclusive, exact. */
export function priceBandLimits(previousClose: string | Money, band: string): { low: Money; high: Money } {
  const base = money(previousClose);
  return { low: base.times(money(1).minus(band)), high: base.times(money(1).plus(band)) };
}

export interface OrderCheck {
  price: string | Money;
  /** A decimal string, a multiple of `step`. */
  quantity: string;
  /** The instrument's step for this order's price type (market/lots.ts `stepOf`). */
  step: string;
  leverage: number;
  /** Limit orders only: the band is around the previous close; a market order takes the current price. */
  limit?: { previousClose: string | Money };
}

/** Throws the first refusal as a `TradingRuleError`; returns when the order passes. */
export function checkOrder(
  order: OrderCheck,
  config: Pick<TradingMarketConfig, "priceBand"> & {
    /** The leverages on offer for the order's instrument (`leveragesFor` its market's caps). */
    leverages: readonly number[];
  },
): void {
  const price = money(order.price);
  if (!price.isFinite() || !price.greaterThan(0)) throw new TradingRuleError("PRICE_NOT_POSITIVE");
  if (order.limit) {
    const { low, high } = priceBandLimits(order.limit.previousClose, config.priceBand);
    if (price.lessThan(low) || price.greaterThan(high))
      throw new TradingRuleError("PRICE_BEYOND_LIMIT", { min: low.toFixed(), max: high.toFixed() });
  }
  assertQuantityStep(order.quantity, order.step);
  if (!config.leverages.includes(order.leverage))
    throw new TradingRuleError("LEVERAGE_NOT_ALLOWED", { leverage: String(order.leverage) });
}
