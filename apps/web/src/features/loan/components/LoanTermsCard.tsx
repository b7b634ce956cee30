import { useTranslation } from "react-i18next";
import type { LoanTerms } from "@brokerage/api";
import { ratePercent } from "../terms";
import { TermList, moneyText } from "./LoanFigures";
import { LoanSection } from "./LoanSection";

/** The terms in force, read before applying (DESIGN §5 "Products": interest disclosed). */
export function LoanTermsCard({ terms }: { terms: LoanTerms }) {
  const { t } = useTranslation();
  const { currency } = terms;
  const term = t("loan.days", { count: terms.termDays });
  return (
    <LoanSection title={t("loan.termsTitle")}>
      <TermList
        rows={[
          { label: t("loan.currency"), value: currency },
          {
            label: t("loan.dailyRate"),
            value: t("loan.dailyRateValue", { rate: ratePercent(terms.dailyRate) }),
          },
          { label: t("loan.term"), value: term },
          { label: t("loan.minAmount"), value: moneyText(terms.minAmount, currency) },
          { label: t("loan.maxQuota"), value: moneyText(terms.maxQuota, currency) },
        ]}
      />
      <ul className="form__rules">
        <li>{t("loan.rules.interest")}</li>
        <li>{t("loan.rules.due", { term })}</li>
        <li>{t("loan.rules.early")}</li>
        <li>{t("loan.rules.review", { currency })}</li>
        <li>{t("loan.rules.one")}</li>
      </ul>
    </LoanSection>
  );
}
