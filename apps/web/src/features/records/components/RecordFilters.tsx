import { useId } from "react";
import type { Currency, EntryType } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { ChipTabs } from "../../../components/ChipTabs";
import type { RecordFilters as Filters } from "../api/records";
import { CURRENCIES as WALLET_CURRENCIES, ENTRY_TYPES as FUND_FLOW_TYPES } from "@brokerage/api/constants";

const ALL = "all";

/** The fund records' filters: the fund-flow type (a select: there are many) and the currency (chips). */
export function RecordFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation();
  const typeId = useId();
  const currencies = [
    { key: ALL, label: t("records.filters.allCurrencies") },
    ...WALLET_CURRENCIES.map((currency) => ({ key: currency, label: currency })),
  ];
  return (
    <div className="record-filters card">
      <div className="record-filters__type">
        <label htmlFor={typeId}>{t("records.filters.type")}</label>
        <select
          id={typeId}
          className="record-filters__select"
          value={value.type ?? ALL}
          onChange={(event) => {
            const type = event.target.value;
            onChange({ ...value, type: type === ALL ? undefined : (type as EntryType) });
          }}
        >
          <option value={ALL}>{t("records.filters.allTypes")}</option>
          {FUND_FLOW_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`fundFlow.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <ChipTabs
        role="radio"
        label={t("records.filters.currency")}
        options={currencies}
        value={value.currency ?? ALL}
        onChange={(key) => onChange({ ...value, currency: key === ALL ? undefined : (key as Currency) })}
        className="record-filters__currencies"
      />
    </div>
  );
}
