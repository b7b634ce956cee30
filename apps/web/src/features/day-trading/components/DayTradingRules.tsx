import { useId } from "react";
import { useTranslation } from "react-i18next";

const RULES = ["apply", "allowance", "noLock", "dayEnd", "newer"] as const;

/** How day trading works, shown before the user applies or trades (DESIGN §5 "Primary market"). */
export function DayTradingRules() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card day-trading-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="day-trading-card__title">
        {t("dayTrading.rulesTitle")}
      </h2>
      <ul className="form__rules">
        {RULES.map((rule) => (
          <li key={rule}>{t(`dayTrading.rules.${rule}`)}</li>
        ))}
      </ul>
    </section>
  );
}
