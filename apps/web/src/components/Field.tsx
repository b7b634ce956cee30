import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons";

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string;
  autoComplete?: string;
  inputMode?: "text" | "tel" | "numeric" | "decimal";
  name?: string;
  /** A password: masked, with a show/hide toggle. */
  secret?: boolean;
  /** The unit of the value, shown after it inside the field and read with its label ("USD"). */
  unit?: string;
  /** A line under the field that explains the value (what it would do), read after the label. */
  hint?: string;
}

/**
 * A labelled input with its validation message. A plain <input>, not antd-mobile's Input: that one puts
 * aria-invalid and aria-describedby on its wrapper instead of the input (so the error was never tied to
 * the field), and its clear control is a <div> with an aria-label, which axe refuses.
 */
export function Field({ label, error, secret = false, unit, hint, onChange, value, ...input }: FieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {unit && <span className="visually-hidden"> ({unit})</span>}
      </label>
      <div className="field__control">
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="field__input"
          type={secret && !visible ? "password" : "text"}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        {unit && (
          <span className="field__unit" aria-hidden="true">
            {unit}
          </span>
        )}
        {!secret && value !== "" && (
          // Out of the tab order like a native search field's clear button (the keyboard clears the text
          // itself); a tap keeps the focus in the input.
          <button
            type="button"
            className="icon-button field__clear"
            aria-label={t("common.clear")}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange("");
              inputRef.current?.focus();
            }}
          >
            <Icon name="clear" />
          </button>
        )}
        {secret && (
          <button
            type="button"
            className="icon-button field__toggle"
            aria-label={visible ? t("common.hidePassword") : t("common.showPassword")}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? "eyeOff" : "eye"} />
          </button>
        )}
      </div>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
