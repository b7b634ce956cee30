import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { LendingTerms } from "@brokerage/api";
import { percentOf } from "../terms";
import { TermList, moneyText } from "./Figures";

/** The rates, the platform's share, the terms offered, each currency's minimum and quota, and the risks. */
export function TermsCard({ terms }: { terms: LendingTerms }) {
  const { t } = useTranslation();
  const titleId = useId();
  const risksId = useId();
  // The channels of the currencies the user could lend in now; every one while nothing is eligible.
  const held = new Set(terms.eligible.map((p) => p.currency));
  const channels = held.size > 0 ? terms.channels.filter((c) => held.has(c.currency)) : terms.channels;
  return (
    <section className="card lending-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="lending-card__title">
        {t("lending.termsTitle")}
      </h2>
      <p className="lending-rate">{t("lending.rateValue", { rate: percentOf(terms.rate) })}</p>
      <TermList
        rows={[
          {
            label: t("lending.grossRate"),
            value: t("lending.rateValue", { rate: percentOf(terms.grossRate) }),
          },
          { label: t("lending.brokerShare"), value: `${percentOf(terms.brokerShare)}%` },
          {
            label: t("lending.rate"),
            value: t("lending.rateValue", { rate: percentOf(terms.rate) }),
            strong: true,
          },
          {
            label: t("lending.termChoices"),
            value: terms.termDays.map((d) => t("lending.days", { count: d })).join(" · "),
          },
          ...channels.map((c) => ({
            label: t("lending.channel", { currency: c.currency }),
            value: t("lending.channelValue", {
              min: moneyText(c.minValue, c.currency),
              available: moneyText(c.available, c.currency),
            }),
          })),
        ]}
      />
      <ul className="form__rules">
        <li>{t("lending.rules.accrual", { dayCount: terms.dayCount })}</li>
        <li>{t("lending.rules.eligible")}</li>
        <li>{t("lending.rules.recall")}</li>
      </ul>
      <h3 id={risksId} className="lending-card__subtitle">
        {t("lending.risksTitle")}
      </h3>
      <ul className="form__rules" aria-labelledby={risksId}>
        {terms.risks.map((risk) => (
          <li key={risk}>{t(`lending.risks.${risk}`)}</li>
        ))}
      </ul>
    </section>
  );
}
