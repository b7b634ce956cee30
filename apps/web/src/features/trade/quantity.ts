import type { PriceType, Quote } from "@brokerage/api";
import { isMultipleOf, money } from "@brokerage/core";

/**
 * The buy form's quantity (DESIGN §5a): a decimal string, stepped by the instrument's step for the order's
 * price type (the quote's `details`): the board lot of exchange shares, a fraction of a coin, a fraction of
 * a US share at market. Arithmetic is the core's decimals, never a JS number (0.1 + 0.2 stays 0.3).
 */

export interface QuantityRule {
  step: string;
  /** Shares (or units) in a lot. */
  lotSize: number;
  kind: Quote["details"]["kind"];
}

/** The rule for `priceType` from the quote; one whole unit until the quote arrives. */
export function quantityRuleOf(details: Quote["details"] | undefined, priceType: PriceType): QuantityRule {
  const step = (priceType === "market" ? details?.marketQuantityStep : details?.quantityStep) ?? "1";
  return { step, lotSize: details?.lotSize ?? 1, kind: details?.kind ?? "stock" };
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** Whether the text is a quantity the order can take: a decimal above 0 on the step. */
export function isOnStep(text: string, step: string): boolean {
  return DECIMAL.test(text) && money(text).greaterThan(0) && isMultipleOf(text, step);
}

/** One step up from `text`, onto the grid (an off-grid value goes to the next multiple). */
export function stepUp(text: string, step: string): string {
  const value = DECIMAL.test(text) ? money(text) : money(0);
  return value.div(step).floor().plus(1).times(step).toFixed();
}

/** One step down, never below one step. */
export function stepDown(text: string, step: string): string {
  const value = DECIMAL.test(text) ? money(text) : money(step);
  const down = value.div(step).ceil().minus(1).times(step);
  return (down.greaterThan(0) ? down : money(step)).toFixed();
}

/** What typing leaves: digits and one decimal point (a comma read as the point). */
export function typedQuantity(text: string): string {
  const cleaned = text.replace(",", ".").replace(/[^\d.]/g, "");
  const [whole = "", ...rest] = cleaned.split(".");
  return rest.length === 0 ? whole : `${whole}.${rest.join("")}`;
}
