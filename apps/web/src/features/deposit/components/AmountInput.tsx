import { useId } from "react";

/**
 * The amount to deposit: a decimal keypad with the currency beside it and the limits under it. (The
 * shared Field has no decimal keypad or suffix.)
 */
export function AmountInput({
  label,
  value,
  currency,
  hint,
  placeholder,
  error,
  onChange,
}: {
  label: string;
  value: string;
  currency: string;
  hint: string | undefined;
  placeholder: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : "", hint ? hintId : ""].join(" ").trim();
  return (
    <div className={`field deposit-amount${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          name="amount"
          className="field__input deposit-amount__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[,\s]/g, ""))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <span className="deposit-amount__currency">{currency}</span>
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p className="deposit-amount__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
