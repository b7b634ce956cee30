import type { TFunction } from "i18next";
import type { LoanTerms } from "@brokerage/api";
import { loanCost, money, type LoanRate } from "@brokerage/core";
import { errorText } from "../../lib/api";
import { amountFormError, type AmountSchema } from "../../lib/useAmountForm";

/** What a loan of `amount` costs under `terms` (core `loanCost`); null while it is not a positive decimal. */
export const costOf = (amount: string, terms: LoanRate) =>
  /^\d+(\.\d+)?$/.test(amount) && /[1-9]/.test(amount) ? loanCost(amount, terms) : null;

/** A daily rate (a fraction: "0.0005") as a percentage without trailing zeros ("0.05"). */
export const ratePercent = (dailyRate: string) => money(dailyRate).times(100).toFixed();

/** `loan/apply`'s checks of the amount, in the server's order: its form, the minimum, the quota. */
export function applyAmountError(
  t: TFunction,
  schema: AmountSchema,
  amount: string,
  limits: { terms: Pick<LoanTerms, "currency" | "minAmount">; quota: string },
): string | undefined {
  const { terms, quota } = limits;
  const problem = amountFormError(t, schema, amount, terms.currency);
  if (problem) return problem;
  if (money(amount).lessThan(terms.minAmount)) return errorText("AMOUNT_BELOW_MIN", { min: terms.minAmount });
  if (money(amount).greaterThan(quota)) return errorText("LOAN_QUOTA_INSUFFICIENT");
  return undefined;
}

/** `loan/repay`'s checks of the amount, in the server's order: its form, what is owed, the balance. */
export function repayAmountError(
  t: TFunction,
  schema: AmountSchema,
  amount: string,
  limits: { currency: string; owed: string; available: string | undefined },
): string | undefined {
  const { currency, owed, available } = limits;
  const problem = amountFormError(t, schema, amount, currency);
  if (problem) return problem;
  if (money(amount).greaterThan(owed)) return errorText("REPAYMENT_EXCEEDS_LOAN");
  if (available !== undefined && money(amount).greaterThan(available))
    return errorText("INSUFFICIENT_AVAILABLE", { available });
  return undefined;
}
