import { useTranslation } from "react-i18next";
import type { LoanStatus } from "@brokerage/api";
import { moneyText } from "./LoanFigures";
import { FigureCard } from "./LoanSection";

/** The user's quota, the rule that gives it (credit score × a sum a point, capped) and what is owed now. */
export function QuotaCard({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  const { terms, quota, owed, creditScore } = status;
  const m = (value: string) => moneyText(value, terms.currency);
  return (
    <FigureCard
      title={t("loan.quotaTitle")}
      figure={m(quota)}
      text={t("loan.quotaRule", {
        score: creditScore,
        perPoint: m(terms.perScorePoint),
        max: m(terms.maxQuota),
      })}
      rows={[
        { label: t("loan.creditScore"), value: String(creditScore) },
        { label: t("loan.owedNow"), value: m(owed), strong: true },
      ]}
    />
  );
}
