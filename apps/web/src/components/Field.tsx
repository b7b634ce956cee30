import { useId, useState } from "react";
import Input from "antd-mobile/es/components/input";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons";

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string;
  autoComplete?: string;
  inputMode?: "text" | "tel" | "numeric";
  name?: string;
  /** A password: masked, with a show/hide toggle. */
  secret?: boolean;
}

/** A labelled input with its validation message. */
export function Field({ label, error, secret = false, onChange, ...input }: FieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <Input
          {...input}
          id={id}
          type={secret && !visible ? "password" : "text"}
          onChange={onChange}
          clearable={!secret}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
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
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
