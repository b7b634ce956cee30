import { MoneyDecimal, money, scaleOf, toChargedString, type Money } from "../../money.js";

/**
 * The arithmetic of a currency exchange quote (DESIGN §4.1 `fund/exchangeQuote`), pure and exact.
 *
 * The user names the amount they pay in the `from` currency. The platform charges a fee, a fraction
 * (`exchange.feeRate`) of that amount in the same currency, and converts the rest at the quoted rate: the
 * mid rate less the disclosed spread (`exchange.spread`, a fraction of the mid rate). Every rounding goes
 * the platform's way by at most one unit of the currency's scale, never the user's way beyond what the
 * disclosed terms give: the rate and the amount received are rounded down, the fee up.
 */

/** Decimals of a quoted rate (the scale of `exchange_quotes.rate`). */
export const RATE_DECIMALS = 12;

/** The smallest step of a currency at its booking scale: 0.01 for USD, 1 for JPY, KRW and VND. */
export const unitOf = (currency: string): Money => money(1).div(money(10).pow(scaleOf(currency)));

/** Whether a positive amount is expressible in the currency (no more decimals than its booking scale). */
export function fitsScale(amount: Money | string, currency: string): boolean {
  const value = money(amount);
  return value.isFinite() && value.greaterThan(0) && value.decimalPlaces() <= scaleOf(currency);
}

/**
 * The rate the user gets: units of `to` per unit of `from`, the mid rate less the spread, rounded down to
 * RATE_DECIMALS so that the rate shown (and stored) is never above what the spread allows.
 */
export function quotedRate(mid: Money | string, spread: Money | string): string {
  return money(mid)
    .times(money(1).minus(spread))
    .toDecimalPlaces(RATE_DECIMALS, MoneyDecimal.ROUND_DOWN)
    .toFixed();
}

/**
 * The fee in the paying currency, rounded up to its scale: the platform never charges less than the
 * disclosed fee rate (a non-zero rate on the smallest amount is one unit).
 */
export function exchangeFee(amount: Money | string, feeRate: Money | string, currency: string): string {
  return toChargedString(money(amount).times(feeRate), currency);
}

/**
 * What the user receives for paying `amount`: (amount − fee) × rate, rounded DOWN to the receiving
 * currency's scale. Rounding down is deliberate: rounding half-up could pay the user a fraction of a unit
 * more than the quoted rate gives, money the platform's FX account would have to make up.
 */
export function receiveFor(
  amount: Money | string,
  rate: Money | string,
  feeRate: Money | string,
  from: string,
  to: string,
): string {
  const net = money(amount).minus(exchangeFee(amount, feeRate, from));
  if (net.lessThanOrEqualTo(0)) return money(0).toFixed(scaleOf(to));
  return net.times(rate).toDecimalPlaces(scaleOf(to), MoneyDecimal.ROUND_DOWN).toFixed(scaleOf(to));
}

/**
 * The smallest amount of `from` that receives at least one unit of `to` at this rate and fee rate (the
 * `min` of the refusal of a smaller amount). The amount received never decreases as the amount paid
 * grows, so the estimate below is corrected by single steps.
 */
export function minimumExchange(
  rate: Money | string,
  feeRate: Money | string,
  from: string,
  to: string,
): string {
  const step = unitOf(from);
  const receives = (amount: Money) => money(receiveFor(amount, rate, feeRate, from, to)).greaterThan(0);
  const estimate = unitOf(to).div(rate).div(money(1).minus(feeRate));
  let amount = MoneyDecimal.max(step, estimate.toDecimalPlaces(scaleOf(from), MoneyDecimal.ROUND_UP));
  while (!receives(amount)) amount = amount.plus(step);
  while (amount.greaterThan(step) && receives(amount.minus(step))) amount = amount.minus(step);
  return amount.toFixed(scaleOf(from));
}

export interface ExchangeTerms {
  /** Units of `to` per unit of `from` at the mid rate. */
  mid: Money | string;
  /** `exchange.spread`: a fraction of the mid rate (0.005 = 0.5 %). */
  spread: Money | string;
  /** `exchange.feeRate`: a fraction of the amount paid. */
  feeRate: Money | string;
}

export type ExchangeQuoteMath =
  | {
      ok: true;
      /** The quoted rate (mid less spread), RATE_DECIMALS at most. */
      rate: string;
      /** In `from`, at its scale. */
      fee: string;
      /** In `to`, at its scale, rounded down. */
      receive: string;
    }
  /** The amount is too small to receive one unit of `to`: `min` is the smallest that does. */
  | { ok: false; reason: "belowMinimum"; min: string }
  /** The rate rounds to nothing (a mid rate of 0 or a spread of 100 %): no quote can be given. */
  | { ok: false; reason: "noRate" };

/** The whole quote for paying `amount` of `from` (already checked to be positive at its scale). */
export function quoteExchange(
  amount: Money | string,
  from: string,
  to: string,
  terms: ExchangeTerms,
): ExchangeQuoteMath {
  const rate = quotedRate(terms.mid, terms.spread);
  if (!money(rate).greaterThan(0)) return { ok: false, reason: "noRate" };
  const receive = receiveFor(amount, rate, terms.feeRate, from, to);
  if (!money(receive).greaterThan(0))
    return { ok: false, reason: "belowMinimum", min: minimumExchange(rate, terms.feeRate, from, to) };
  return { ok: true, rate, fee: exchangeFee(amount, terms.feeRate, from), receive };
}

/**
 * The fund-flow type of an exchange (spec §9: the INR/USD transfer has its own): US-to-India for USD →
 * INR, India-to-US for INR → USD, `exchange` for every other pair.
 */
export function exchangeEntryType(from: string, to: string): "usToIndia" | "indiaToUs" | "exchange" {
  if (from === "USD" && to === "INR") return "usToIndia";
  if (from === "INR" && to === "USD") return "indiaToUs";
  return "exchange";
}
