import { money } from "../money.js";
import type { Quote } from "./types.js";

/** The exchange currencies of spec §9, INR, and CAD and CHF (the quote currencies of USDCAD and USDCHF). */
export const FX_CURRENCIES = [
  "USD",
  "CNY",
  "TWD",
  "HKD",
  "THB",
  "JPY",
  "VND",
  "MYR",
  "KRW",
  "INR",
  "CAD",
  "CHF",
] as const;

/** Units of each currency per one US dollar ("1400.25" for KRW), as decimal strings. */
export type UsdRates = Readonly<Record<string, string>>;

const SIGNIFICANT = 10;

/**
 * Mid rates per US dollar from forex pair quotes: USDxxx gives xxx directly, xxxUSD its inverse.
 * USDT is pegged at 1.
 */
export function usdRatesFromQuotes(quotes: readonly Pick<Quote, "code" | "close">[]): Record<string, string> {
  const rates: Record<string, string> = { USD: "1", USDT: "1" };
  for (const q of quotes) {
    if (q.code.length !== 6) continue;
    const base = q.code.slice(0, 3);
    const quote = q.code.slice(3);
    if (base === "USD") rates[quote] = q.close;
    else if (quote === "USD") rates[base] = money(1).div(q.close).toSignificantDigits(SIGNIFICANT).toFixed();
  }
  return rates;
}

/** Units of `to` per one unit of `from` (10 significant digits), or undefined for an unknown currency. */
export function crossRate(rates: UsdRates, from: string, to: string): string | undefined {
  const perUsdFrom = rates[from];
  const perUsdTo = rates[to];
  if (perUsdFrom === undefined || perUsdTo === undefined) return undefined;
  if (from === to) return "1";
  return money(perUsdTo).div(perUsdFrom).toSignificantDigits(SIGNIFICANT).toFixed();
}

/** Converts an amount at the mid cross rate (unrounded; book it with toBookedString). */
export function convertAmount(rates: UsdRates, amount: string, from: string, to: string): string | undefined {
  const rate = crossRate(rates, from, to);
  return rate === undefined ? undefined : money(amount).times(rate).toFixed();
}
