import { money, scaleOf, toBookedString } from "@brokerage/core";
import { DomainError } from "../../lib/errors.js";

/**
 * A requested amount at its currency's scale (`toBookedString`); more decimals than the currency has is
 * bad input (INVALID_INPUT on `field`), never rounded away.
 */
export function amountAtScale(amount: string, currency: string, field = "amount"): string {
  if (money(amount).decimalPlaces() > scaleOf(currency)) throw new DomainError("INVALID_INPUT", { field });
  return toBookedString(amount, currency);
}
