import { Link } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { LoanStatus } from "@brokerage/api";
import { errorText } from "../../../lib/api";
import { FormError } from "../../../components/FormError";
import { useAmountForm } from "../../../lib/useAmountForm";
import { AmountField } from "../../../components/AmountField";
import { useApplyLoan } from "../api/loan";
import { applyAmountError, costOf, ratePercent } from "../terms";
import { ConfirmApply } from "./ConfirmApply";
import { TermList, moneyText } from "./LoanFigures";

/** Refusals about the amount are shown beside it; anything else above the button. */
const AMOUNT_CODES = new Set(["INVALID_INPUT", "AMOUNT_BELOW_MIN", "LOAN_QUOTA_INSUFFICIENT"]);

type Refusal = NonNullable<LoanStatus["refusal"]>;

/** Where a refusal of `loan/status` is mended, when the user can mend it elsewhere. */
const MEND: Partial<Record<Refusal, { to: string; key: string }>> = {
  KYC_REQUIRED: { to: "/information/authInfo", key: "loan.toKyc" },
};

/**
 * Refusals about the loan or application shown above the form (its card says what to do): the amount is
 * then of no use. The contract's text of a waiting review speaks of deposits and orders; a loan's is its own.
 */
const ABOUT_CURRENT: Partial<Record<Refusal, string>> = {
  PENDING_REVIEW_EXISTS: "loan.pendingRefusal",
  UNPAID_LOAN: "loan.unpaidRefusal",
};

/**
 * The application: the amount (the quota beside it), what it costs computed as it is typed, checked here
 * in the server's order, then a confirmation sheet, then `loan/apply` once under one idempotency key.
 * While `loan/status` refuses applying, the reason is shown and the button is off.
 */
export function ApplyForm({ status, onDone }: { status: LoanStatus; onDone: () => void }) {
  const { t } = useTranslation();
  const { terms, quota, refusal } = status;
  const { currency } = terms;
  const apply = useApplyLoan();
  const form = useAmountForm({
    check: (contract, amount) =>
      applyAmountError(t, contract.loanApplyRequest.shape.amount, amount, { terms, quota }),
    toRequest: (amount, idempotencyKey) => ({ amount, idempotencyKey }),
    mutation: apply,
    amountCodes: AMOUNT_CODES,
    onDone,
  });
  const cost = costOf(form.amount, terms);
  const m = (value: string) => moneyText(value, currency);
  const mend = refusal ? MEND[refusal] : undefined;
  const aboutCurrent = refusal ? ABOUT_CURRENT[refusal] : undefined;
  return (
    <form className="card form loan-form" onSubmit={form.submit} noValidate aria-label={t("loan.formTitle")}>
      <h2 className="loan-card__title">{t("loan.formTitle")}</h2>
      {refusal && (
        <div className="trade-form__error loan-refusal" role="alert">
          <p>{aboutCurrent ? t(aboutCurrent) : errorText(refusal)}</p>
          {mend && <Link to={mend.to}>{t(mend.key)}</Link>}
        </div>
      )}
      {!aboutCurrent && (
        <>
          <AmountField
            label={t("loan.amountLabel", { currency })}
            value={form.amount}
            currency={currency}
            available={undefined}
            hint={t("loan.quotaHint", { amount: m(quota) })}
            fill={{ label: t("loan.max"), value: refusal ? undefined : quota }}
            error={form.amountError}
            onChange={form.change}
          />
          {/* Read out as the amount is typed. */}
          <div aria-live="polite">
            <TermList
              className="loan-cost"
              rows={[
                {
                  label: t("loan.interestAt", {
                    rate: ratePercent(terms.dailyRate),
                    term: t("loan.days", { count: terms.termDays }),
                  }),
                  value: cost ? m(cost.interest) : "—",
                },
                { label: t("loan.total"), value: cost ? m(cost.total) : "—", strong: true },
              ]}
            />
          </div>
          <p className="loan-card__text">{t("loan.rules.early")}</p>
        </>
      )}
      <FormError className="trade-form__error" text={form.formError} />
      <Button block type="submit" color="primary" size="large" disabled={refusal !== null}>
        {t("loan.submit")}
      </Button>
      <ConfirmApply {...form.sheet} terms={terms} />
    </form>
  );
}
