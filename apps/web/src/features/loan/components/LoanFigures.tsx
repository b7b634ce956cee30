import { useTranslation } from "react-i18next";
import type { Loan } from "@brokerage/api";
import { formatDateTime } from "../../../lib/format";
import { formatAmount } from "../../records";
import { TermList as SharedTermList, type Term } from "../../../components/TermList";

/** Money with its currency at the currency's decimals: "1,015.00 USD". */
export const moneyText = (value: string, currency: string) => `${formatAmount(value, currency)} ${currency}`;

/** An instant as spec §9 writes it. */
export const dateText = (iso: string) => formatDateTime(new Date(iso));

export type { Term };

/** Label → value rows in the loan screens' look. */
export function TermList({ rows, className = "" }: { rows: Term[]; className?: string }) {
  return <SharedTermList rows={rows} className={`loan-terms ${className}`} />;
}

/** The state of a loan or application as a pill (spec §4: pending review, rejected, borrowing, finished). */
export function LoanStatePill({ state }: { state: Loan["state"] | "none" }) {
  const { t } = useTranslation();
  return <span className={`record__state record__state--${state}`}>{t(`loan.state.${state}`)}</span>;
}

/**
 * A loan's figures: the amount (unless the caller shows it already), its fixed interest and the total;
 * once granted, what is repaid, what is still owed and when it is due. A refused application owes
 * nothing: it has none.
 */
export function LoanFigures({ loan, withAmount = true }: { loan: Loan; withAmount?: boolean }) {
  const { t } = useTranslation();
  if (loan.state === "rejected") return null;
  const m = (value: string) => moneyText(value, loan.currency);
  const granted = loan.state === "borrowing" || loan.state === "finished";
  const rows: Term[] = [
    ...(withAmount
      ? [{ label: t(granted ? "loan.amount" : "loan.amountAsked"), value: m(loan.amount) }]
      : []),
    { label: t("loan.interest"), value: m(loan.interest) },
    { label: t("loan.total"), value: m(loan.total), strong: !granted },
  ];
  if (granted) rows.push({ label: t("loan.repaid"), value: m(loan.repaid) });
  if (loan.state === "borrowing") {
    rows.push({ label: t("loan.owed"), value: m(loan.owed), strong: true });
    if (loan.dueAt) rows.push({ label: t("loan.dueAt"), value: dateText(loan.dueAt) });
  }
  return <TermList rows={rows} />;
}
