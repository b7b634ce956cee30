import type { Currency } from "@brokerage/api";
import { MoneyDecimal, money } from "@brokerage/core";
import { CURRENCIES } from "@brokerage/api/constants";
import { i18n } from "./i18n";

/** The wallet currencies (spec §9's nine plus INR), in the contract's order: USD, THB, INR, then the rest. */
export { CURRENCIES };

export const isCurrency = (value: string): value is Currency =>
  (CURRENCIES as readonly string[]).includes(value);

const names = new Map<string, Intl.DisplayNames | null>();

/** A currency's name in the UI language ("Indian Rupee", "인도 루피"), from the browser's own tables. */
export function currencyName(code: string, language = i18n.language): string {
  if (!names.has(language)) {
    try {
      names.set(language, new Intl.DisplayNames([language, "en"], { type: "currency" }));
    } catch {
      names.set(language, null);
    }
  }
  return names.get(language)?.of(code) ?? code;
}

/**
 * A rate for reading, not money: four decimals from 1 up ("85.0725"), six significant digits below
 * ("0.000710714"), so a rate of a small unit is not shown as 0.00.
 */
export function formatRate(rate: string): string {
  const value = money(rate);
  // Rounded down, as the rate itself is: the text never promises more than the quote gives.
  return value.greaterThanOrEqualTo(1)
    ? value.toDecimalPlaces(4, MoneyDecimal.ROUND_DOWN).toFixed(4)
    : value.toSignificantDigits(6, MoneyDecimal.ROUND_DOWN).toFixed();
}

/** A fraction as a percent ("0.005" → "0.5%"). */
export const formatPercent = (fraction: string): string => `${money(fraction).times(100).toFixed()}%`;
