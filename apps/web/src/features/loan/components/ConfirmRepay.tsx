import { useTranslation } from "react-i18next";
import type { Loan, LoanRepayRequest } from "@brokerage/api";
import { money } from "@brokerage/core";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { TermList, moneyText } from "./LoanFigures";

/** The last look before the repayment leaves the available balance: how much, and what stays owed. */
export function ConfirmRepay({
  request,
  loan,
  ...sheet
}: ConfirmProps & { request: LoanRepayRequest | null; loan: Loan }) {
  const { t } = useTranslation();
  const m = (value: string) => moneyText(value, loan.currency);
  return (
    <ConfirmSheet
      {...sheet}
      open={request !== null}
      title={t("loan.repayConfirmTitle")}
      cancelLabel={t("loan.cancel")}
      confirmLabel={t("loan.repayConfirmOk")}
    >
      {request && (
        <>
          <TermList
            rows={[
              { label: t("loan.repayAmount"), value: m(request.amount), strong: true },
              { label: t("loan.owed"), value: m(loan.owed) },
              { label: t("loan.owedAfter"), value: m(money(loan.owed).minus(request.amount).toFixed()) },
            ]}
          />
          <p className="trade-sheet__summary">{t("loan.repayConfirmNote", { amount: m(request.amount) })}</p>
        </>
      )}
    </ConfirmSheet>
  );
}
