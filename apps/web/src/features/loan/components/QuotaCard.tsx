import { useTranslation } from "react-i18next";
import type { LoanStatus } from "@brokerage/api";
import { moneyText } from "./LoanFigures";
import { FigureCard } from "./LoanSection";

/**
 * What the user may borrow now: the quota, or nothing while a loan is owed or an application waits (one
 * loan at a time), with the rule that gives the quota (credit score × a sum a point, capped), the quota
 * itself and what is owed now.
 */
export function QuotaCard({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  const { terms, quota, availableQuota, owed, creditScore, current } = status;
  const m = (value: string) => moneyText(value, terms.currency);
  const held = current?.state === "borrowing" || current?.state === "pending" ? current.state : null;
  const rule = t("loan.quotaRule", {
    score: creditScore,
    perPoint: m(terms.perScorePoint),
    max: m(terms.maxQuota),
  });
  return (
    <FigureCard
      title={t("loan.availableTitle")}
      figure={m(availableQuota)}
      text={held ? `${t(`loan.oneAtATime.${held}`)} ${rule}` : rule}
      rows={[
        // The quota beside what is available only when they differ (a loan held).
        ...(held ? [{ label: t("loan.quotaTitle"), value: m(quota) }] : []),
        { label: t("loan.creditScore"), value: String(creditScore) },
        { label: t("loan.owedNow"), value: m(owed), strong: true },
      ]}
    />
  );
}
