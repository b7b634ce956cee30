import { useTranslation } from "react-i18next";
import type { LoanApplyRequest, LoanTerms } from "@brokerage/api";
import { ConfirmSheet, type ConfirmProps } from "../../../components/ConfirmSheet";
import { costOf } from "../terms";
import { TermList, moneyText } from "./LoanFigures";

/** The last look before applying: the amount, its interest, the total and when it is due. */
export function ConfirmApply({
  request,
  terms,
  ...sheet
}: ConfirmProps & { request: LoanApplyRequest | null; terms: LoanTerms }) {
  const { t } = useTranslation();
  const cost = request ? costOf(request.amount, terms) : null;
  const m = (value: string) => moneyText(value, terms.currency);
  const term = t("loan.days", { count: terms.termDays });
  return (
    <ConfirmSheet
      {...sheet}
      open={request !== null}
      title={t("loan.confirmTitle")}
      cancelLabel={t("loan.cancel")}
      confirmLabel={t("loan.confirmOk")}
    >
      {request && cost && (
        <>
          <TermList
            rows={[
              { label: t("loan.amountAsked"), value: m(request.amount) },
              { label: t("loan.interestFor", { term }), value: m(cost.interest) },
              { label: t("loan.total"), value: m(cost.total), strong: true },
            ]}
          />
          <p className="trade-sheet__summary">
            {t("loan.confirmNote", {
              amount: m(request.amount),
              total: m(cost.total),
              term,
            })}
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
