import Decimal from "decimal.js";
import { QUANTITY_DECIMALS } from "../market/lots.js";
import { money, type Money } from "../money.js";
import { TradingRuleError } from "./errors.js";

/**
 * An order's quantity (DESIGN §5a): a decimal string, a positive multiple of the instrument's step
 * (market/lots.ts), with at most QUANTITY_DECIMALS decimals. Checked exactly, never through a JS number.
 */

const QUANTITY_TEXT = /^\d+(\.\d+)?$/;

/**
 * The quantity as a decimal; QUANTITY_NOT_MULTIPLE_OF_STEP {quantity} unless it is a plain decimal string or
 * a decimal, above 0. A JS number is refused even where the type system cannot see it (a caller in plain
 * JavaScript, a parsed body): quantities never travel as numbers.
 */
export function quantityOf(quantity: string | Money): Money {
  const plain = typeof quantity === "string" ? QUANTITY_TEXT.test(quantity) : Decimal.isDecimal(quantity);
  const units = plain ? money(quantity) : null;
  if (units === null || !units.isFinite() || !units.greaterThan(0))
    throw new TradingRuleError("QUANTITY_NOT_MULTIPLE_OF_STEP", { quantity: String(quantity) });
  return units;
}

/** The quantity as the wire and the messages write it: no exponent, no trailing zeros ("200", "0.001"). */
export function quantityText(quantity: string | Money): string {
  return money(quantity).toFixed();
}

/** Whether `quantity` is a whole multiple of `step` (both exact decimals, the step above 0). */
export function isMultipleOf(quantity: string | Money, step: string): boolean {
  return money(quantity).mod(step).isZero();
}

/**
 * Throws QUANTITY_NOT_MULTIPLE_OF_STEP {quantity, step} unless the quantity is a decimal above 0 that is a
 * multiple of `step` (and so carries no more decimals than the step, never more than QUANTITY_DECIMALS).
 */
export function assertQuantityStep(quantity: string, step: string): Money {
  const refuse = () => new TradingRuleError("QUANTITY_NOT_MULTIPLE_OF_STEP", { quantity, step });
  let units: Money;
  try {
    units = quantityOf(quantity);
  } catch {
    throw refuse();
  }
  if (units.decimalPlaces() > QUANTITY_DECIMALS || !isMultipleOf(units, step)) throw refuse();
  return units;
}
