import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isOnStep, stepDown, stepUp, typedQuantity, type QuantityRule } from "../quantity";

/**
 * The buy form's quantity: − and + move by the instrument's step, the field takes decimals, and the hint
 * says what a lot is and what the quantity must be a multiple of; a quantity off the step is named under
 * the field before the order is sent (the server refuses it with QUANTITY_NOT_MULTIPLE_OF_STEP).
 */
export function QuantityStepper({
  value,
  rule,
  unit,
  onChange,
}: {
  value: string;
  rule: QuantityRule;
  /** The coin or base currency of crypto and forex ("BTC"); unused for shares. */
  unit: string;
  onChange: (quantity: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const { step, lotSize, kind } = rule;
  const hint =
    kind === "crypto"
      ? t("trade.stepHint.crypto", { step, unit })
      : kind === "forex"
        ? t("trade.stepHint.forex", { unit })
        : lotSize > 1
          ? t("trade.stepHint.boardLot", { lot: lotSize })
          : step.includes(".")
            ? t("trade.stepHint.fractional", { step })
            : t("trade.stepHint.share");
  const off = value !== "" && !isOnStep(value, step);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t("trade.quantity")}
      </label>
      <div className="lots-stepper">
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("trade.quantityLess", { step })}
          disabled={value === step}
          onClick={() => onChange(stepDown(value, step))}
        >
          −
        </button>
        <input
          id={id}
          className="field__input lots-stepper__input"
          inputMode="decimal"
          aria-describedby={hintId}
          aria-invalid={off}
          value={value}
          onChange={(event) => onChange(typedQuantity(event.target.value))}
        />
        <button
          type="button"
          className="lots-stepper__button"
          aria-label={t("trade.quantityMore", { step })}
          onClick={() => onChange(stepUp(value, step))}
        >
          +
        </button>
      </div>
      <p className="field__hint" id={hintId}>
        {off ? t("trade.quantityOffStep", { step }) : hint}
      </p>
    </div>
  );
}
