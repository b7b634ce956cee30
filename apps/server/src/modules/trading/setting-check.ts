import { TRADING_MARKETS, type SettingKey, type TradingMarket } from "@brokerage/api";
import { TradingConfigError, checkTradingConfig } from "@brokerage/core";
import { DomainError } from "../../lib/errors.js";

const TRADING_KEYS = new Map<string, TradingMarket>(
  TRADING_MARKETS.map((market) => [`trading.${market}`, market]),
);

/**
 * `config/set` of a `trading.<market>` key: the value must also pass the core's own check with the market
 * (what trading reads it back with, pricing.ts `tradingConfig`), which knows the settlement currency's scale
 * (a minimum fee of 0.5 won cannot be booked). Without it such a value would be stored and shown as in
 * use while every order silently ran on the defaults. INVALID_INPUT names the field inside the value.
 */
export function checkTradingSetting(key: SettingKey, value: unknown): void {
  const market = TRADING_KEYS.get(key);
  if (market === undefined) return;
  try {
    checkTradingConfig(value, market);
  } catch (error) {
    if (!(error instanceof TradingConfigError)) throw error;
    throw new DomainError("INVALID_INPUT", { field: error.field ? `value.${error.field}` : "value" });
  }
}
