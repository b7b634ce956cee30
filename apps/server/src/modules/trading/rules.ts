import type { ErrorParams, OrderDirection, OrderDraft } from "@brokerage/api";
import {
  TradingRuleError,
  checkOrder,
  leveragesFor,
  money,
  priceBandLimits,
  stepOf,
  type Instrument,
  type Money,
  type Quote,
  type TradingMarketConfig,
} from "@brokerage/core";
import Decimal from "decimal.js";
import { DomainError } from "../../lib/errors.js";

/**
 * The order checks of DESIGN §5 that are not the core's pure rules, and the core's refusals as the
 * envelope's errors. The service runs them in the fixed order: the account (ledger standing.ts: disabled,
 * frozen, trade ban, fund password), trading hours, a fresh price, then the terms (price above 0, band, the quantity step, leverage,
 * stops) and last the balance.
 */

/** The price an order is costed at: the quote's for a market order, the limit for a limit order. */
export function orderPrice(
  draft: Pick<OrderDraft, "priceType" | "price">,
  quote: Pick<Quote, "close">,
): string {
  if (draft.priceType === "market") return quote.close;
  if (draft.price === undefined) throw new DomainError("PRICE_NOT_POSITIVE", { field: "price" });
  return draft.price;
}

/** More decimals than the instrument's price grid is bad input, never rounded away. */
function refuseDecimals(
  value: Money | string | null | undefined,
  field: string,
  instrument: Instrument,
): void {
  if (value !== null && value !== undefined && money(value).decimalPlaces() > instrument.priceDecimals)
    throw new DomainError("INVALID_INPUT", { field });
}

/**
 * The order's terms, in order: price above 0 (and on the price grid), within the band around the
 * previous close (limit orders), a multiple of the instrument's step, an allowed leverage, then stops on the right sides.
 */
export function checkTerms(
  draft: OrderDraft,
  price: Money,
  quote: Pick<Quote, "prev_close">,
  instrument: Instrument,
  config: TradingMarketConfig,
): void {
  if (!price.greaterThan(0)) throw new DomainError("PRICE_NOT_POSITIVE", { field: "price" });
  if (draft.priceType === "limit") refuseDecimals(price, "price", instrument);
  const limit = draft.priceType === "limit" ? { previousClose: quote.prev_close } : undefined;
  const step = stepOf(instrument, draft.priceType);
  // The leverages on offer for this instrument: the steps up to its class's cap in the market's terms.
  const terms = { leverages: leveragesFor(instrument, config.leverageCaps), priceBand: config.priceBand };
  rule(() => checkOrder({ price, quantity: draft.quantity, step, leverage: draft.leverage, limit }, terms), {
    config: terms,
    instrument,
    previousClose: quote.prev_close,
  });
  refuseDecimals(draft.stopLoss, "stopLoss", instrument);
  refuseDecimals(draft.takeProfit, "takeProfit", instrument);
  checkStops(draft.direction, price, draft);
}

/**
 * A long's stop-loss lies below the reference price and its take-profit above; a short's the other way
 * round. A stop on the wrong side would fire at once, so it is refused with STOP_PRICE_INVALID {field}.
 */
export function checkStops(
  direction: OrderDirection,
  reference: Money | string,
  stops: { stopLoss?: string | null; takeProfit?: string | null },
): void {
  const below = direction === "long" ? "stopLoss" : "takeProfit";
  const above = direction === "long" ? "takeProfit" : "stopLoss";
  const low = stops[below];
  if (low !== null && low !== undefined && !money(low).lessThan(reference))
    throw new DomainError("STOP_PRICE_INVALID", { field: below });
  const high = stops[above];
  if (high !== null && high !== undefined && !money(high).greaterThan(reference))
    throw new DomainError("STOP_PRICE_INVALID", { field: above });
}

export interface RuleContext {
  config?: Pick<TradingMarketConfig, "priceBand"> & { leverages: readonly number[] };
  instrument?: Instrument;
  previousClose?: string;
}

/**
 * Runs a core rule, turning its `TradingRuleError` into the envelope's DomainError (the codes are the
 * same) with the params the app shows: the leverages on offer, the band's limits on the price grid.
 */
export function rule<T>(run: () => T, context: RuleContext = {}): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof TradingRuleError) throw new DomainError(error.code, paramsOf(error, context));
    throw error;
  }
}

function paramsOf(error: TradingRuleError, context: RuleContext): ErrorParams {
  const { config, instrument, previousClose } = context;
  switch (error.code) {
    case "PRICE_NOT_POSITIVE":
      return { field: "price" };
    case "PRICE_BEYOND_LIMIT": {
      if (!config || !instrument || previousClose === undefined) return { field: "price", ...error.params };
      // The band's limits on the instrument's price grid: the lowest and highest prices one can enter.
      const { low, high } = priceBandLimits(previousClose, config.priceBand);
      const dp = instrument.priceDecimals;
      return {
        field: "price",
        min: low.toDecimalPlaces(dp, Decimal.ROUND_UP).toFixed(dp),
        max: high.toDecimalPlaces(dp, Decimal.ROUND_DOWN).toFixed(dp),
      };
    }
    case "QUANTITY_NOT_WHOLE_LOTS":
      return { field: "quantity", ...error.params };
    case "QUANTITY_NOT_MULTIPLE_OF_STEP":
      // The step and the lot it comes from, so that the app can say "a lot is 100 shares".
      return instrument
        ? { field: "quantity", ...error.params, lotSize: String(instrument.lotSize) }
        : { field: "quantity", ...error.params };
    case "LEVERAGE_NOT_ALLOWED":
      return { field: "leverage", ...error.params, allowed: (config?.leverages ?? []).join(", ") };
    default:
      return error.params;
  }
}
