import { ALERT_MOVE_PCT_MAX, ALERT_MOVE_PCT_MIN, type AlertConditionName } from "@brokerage/api/constants";
import { MoneyDecimal, PRICE_DECIMALS, money } from "@brokerage/core";
import { formatMoneySafe } from "../../lib/money";
import { decimalsOf } from "../../lib/quote";

/** A plain non-negative decimal, as the form accepts it. */
const DECIMAL = /^\d{1,15}(\.\d{1,10})?$/;

export type ValueProblem = "required" | "notNumber";

/** What is wrong with the typed value before it is sent (the server checks the rules). */
export function valueProblem(value: string): ValueProblem | undefined {
  if (value.trim() === "") return "required";
  return DECIMAL.test(value.trim()) ? undefined : "notNumber";
}

/** A price at least at the instrument's decimals, never cut short, with thousands separators. */
export const priceShown = (value: string, decimals: number) =>
  formatMoneySafe(value, Math.max(decimals, decimalsOf(value)));

/**
 * The prices a `movePct` alert of `percent` would fire at, from `reference`, as the server works them out
 * (rounded away from the reference to the instrument's `decimals`); undefined while the percentage is not
 * one it takes.
 */
export function moveBounds(
  reference: string,
  percent: string,
  decimals: number,
): { up: string; down: string } | undefined {
  if (valueProblem(percent)) return undefined;
  const share = money(percent.trim());
  if (share.lt(ALERT_MOVE_PCT_MIN) || share.gt(ALERT_MOVE_PCT_MAX) || share.decimalPlaces() > 2)
    return undefined;
  const base = money(reference);
  const fraction = share.dividedBy(100);
  const places = Math.min(decimals, PRICE_DECIMALS);
  return {
    up: base.times(fraction.plus(1)).toDecimalPlaces(places, MoneyDecimal.ROUND_UP).toFixed(),
    down: base.times(money(1).minus(fraction)).toDecimalPlaces(places, MoneyDecimal.ROUND_DOWN).toFixed(),
  };
}

export const CONDITIONS: readonly AlertConditionName[] = ["above", "below", "movePct"];
