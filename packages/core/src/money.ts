import Decimal from "decimal.js";

/**
 * Exact money. Amounts are decimal strings on the wire and `Decimal` in code; a JS number never holds money.
 * Each currency has a booking scale; amounts are rounded half-up to it where money is booked.
 */
export const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof MoneyDecimal>;

export const CURRENCY_SCALE: Record<string, number> = {
  USD: 2,
  THB: 2,
  INR: 2,
  CNY: 2,
  TWD: 2,
  HKD: 2,
  MYR: 2,
  CAD: 2,
  CHF: 2,
  JPY: 0,
  KRW: 0,
  VND: 0,
  USDT: 6,
  BTC: 8,
  ETH: 8,
};

export function money(value: string | number | Money): Money {
  return new MoneyDecimal(value);
}

export function scaleOf(currency: string): number {
  return CURRENCY_SCALE[currency] ?? 2;
}

/**
 * Per scale: a plain decimal as `toFixed(scale)` writes one (an optional minus, no leading zeros, exactly
 * `scale` decimals, no exponent).
 */
const bookedForms = new Map<number, RegExp>();
/** A negative zero ("-0.00"), which `toFixed` writes without its sign. */
const NEGATIVE_ZERO = /^-0(?:\.0*)?$/;

/** Whether `text` is exactly what `toBookedString` makes of it: an amount at `scale`, written as it writes one. */
function isBookedText(text: string, scale: number): boolean {
  let form = bookedForms.get(scale);
  if (form === undefined) {
    form = new RegExp(scale > 0 ? `^-?(?:0|[1-9]\\d*)\\.\\d{${scale}}$` : "^-?(?:0|[1-9]\\d*)$");
    bookedForms.set(scale, form);
  }
  return form.test(text) && !NEGATIVE_ZERO.test(text);
}

/** Rounds an amount to the currency's booking scale and renders it as a plain decimal string. */
export function toBookedString(value: Money | string, currency: string): string {
  const scale = scaleOf(currency);
  // Most amounts given as text are booked already (read from a row, or booked a step before): parsing,
  // rounding and printing one gives back the same text, at several times the cost of recognising it.
  if (typeof value === "string" && isBookedText(value, scale)) return value;
  return fixedText(money(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP), scale);
}

/**
 * A fee, tax or interest the platform charges, rounded UP to the currency's booking scale and rendered as
 * `toBookedString` renders amounts. Every charge goes through here: rounding half-up would let an order
 * small enough (or split finely enough) book zero on a non-zero rate, so the rate would be avoidable. Up
 * costs the payer less than one unit of the currency, and a rate of zero still books zero.
 */
export function toChargedString(value: Money | string, currency: string): string {
  const amount = money(value);
  if (amount.isNegative() || !amount.isFinite())
    throw new RangeError(`a charge is a finite amount of at least zero, not ${amount.toString()}`);
  const scale = scaleOf(currency);
  return fixedText(amount.toDecimalPlaces(scale, Decimal.ROUND_UP), scale);
}

/** A plain decimal as `toFixed()` writes one: an optional minus, no leading or trailing zeros, no exponent. */
const PLAIN_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/**
 * `money(value).toFixed()`: the value in plain notation, without trailing zeros. A text already written so
 * (most amounts of entries are) is given back as it is, rather than parsed and printed again.
 */
export function toPlainString(value: Money | string): string {
  if (typeof value === "string" && PLAIN_TEXT.test(value) && !NEGATIVE_ZERO.test(value)) return value;
  return money(value).toFixed();
}

/** The most decimals `fixedText` writes itself; more are left to decimal.js. */
const FIXED_TEXT_MAX_DECIMALS = 40;

/**
 * Exactly `value.toFixed(decimals)`. A value already rounded to `decimals` (an amount at its scale, a
 * price on its grid) is written as decimal.js writes it plainly, with zeros added: decimal.js's
 * `toFixed(decimals)` rounds it once more all the same, which costs more than all the rest of it. Anything
 * else (more decimals, not finite, an odd `decimals`) goes to decimal.js.
 */
export function fixedText(value: Money, decimals: number): string {
  const plain =
    Number.isInteger(decimals) &&
    decimals >= 0 &&
    decimals <= FIXED_TEXT_MAX_DECIMALS &&
    value.isFinite() &&
    value.decimalPlaces() <= decimals;
  if (!plain) return value.toFixed(decimals);
  // toFixed() never rounds and writes a negative zero as "0", as toFixed(decimals) does.
  const text = value.toFixed();
  if (decimals === 0) return text;
  const point = text.indexOf(".");
  const written = point === -1 ? 0 : text.length - point - 1;
  return `${text}${point === -1 ? "." : ""}${"0".repeat(decimals - written)}`;
}

/** Spec §9: 2 decimals with thousands separators (e.g. "1,234,567.80"). */
export function formatMoney(value: Money | string | number, decimals = 2): string {
  const fixed = money(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
  const negative = fixed.startsWith("-");
  const [int = "0", frac] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${frac !== undefined ? `.${frac}` : ""}`;
}

/** Percent change to 2 decimals (spec §3: gain), as a string; "0.00" when there is no previous close. */
export function percentChange(close: Money | string, prevClose: Money | string): string {
  const prev = money(prevClose);
  if (prev.isZero()) return "0.00";
  return money(close).minus(prev).div(prev).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
