import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { WithdrawRulesResponse } from "@brokerage/api";
import { Icon } from "../../../components/icons";
import { useGo } from "../../../app/useGo";
import { useReachable } from "../../../app/reachable";
import { formatMoneySafe } from "../../../lib/money";
import { standingText } from "../ruleText";

const MARKS = { met: "M5 12.5l4.5 4.5L19 7.5", unmet: "M12 7v6m0 4h.01" } as const;

/**
 * Every rule of a withdrawal (spec §5) with the user's standing on it, in the order the server checks
 * them, before the form: nothing is left to be discovered at the button. An unmet rule links to the
 * screen that puts it right, when there is one to reach. Then the arrival promise and, when configured, the four-eyes note.
 */
export function RulesChecklist({ data }: { data: WithdrawRulesResponse }) {
  const { t, i18n } = useTranslation();
  const go = useGo();
  const reachable = useReachable();
  const titleId = useId();
  const unmet = data.rules.filter((r) => !r.met).length;
  return (
    <section className="card withdraw-rules" aria-labelledby={titleId}>
      <div className="withdraw-rules__head">
        <h2 id={titleId} className="withdraw-rules__title">
          {t("withdraw.rulesTitle")}
        </h2>
        <span className={`withdraw-pill withdraw-pill--${unmet === 0 ? "met" : "unmet"}`}>
          {unmet === 0 ? t("withdraw.rulesAllMet") : t("withdraw.rulesUnmet", { count: unmet })}
        </span>
      </div>
      <ul className="withdraw-rules__list">
        {data.rules.map((rule) => {
          const state = rule.met ? "met" : "unmet";
          return (
            <li key={rule.id} className={`withdraw-rule withdraw-rule--${state}`}>
              <svg className="withdraw-rule__mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={MARKS[state]} />
              </svg>
              <div className="withdraw-rule__text">
                <p className="withdraw-rule__title">
                  {t(`withdraw.rule.${rule.id}.title`)}
                  <span className="visually-hidden">: {t(`withdraw.${state}`)}</span>
                </p>
                <p className="withdraw-rule__standing">
                  {standingText(t, rule, data.currency, i18n.language)}
                </p>
              </div>
              {/* The text stands alone where nothing leads on (customer service with no link). */}
              {!rule.met && rule.fix && reachable(rule.fix) && (
                <button
                  type="button"
                  className="text-button withdraw-rule__fix"
                  onClick={() => go(rule.fix ?? "")}
                >
                  {t(`withdraw.fix.${rule.id}`)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="withdraw-rules__note">
        <Icon name="clock" />
        {t("withdraw.arrival", { count: data.arrival.withinHours, days: data.arrival.latestDays })}
      </p>
      {data.fourEyesAbove && (
        <p className="withdraw-rules__note">
          <Icon name="shield" />
          {t("withdraw.fourEyes", { amount: formatMoneySafe(data.fourEyesAbove), currency: data.currency })}
        </p>
      )}
    </section>
  );
}
