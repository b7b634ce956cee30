import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * Spec §5 stepper: whole lots as decimal digits (never a JS number), min 1, step 1, no max. Typing is
 * allowed; only digits are kept, and nothing (or 0) reads as 1.
 */
export function LotsStepper({ value, onChange }: { value: string; onChange: (lots: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const now = /^\d+$/.test(value) ? BigInt(value) : 1n;
  const set = (next: bigint) => onChange(String(next >= 1n ? next : 1n));
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
          disabled={now <= 1n}
          onClick={() => set(now - 1n)}
        >
          −
        </button>
        <input
          id={id}
          className="field__input lots-stepper__input"
          inputMode="numeric"
          value={value}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, "").slice(0, 12);
            set(digits === "" ? 1n : BigInt(digits));
          }}
        />
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("trade.lotsMore")}
          onClick={() => set(now + 1n)}
        >
          +
        </button>
      </div>
      <p className="field__hint">{t("trade.lotHint")}</p>
    </div>
  );
}
