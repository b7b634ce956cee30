import { LENDING_DAY_COUNT } from "@brokerage/api/constants";
import { MoneyDecimal, fixedText, money, scaleOf } from "@brokerage/core";

/** A fraction as a percentage without trailing zeros: "0.01" → "1". */
export const percentOf = (fraction: string) => money(fraction).times(100).toFixed();

/**
 * What a term earns at today's price, as the server works it out (lending/terms.ts): value × rate × days
 * ÷ 365, rounded down to the currency's scale; null while the quantity is not a whole number of shares.
 */
export function expectedRebate(
  quantity: string,
  price: string,
  rate: string,
  days: number,
  currency: string,
): { value: string; rebate: string } | null {
  if (!/^\d{1,12}$/.test(quantity) || money(quantity).isZero()) return null;
  const scale = scaleOf(currency);
  const value = money(quantity).times(price);
  const rebate = value.times(rate).times(days).dividedBy(LENDING_DAY_COUNT);
  return {
    value: fixedText(value.toDecimalPlaces(scale, MoneyDecimal.ROUND_HALF_UP), scale),
    rebate: fixedText(rebate.toDecimalPlaces(scale, MoneyDecimal.ROUND_DOWN), scale),
  };
}
