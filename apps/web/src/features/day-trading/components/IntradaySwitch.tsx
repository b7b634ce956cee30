import "../dayTrading.css";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { DayTradingAllowance } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";

/**
 * The buy form's "intraday" switch, for a user whose day-trading application was approved (nothing
 * otherwise): an intraday order has no lock and is closed at the market's close, its margin within what
 * remains of the allowance. The rule is read out with the switch.
 */
export function IntradaySwitch({
  allowance,
  checked,
  onChange,
}: {
  allowance: DayTradingAllowance | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ruleId = `${id}-rule`;
  if (!allowance) return null;
  return (
    <div className="intraday">
      <label className="intraday__label" htmlFor={id}>
        {t("trade.intraday")}
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="intraday__input"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={ruleId}
        />
      </label>
      <p id={ruleId} className="field__hint">
        {t("trade.intradayRule", {
          remaining: formatMoneySafe(allowance.remaining),
          currency: allowance.currency,
        })}
      </p>
    </div>
  );
}
