import type { SettingProblem, SettingValue } from "@brokerage/api";
import { money } from "@brokerage/core";

/**
 * The form shapes of the payout networks' fees (one row per network and currency) and of the credit
 * loans' terms (the daily rate typed as a percentage), and their way back to the typed value.
 */
export type LoanTerms = SettingValue<"loan.terms">;

export interface NetworkFeeRow {
  network?: string;
  currency?: string;
  amount?: string;
}

const text = (v: string | number | null | undefined) => String(v ?? "").trim();

export function toNetworkFeeRows(value: unknown): NetworkFeeRow[] {
  return Object.entries(value as Record<string, Record<string, string>>).flatMap(([network, fees]) =>
    Object.entries(fees).map(([currency, amount]) => ({ network, currency, amount })),
  );
}

export function fromNetworkFeeRows(rows: readonly NetworkFeeRow[]): Record<string, Record<string, string>> {
  const value: Record<string, Record<string, string>> = {};
  for (const row of rows) (value[text(row.network)] ??= {})[text(row.currency)] = text(row.amount);
  return value;
}

/** The row a problem at [network, currency] belongs to. */
export function networkFeeFieldOf(rows: readonly NetworkFeeRow[], path: SettingProblem["path"]) {
  const [network, currency] = path;
  const row = rows.findIndex(
    (r) => text(r.network) === network && (currency === undefined || text(r.currency) === currency),
  );
  if (row < 0) return null;
  return ["fees", row, currency === undefined ? "network" : "amount"];
}

export interface LoanForm {
  currency?: string;
  perScorePoint?: string;
  maxQuota?: string;
  minAmount?: string;
  /** The daily rate as a percentage: "0.05" stands for 0.0005. */
  dailyRatePercent?: string;
  termDays?: number | null;
}

export function toLoanForm(value: unknown): LoanForm {
  const { dailyRate, ...rest } = value as LoanTerms;
  return { ...rest, dailyRatePercent: money(dailyRate).times(100).toFixed() };
}

/** A percentage typed as a plain decimal becomes the fraction exactly; anything else stays for the checks. */
function fractionOf(percent: string): string {
  if (!/^\d{1,20}(\.\d{1,16})?$/.test(percent)) return percent;
  return money(percent).div(100).toFixed();
}

export function fromLoanForm(form: LoanForm): unknown {
  return {
    currency: text(form.currency),
    perScorePoint: text(form.perScorePoint),
    maxQuota: text(form.maxQuota),
    minAmount: text(form.minAmount),
    dailyRate: fractionOf(text(form.dailyRatePercent)),
    termDays: form.termDays,
  };
}

export function loanFieldOf(path: SettingProblem["path"]) {
  const [field] = path;
  if (typeof field !== "string") return null;
  return ["loan", field === "dailyRate" ? "dailyRatePercent" : field];
}
