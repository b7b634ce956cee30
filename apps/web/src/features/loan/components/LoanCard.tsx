import { useTranslation } from "react-i18next";
import type { Loan } from "@brokerage/api";
import { LoanFigures, LoanStatePill, dateText, moneyText } from "./LoanFigures";
import { LoanSection } from "./LoanSection";

/** What the latest loan or application says of itself, under its figures. */
function LoanNote({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  switch (loan.state) {
    case "pending":
      return <p className="loan-card__text">{t("loan.pendingNote")}</p>;
    case "rejected":
      return (
        <>
          {loan.reason && <p className="trade-form__error">{t("loan.reason", { reason: loan.reason })}</p>}
          <p className="loan-card__text">{t("loan.rejectedNote")}</p>
        </>
      );
    case "borrowing":
      // The repayment form follows the card; past its due date the card says so.
      return loan.dueAt && Date.parse(loan.dueAt) < Date.now() ? (
        <p className="trade-form__error">{t("loan.overdue", { date: dateText(loan.dueAt) })}</p>
      ) : null;
    case "finished":
      return loan.finishedAt ? (
        <p className="loan-card__text">{t("loan.finishedOn", { date: dateText(loan.finishedAt) })}</p>
      ) : null;
  }
}

/**
 * The latest loan or application (spec §4): under review, refused with the reviewer's reason, borrowing
 * with what is owed and when, or paid off.
 */
export function LoanCard({ loan }: { loan: Loan | null }) {
  const { t } = useTranslation();
  return (
    <LoanSection title={t("loan.statusTitle")} pill={<LoanStatePill state={loan?.state ?? "none"} />}>
      {loan ? (
        <>
          <p className="loan-card__text">
            {t("loan.applied", {
              amount: moneyText(loan.amount, loan.currency),
              date: dateText(loan.createdAt),
            })}
          </p>
          <LoanFigures loan={loan} />
          <LoanNote loan={loan} />
        </>
      ) : (
        <p className="loan-card__text">{t("loan.noneYet")}</p>
      )}
    </LoanSection>
  );
}
