import { usdRatesFromQuotes } from "../../market/fx.js";
import type { Quote } from "../../market/types.js";

/**
 * Where an exchange rate comes from and when it is too old to use (DESIGN §5 Currencies: exchange uses the
 * simulated FX rates). Every currency is priced against the US dollar through its forex pair, `USDxxx`
 * (units per dollar) or `xxxUSD` (its inverse); a cross rate is the ratio of two such rates.
 *
 * A rate is fresh when its quote is recent: while forex trades (24/5), a price at most
 * FX_RATE_MAX_AGE_OPEN_MS old; while it is shut (Friday 17:00 to Sunday 17:00 New York), the last close,
 * at most FX_RATE_MAX_AGE_CLOSED_MS old. Anything older (a recording that ended, a feed that stopped) is
 * stale, and a stale rate is never used: the quote is refused instead.
 *
 * The reference rates, where a feed carries no pair for a currency, are the base prices of the forex
 * pairs in market/instruments/forex.ts (units per dollar, or dollars per unit for xxxUSD pairs), which the
 * simulator drifts around deterministically.
 */
export const FX_RATE_MAX_AGE_OPEN_MS = 2 * 60_000;
/** The forex weekend is 48 hours; a day more allows for a holiday next to it. */
export const FX_RATE_MAX_AGE_CLOSED_MS = 72 * 3_600_000;
/** A quote stamped slightly after "now" (clocks of two processes) still counts as fresh. */
const FUTURE_TOLERANCE_MS = 60_000;

export type RateQuote = Pick<Quote, "code" | "close" | "status" | "timestamp">;

/** Whether a pair's quote may price an exchange at `at`. */
export function isFreshRate(quote: Pick<Quote, "status" | "timestamp">, at: Date): boolean {
  const stamped = Date.parse(quote.timestamp);
  if (Number.isNaN(stamped)) return false;
  const age = at.getTime() - stamped;
  if (age < -FUTURE_TOLERANCE_MS) return false;
  return age <= (quote.status === "open" ? FX_RATE_MAX_AGE_OPEN_MS : FX_RATE_MAX_AGE_CLOSED_MS);
}

/** The forex symbols that price a currency against the dollar, the direct quote first. */
export const usdPairsOf = (currency: string): [string, string] => [`USD${currency}`, `${currency}USD`];

/**
 * Units of `currency` per US dollar from its pair's quote (USD itself is 1), or undefined when the quote
 * is not of one of its pairs or its price is not positive.
 */
export function perUsdFromQuote(currency: string, quote: Pick<Quote, "code" | "close">): string | undefined {
  if (currency === "USD") return "1";
  if (!usdPairsOf(currency).includes(quote.code) || !(Number(quote.close) > 0)) return undefined;
  return usdRatesFromQuotes([quote])[currency];
}
