import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { Loan } from "@brokerage/api";
import { FormError } from "../../../components/FormError";
import { useAmountForm } from "../../../lib/useAmountForm";
import { useAccountOverview, useDisplayCurrency } from "../../account";
import { AmountField } from "../../../components/AmountField";
import type { useRepayLoan } from "../api/loan";
import { repayAmountError } from "../terms";
import { ConfirmRepay } from "./ConfirmRepay";

/** Refusals about the amount are shown beside it; anything else above the button. */
const AMOUNT_CODES = new Set(["INVALID_INPUT", "REPAYMENT_EXCEEDS_LOAN", "INSUFFICIENT_AVAILABLE"]);

/**
 * The repayment: an amount of what is owed (all of it a tap away), from the available balance of the
 * loan's currency shown under it; checked here in the server's order, confirmed on a sheet, then
 * `loan/repay` once under one idempotency key. The screen holds the call (`repay`): the loan it reads
 * again after it may leave nothing to repay, and this form with it, before the outcome is shown.
 */
export function RepayForm({ loan, repay }: { loan: Loan; repay: ReturnType<typeof useRepayLoan> }) {
  const { t } = useTranslation();
  const [display] = useDisplayCurrency();
  const overview = useAccountOverview(display);
  const available = overview.data
    ? (overview.data.wallets.find((w) => w.currency === loan.currency)?.available ?? "0")
    : undefined;
  const form = useAmountForm({
    check: (contract, amount) =>
      repayAmountError(t, contract.loanRepayRequest.shape.amount, amount, {
        currency: loan.currency,
        owed: loan.owed,
        available,
      }),
    toRequest: (amount, idempotencyKey) => ({ loanId: loan.id, amount, idempotencyKey }),
    mutation: repay,
    amountCodes: AMOUNT_CODES,
  });
  return (
    <form className="card form loan-form" onSubmit={form.submit} noValidate aria-label={t("loan.repayTitle")}>
      <h2 className="loan-card__title">{t("loan.repayTitle")}</h2>
      <AmountField
        label={t("loan.repayLabel", { currency: loan.currency })}
        value={form.amount}
        currency={loan.currency}
        available={available}
        fill={{ label: t("loan.repayAll"), value: loan.owed }}
        error={form.amountError}
        onChange={form.change}
      />
      <p className="loan-card__text">{t("loan.rules.early")}</p>
      <FormError className="trade-form__error" text={form.formError} />
      <Button block type="submit" color="primary" size="large">
        {t("loan.repaySubmit")}
      </Button>
      <ConfirmRepay {...form.sheet} loan={loan} />
    </form>
  );
}
