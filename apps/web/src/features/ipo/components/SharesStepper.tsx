import { useId } from "react";
import { useTranslation } from "react-i18next";
import { sharesText } from "../offering";

/**
 * Whole shares (1 lot is 1 share): the buttons step by the offering's minimum and never go below it; any
 * whole number can be typed (the form says what is wrong with it). Anything not whole reads as 0.
 */
export function SharesStepper({
  value,
  min,
  max,
  onChange,
}: {
  value: number;
  min: number;
  max: number | null;
  onChange: (shares: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const step = Math.max(min, 1);
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
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - step))}
        >
          −
        </button>
        <input
          id={id}
          className="field__input lots-stepper__input"
          inputMode="numeric"
          aria-describedby={hintId}
          value={value === 0 ? "" : String(value)}
          onChange={(event) => {
            const typed = Number(event.target.value.replace(/\D/g, ""));
            onChange(Number.isSafeInteger(typed) ? typed : 0);
          }}
        />
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("ipo.more", { shares: sharesText(step) })}
          disabled={max !== null && value >= max}
          onClick={() => onChange(Math.min(max ?? Number.MAX_SAFE_INTEGER, Math.max(min, value + step)))}
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
