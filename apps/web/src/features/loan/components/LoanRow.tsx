import { useTranslation } from "react-i18next";
import type { Loan } from "@brokerage/api";
import { LoanFigures, LoanStatePill, dateText, moneyText } from "./LoanFigures";

/**
 * One loan or application of the records: the amount and its state, when it was applied for, decided and
 * paid off, its figures, and the reviewer's reason on a refusal.
 */
export function LoanRow({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const dates = [
    { key: "loan.appliedAt", at: loan.createdAt },
    { key: loan.state === "rejected" ? "loan.rejectedAt" : "loan.approvedAt", at: loan.decidedAt },
    { key: "loan.finishedAt", at: loan.finishedAt },
  ];
  return (
    <li className="record loan-row">
      <div className="record__line">
        <span className="record__type">{t("loan.recordType")}</span>
        <span className="record__amount">{moneyText(loan.amount, loan.currency)}</span>
      </div>
      <div className="record__line record__meta">
        <span className="loan-row__dates">
          {dates.map(
            ({ key, at }) =>
              at && (
                <span key={key}>
                  {t(key)} <time dateTime={at}>{dateText(at)}</time>
                </span>
              ),
          )}
        </span>
        <LoanStatePill state={loan.state} />
      </div>
      <LoanFigures loan={loan} withAmount={false} />
      {loan.state === "rejected" && loan.reason && (
        <p className="record__reason">{t("loan.reason", { reason: loan.reason })}</p>
      )}
    </li>
  );
}
