import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { CURRENCIES, type SettingKey } from "@brokerage/api";
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { weekdayNames, type SettingKind } from "./kinds";
import { LanguagesField, LinkField, LogoField, TitleField } from "./AppFields";
import { LoanFields, NetworkFeeRows, amountRule } from "./MoneyFields";
import { CheckinFields, SeatFields } from "./PromotionFields";
import { TradingFields } from "./TradingFields";

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

function WindowFields() {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.language);
  const zones = useMemo(timeZones, []);
  const time = (name: "from" | "to") => (
    <Form.Item
      name={name}
      label={t(`config.window.${name}`)}
      rules={[{ required: true, pattern: HHMM, message: t("config.problems.time") }]}
      className="admin-config__time"
    >
      <Input placeholder="HH:MM" className="admin-mono" maxLength={5} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item
        name="days"
        label={t("config.window.days")}
        rules={[{ required: true, type: "array", min: 1, message: t("config.problems.days") }]}
      >
        <Checkbox.Group options={names.map((label, value) => ({ label, value }))} />
      </Form.Item>
      <Space size={16} align="start">
        {time("from")}
        {time("to")}
      </Space>
      <Form.Item
        name="timeZone"
        label={t("config.window.timeZone")}
        extra={t("config.window.toHint")}
        rules={[{ required: true, message: t("config.problems.unknownTimeZone") }]}
      >
        {zones.length > 0 ? (
          <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} />
        ) : (
          <Input />
        )}
      </Form.Item>
    </>
  );
}

/** Rows of a currency with its amounts (limits: min and max; per-currency amounts: one). */
function CurrencyRows({ kind }: { kind: "limits" | "perCurrency" }) {
  const { t } = useTranslation();
  const amountField = (name: number, field: "min" | "max" | "amount") => (
    <Form.Item
      name={[name, field]}
      rules={[
        { required: true, message: t("config.problems.amount") },
        amountRule(t("config.problems.amount")),
      ]}
      className="admin-config__amount"
    >
      <Input
        inputMode="decimal"
        className="admin-mono"
        placeholder={t(`config.rows.${field}`)}
        aria-label={t(`config.rows.${field}`)}
      />
    </Form.Item>
  );
  return (
    <Form.List name="rows">
      {(rows, { add, remove }) => (
        <div className="admin-config__rows">
          {rows.length > 0 ? (
            <div className="admin-config__head" aria-hidden>
              <span className="admin-config__currency">{t("config.rows.currency")}</span>
              {(kind === "limits" ? (["min", "max"] as const) : (["amount"] as const)).map((field) => (
                <span key={field} className="admin-config__amount">
                  {t(`config.rows.${field}`)}
                </span>
              ))}
            </div>
          ) : null}
          {rows.map(({ key, name }) => (
            <Space key={key} align="start" className="admin-config__row">
              <Form.Item
                name={[name, "currency"]}
                rules={[{ required: true, message: t("config.problems.unknownCurrency") }]}
                className="admin-config__currency"
              >
                <Select
                  aria-label={t("config.rows.currency")}
                  placeholder={t("config.rows.currency")}
                  options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                />
              </Form.Item>
              {kind === "limits" ? (
                <>
                  {amountField(name, "min")}
                  {amountField(name, "max")}
                </>
              ) : (
                amountField(name, "amount")
              )}
              <Button
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t("config.rows.remove")}
                onClick={() => remove(name)}
              />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({})}>
            {t("config.rows.add")}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The structured fields of a key's kind (JSON for a kind without a form). */
export function SettingFields({
  kind,
  label,
  settingKey,
}: {
  kind: SettingKind;
  label: string;
  settingKey: SettingKey;
}) {
  const { t } = useTranslation();
  switch (kind) {
    case "trading":
      return <TradingFields settingKey={settingKey} />;
    case "window":
      return <WindowFields />;
    case "limits":
    case "perCurrency":
      return <CurrencyRows kind={kind} />;
    case "networkFees":
      return <NetworkFeeRows />;
    case "loanTerms":
      return <LoanFields />;
    case "checkinRewards":
      return <CheckinFields />;
    case "seatTerms":
      return <SeatFields />;
    case "text":
      return <TitleField label={label} />;
    case "logo":
      return <LogoField label={label} />;
    case "languages":
      return <LanguagesField label={label} />;
    case "link":
      return <LinkField label={label} />;
    case "integer":
      return (
        <Form.Item
          name="value"
          label={label}
          rules={[{ required: true, type: "integer", message: t("config.problems.integer") }]}
        >
          <InputNumber precision={0} className="admin-number" />
        </Form.Item>
      );
    case "fraction":
      return (
        <Form.Item
          name="value"
          label={label}
          extra={t("config.fractionHint")}
          rules={[{ required: true, pattern: /^0(\.\d{1,6})?$/, message: t("config.problems.fraction") }]}
        >
          <Input className="admin-mono" inputMode="decimal" />
        </Form.Item>
      );
    case "arrival":
      return (
        <Space size={16} align="start">
          <Form.Item
            name="withinHours"
            label={t("config.arrival.withinHours")}
            rules={[{ required: true, type: "integer", min: 1, max: 240 }]}
          >
            <InputNumber precision={0} min={1} max={240} className="admin-number" />
          </Form.Item>
          <Form.Item
            name="latestDays"
            label={t("config.arrival.latestDays")}
            rules={[{ required: true, type: "integer", min: 0, max: 30 }]}
          >
            <InputNumber precision={0} min={0} max={30} className="admin-number" />
          </Form.Item>
        </Space>
      );
    default:
      return (
        <Form.Item
          name="json"
          label={t("config.json")}
          rules={[{ required: true, message: t("config.problems.json") }]}
        >
          <Input.TextArea rows={10} className="admin-mono" spellCheck={false} />
        </Form.Item>
      );
  }
}
