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

/** Rounds an amount to the currency's booking scale and renders it as a plain decimal string. */
export function toBookedString(value: Money | string, currency: string): string {
  return money(value).toDecimalPlaces(scaleOf(currency), Decimal.ROUND_HALF_UP).toFixed(scaleOf(currency));
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
