/**
 * Refusals of the trading rules. The codes that spec §8 names are spelt as in `packages/api` errors.ts
 * (ORDER_STATE_INVALID, SELL_LOCKED, PRICE_NOT_POSITIVE, PRICE_BEYOND_LIMIT), so the server maps a
 * `TradingRuleError` to the envelope without a translation table; QUANTITY_NOT_WHOLE_LOTS (subscriptions),
 * QUANTITY_NOT_MULTIPLE_OF_STEP (orders) and LEVERAGE_NOT_ALLOWED are checks spec §8 gives no message for.
 */
export type TradingRuleCode =
  | "ORDER_STATE_INVALID"
  | "SELL_LOCKED"
  | "POSITION_LENT"
  | "PRICE_NOT_POSITIVE"
  | "PRICE_BEYOND_LIMIT"
  | "QUANTITY_NOT_WHOLE_LOTS"
  | "QUANTITY_NOT_MULTIPLE_OF_STEP"
  | "LEVERAGE_NOT_ALLOWED"
  // Block-trade subscriptions (blockTrade.ts).
  | "BLOCK_TRADE_CLOSED"
  | "BLOCK_TRADE_BELOW_MIN"
  | "BLOCK_TRADE_ABOVE_MAX"
  | "SECRET_KEY_MISMATCH"
  // Placement and capital-increase subscriptions (placement.ts).
  | "PLACEMENT_CLOSED"
  | "PLACEMENT_BELOW_MIN"
  | "PLACEMENT_ABOVE_MAX";

export class TradingRuleError extends Error {
  constructor(
    readonly code: TradingRuleCode,
    /** Message params, e.g. `{ until }` (an ISO instant) for SELL_LOCKED. */
    readonly params: Record<string, string> = {},
    message: string = code,
  ) {
    super(message);
    this.name = "TradingRuleError";
  }
}
