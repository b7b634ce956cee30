import { formatMoney, money, scaleOf } from "@brokerage/core";

/** An amount at its currency's scale with thousands separators; signed ones keep an explicit "+". */
export function moneyText(value: string, currency: string, signed = false): string {
  const text = formatMoney(value, scaleOf(currency));
  return signed && money(value).greaterThan(0) ? `+${text}` : text;
}

/** An amount as the server may write one: a sign, digits (perhaps already grouped), decimals, a code. */
const AMOUNT = /^([+-]?)(\d[\d,]*(?:\.\d+)?)(?: ([A-Z][A-Z0-9]{2,5}))?$/;

/**
 * An amount as the back office shows every amount, in the one money format: at its currency's scale
 * with thousands separators and the currency's code ("50,000.00 USD"). `value` may name its own currency
 * ("1200.00 INR") or be written in `currency`; a "+" it was sent with is kept. Text that is not an amount
 * (a count beside a sum: "3 · 1200.00 USD") has each of its amounts that names a currency formatted and
 * the rest kept as sent.
 */
export function amountText(value: string, currency?: string | null): string {
  const parts = value.split(" · ");
  if (parts.length > 1)
    return parts.map((part) => (AMOUNT.exec(part)?.[3] ? amountText(part) : part)).join(" · ");
  const found = AMOUNT.exec(value.trim());
  const code = found?.[3] ?? currency;
  if (!found || !code) return value;
  const [, sign, digits = ""] = found;
  return `${sign}${formatMoney(digits.replaceAll(",", ""), scaleOf(code))} ${code}`;
}

/**
 * A price with its currency code: thousands separators, the currency's scale, more places only when the
 * price has them (a share priced to 4 places keeps them), never fewer ("1,234.50 INR").
 */
export function priceText(value: string, currency: string): string {
  const places = Math.max(scaleOf(currency), money(value).decimalPlaces());
  return `${formatMoney(value, places)} ${currency}`;
}

/** A fraction as a percent to 2 places ("0.0625" → "6.25 %"). */
export const percentText = (fraction: string): string =>
  `${money(fraction).times(100).toDecimalPlaces(2).toFixed(2)} %`;
