import { scaleOf } from "@brokerage/core";
import { formatMoneySafe } from "../../../lib/money";

/** Money at its currency's decimals (JPY, KRW: none), grouped (spec §9). */
export const formatAmount = (value: string, currency: string) => formatMoneySafe(value, scaleOf(currency));

/** A movement with its sign: "+100.00", "-30.00". */
export function formatSigned(value: string, currency: string): string {
  const text = formatAmount(value, currency);
  return value.startsWith("-") || /^0(\.0*)?$/.test(value) ? text : `+${text}`;
}

/**
 * Spec §9 colours for money: a gain (money in) is red, a loss (money out) is green. Only the available
 * balance gains or loses: a move into or out of frozen funds (or margin, loan) is shown in the text colour.
 */
export const toneOf = (value: string, account = "available") =>
  account !== "available" ? "moved" : value.startsWith("-") ? "out" : "in";
