import { fixedText, money, scaleOf, toChargedString } from "../../money.js";

/** What fixes a credit loan's interest (setting `loan.terms`, kept on the loan when the user applies). */
export interface LoanRate {
  currency: string;
  /** Simple interest per day, a fraction ("0.0005" = 0.05 % a day). */
  dailyRate: string;
  termDays: number;
}

/**
 * A credit loan's cost (DESIGN §5; packages/api loan.ts): simple interest, amount × daily rate × days,
 * rounded UP to the currency's scale (the platform's way, by less than one unit: the figure shown before
 * applying is the one owed); the total to repay is the amount plus it. Exact decimals; `amount` is a
 * positive decimal string at most at the currency's scale.
 */
export function loanCost(amount: string, rate: LoanRate): { interest: string; total: string } {
  const scale = scaleOf(rate.currency);
  const principal = money(amount);
  const interest = toChargedString(principal.times(rate.dailyRate).times(rate.termDays), rate.currency);
  return { interest, total: fixedText(principal.plus(interest), scale) };
}
