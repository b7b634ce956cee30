import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatMoneySafe } from "../../../lib/money";

/**
 * The amount to pay: a decimal keypad, the paying currency beside it, and the paying wallet's available
 * balance under it with a button to take all of it. (The shared Field has no decimal keypad or suffix.)
 */
export function AmountField({
  label,
  value,
  currency,
  available,
  error,
  onChange,
}: {
  label: string;
  value: string;
  currency: string;
  /** The paying wallet's available balance; undefined while it loads. */
  available: string | undefined;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={`field amount-field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input amount-field__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t("exchange.amountPlaceholder")}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/,/g, "").trim())}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : "", hintId].join(" ").trim()}
        />
        <span className="amount-field__currency">{currency}</span>
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <p className="amount-field__hint" id={hintId}>
        <span>
          {t("exchange.available", {
            amount: available === undefined ? "…" : formatMoneySafe(available),
            currency,
          })}
        </span>
        {available !== undefined && /[1-9]/.test(available) && (
          <button type="button" className="text-button amount-field__all" onClick={() => onChange(available)}>
            {t("exchange.all")}
          </button>
        )}
      </p>
    </div>
  );
}
