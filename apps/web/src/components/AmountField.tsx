import "./AmountField.css";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatMoneySafe } from "../lib/money";

/**
 * The amount to pay: a decimal keypad, the paying currency beside it, and the paying wallet's available
 * balance under it with a button to take all of it. (The shared Field has no decimal keypad or suffix.)
 * A form whose limit is not a balance (a loan's quota, what is owed) says so with `hint` and `fill`.
 */
export function AmountField({
  label,
  value,
  currency,
  available,
  error,
  onChange,
  hint,
  fill,
}: {
  label: string;
  value: string;
  currency: string;
  /** The paying wallet's available balance; undefined while it loads. */
  available: string | undefined;
  error?: string;
  onChange: (value: string) => void;
  /** The text under the field, in place of the available balance. */
  hint?: string;
  /** The button beside it and the amount it fills in, in place of "All" of the available balance. */
  fill?: { label: string; value: string | undefined };
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { label: fillLabel, value: fillValue } = fill ?? { label: t("exchange.all"), value: available };
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
          {hint ??
            t("exchange.available", {
              amount: available === undefined ? "…" : formatMoneySafe(available),
              currency,
            })}
        </span>
        {fillValue !== undefined && /[1-9]/.test(fillValue) && (
          <button type="button" className="text-button amount-field__all" onClick={() => onChange(fillValue)}>
            {fillLabel}
          </button>
        )}
      </p>
    </div>
  );
}
