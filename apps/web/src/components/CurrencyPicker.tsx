import "./CurrencyPicker.css";
import { useId, useState } from "react";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { Currency } from "@brokerage/api";
import { Icon } from "./icons";
import { CURRENCIES, currencyName } from "../lib/currency";

/** A currency field: shows the chosen one, opens a sheet of the wallet currencies to pick another. */
export function CurrencyPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Currency;
  onChange: (currency: Currency) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const name = useId();
  return (
    <div className="currency-picker">
      <span className="field__label" aria-hidden="true">
        {label}
      </span>
      <button
        type="button"
        className="currency-picker__button"
        aria-haspopup="dialog"
        aria-label={t("exchange.pickerLabel", { label, currency: `${value} ${currencyName(value)}` })}
        onClick={() => setOpen(true)}
      >
        <span className="currency-picker__code">{value}</span>
        <span className="currency-picker__name">{currencyName(value)}</span>
        <Icon name="chevron" className="currency-picker__chevron" />
      </button>
      <Popup
        visible={open}
        onClose={() => setOpen(false)}
        closeOnMaskClick
        position="bottom"
        bodyClassName="currency-sheet"
      >
        <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className="currency-sheet__title">
            {label}
          </h2>
          <fieldset className="choice-list">
            <legend className="visually-hidden">{label}</legend>
            {CURRENCIES.map((code) => (
              <label key={code} className="choice-list__row">
                <input
                  type="radio"
                  className="choice-list__input"
                  name={name}
                  value={code}
                  checked={code === value}
                  onChange={() => {
                    onChange(code);
                    setOpen(false);
                  }}
                />
                <span className="choice-list__label">
                  <strong>{code}</strong> <span className="currency-sheet__name">{currencyName(code)}</span>
                </span>
                <span className="choice-list__check" aria-hidden="true" />
              </label>
            ))}
          </fieldset>
        </div>
      </Popup>
    </div>
  );
}
