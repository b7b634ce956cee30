import { useId } from "react";
import { useTranslation } from "react-i18next";

/** Spec §5 stepper: whole lots, min 1, step 1, no max. Typing is allowed; anything not whole reads as 1. */
export function LotsStepper({ value, onChange }: { value: number; onChange: (lots: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const set = (next: number) => onChange(Number.isSafeInteger(next) && next >= 1 ? next : 1);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t("trade.lots")}
      </label>
      <div className="lots-stepper">
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("trade.lotsLess")}
          disabled={value <= 1}
          onClick={() => set(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          className="field__input lots-stepper__input"
          inputMode="numeric"
          value={String(value)}
          onChange={(event) => set(Number(event.target.value.replace(/\D/g, "")))}
        />
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("trade.lotsMore")}
          onClick={() => set(value + 1)}
        >
          +
        </button>
      </div>
      <p className="field__hint">{t("trade.lotHint")}</p>
    </div>
  );
}
