import type { Currency, LoanTerms, SettingValue } from "@brokerage/api";
import {
  MoneyDecimal,
  fixedText,
  loanCost,
  money,
  scaleOf,
  toPlainString,
  type Money,
} from "@brokerage/core";

/**
 * The disclosed loan rule (setting `loan.terms`; packages/api loan.ts) as exact arithmetic. Every rounding
 * to the currency's scale goes the platform's way by less than one unit and is the one shown to the user:
 * the least amount and the interest are rounded up, the most that may be borrowed down.
 */

type Rounding = typeof MoneyDecimal.ROUND_UP | typeof MoneyDecimal.ROUND_DOWN;

const atScale = (value: Money, currency: string, rounding: Rounding) =>
  fixedText(value.toDecimalPlaces(scaleOf(currency), rounding), scaleOf(currency));

/** The terms as the user reads them, with the bounds that are enforced. */
export function termsOf(setting: SettingValue<"loan.terms">): LoanTerms {
  const { currency } = setting;
  return {
    currency: currency as Currency,
    perScorePoint: toPlainString(setting.perScorePoint),
    maxQuota: atScale(money(setting.maxQuota), currency, MoneyDecimal.ROUND_DOWN),
    minAmount: atScale(money(setting.minAmount), currency, MoneyDecimal.ROUND_UP),
    dailyRate: toPlainString(setting.dailyRate),
    termDays: setting.termDays,
  };
}

/** min(creditScore × perScorePoint, maxQuota), never below 0, rounded down to the currency's scale. */
export function quotaOf(terms: LoanTerms, creditScore: number): string {
  const byScore = money(terms.perScorePoint).times(Math.max(creditScore, 0));
  return atScale(MoneyDecimal.min(byScore, terms.maxQuota), terms.currency, MoneyDecimal.ROUND_DOWN);
}

/** Simple interest: amount × dailyRate × termDays, rounded up to the currency's scale (core `loanCost`). */
export const interestOf = (amount: string, terms: Pick<LoanTerms, "currency" | "dailyRate" | "termDays">) =>
  loanCost(amount, terms).interest;
