import type { Alert } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { localName } from "../../../lib/quote";
import { showSuccess } from "../../../lib/toast";
import { useRemoveAlert } from "../api/alerts";
import { ruleText, stateText } from "../text";

/** Alerts as rows: what each waits for (and on which instrument), when it was set or fired, and Remove. */
export function AlertList({
  alerts,
  label,
  showInstrument = true,
}: {
  alerts: readonly Alert[];
  label: string;
  showInstrument?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const remove = useRemoveAlert();
  return (
    <ul className="alert-list" aria-label={label}>
      {alerts.map((alert) => {
        const rule = ruleText(t, alert);
        const name = localName(alert.names, i18n.language, alert.name);
        return (
          <li key={alert.id} className={`alert-row alert-row--${alert.state}`}>
            <div className="alert-row__text">
              {showInstrument && (
                <span className="alert-row__instrument">
                  {name} <span className="alert-row__code">{alert.symbol}</span>
                </span>
              )}
              <span className="alert-row__rule">{rule}</span>
              <span className="alert-row__state">{stateText(t, alert)}</span>
            </div>
            <button
              type="button"
              className="text-button alert-row__remove"
              aria-label={t("alerts.removeLabel", { symbol: alert.symbol, rule })}
              disabled={remove.isPending && remove.variables === alert.id}
              onClick={() => remove.mutate(alert.id, { onSuccess: () => showSuccess(t("alerts.removed")) })}
            >
              {t("alerts.remove")}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
