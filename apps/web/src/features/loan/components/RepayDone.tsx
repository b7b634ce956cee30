import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Loan } from "@brokerage/api";
import { LoanFigures, LoanStatePill, moneyText } from "./LoanFigures";

/**
 * The repayment is booked: how much, and the loan after it (paid off, or what is still owed and when).
 * `onClose` goes back to the credit loan as it now stands.
 */
export function RepayDone({ loan, amount, onClose }: { loan: Loan; amount: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // The form this replaces held the focus: it moves to the outcome, which a screen reader then reads.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="card loan-card loan-done" aria-labelledby={titleId}>
      <div className="loan-card__head">
        <h2 id={titleId} ref={title} className="loan-card__title loan-done__title" tabIndex={-1}>
          {t("loan.repayDoneTitle")}
        </h2>
        <LoanStatePill state={loan.state} />
      </div>
      <p className="loan-card__text">
        {t(loan.state === "finished" ? "loan.repaidAll" : "loan.repaidPart", {
          amount: moneyText(amount, loan.currency),
        })}
      </p>
      <LoanFigures loan={loan} />
      <div className="loan-done__actions">
        <Link className="loan-action loan-action--outline" to="/home/loanRe">
          {t("title.home.loanRe")}
        </Link>
        <button type="button" className="loan-action" onClick={onClose}>
          {t("loan.backToLoan")}
        </button>
      </div>
    </section>
  );
}
