import { useId } from "react";
import { useTranslation } from "react-i18next";
import { sharesText } from "../offering";

/**
 * Whole shares (1 lot is 1 share), as decimal digits: the buttons step by the offering's minimum and never
 * go below it; any whole number can be typed (the form says what is wrong with it); only digits are kept.
 */
export function SharesStepper({
  value,
  min,
  max,
  onChange,
}: {
  value: string;
  min: string;
  max: string | null;
  onChange: (shares: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const least = BigInt(min);
  const most = max === null ? null : BigInt(max);
  const step = least > 1n ? least : 1n;
  const now = /^\d+$/.test(value) ? BigInt(value) : 0n;
  const bounded = (shares: bigint) => {
    const low = shares < least ? least : shares;
    return String(most !== null && low > most ? most : low);
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t("ipo.quantity")}
      </label>
      <div className="lots-stepper">
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("ipo.fewer", { shares: sharesText(step) })}
          disabled={now <= least}
          onClick={() => onChange(bounded(now - step))}
        >
          −
        </button>
        <input
          id={id}
          className="field__input lots-stepper__input"
          inputMode="numeric"
          aria-describedby={hintId}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, "").replace(/^0+(?=\d)/, ""))}
        />
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("ipo.more", { shares: sharesText(step) })}
          disabled={most !== null && now >= most}
          onClick={() => onChange(bounded(now + step))}
        >
          +
        </button>
      </div>
      <p className="field__hint" id={hintId}>
        {max === null
          ? t("ipo.quantityHint", { min: sharesText(min) })
          : t("ipo.quantityHintMax", { min: sharesText(min), max: sharesText(max) })}
      </p>
    </div>
  );
}
