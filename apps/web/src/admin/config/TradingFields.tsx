import type { SettingKey } from "@brokerage/api";
import { money } from "@brokerage/core";
import { Form, Input, InputNumber, Radio, Space } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";
import { LEVERAGE_CLASSES } from "@brokerage/api";
import { ChargeRows } from "./ChargeRows";
import { currencyOf, parseLeverageCaps, parseLevels, type TradingForm } from "./trading";

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const MAX_LEVERAGE = 1000;
const MAX_LOCK = { tradingDays: 20, minutes: 60 * 24 * 366 } as const;

interface Range {
  min: string;
  max?: string;
  /** Bounds that the value may not equal. */
  minOpen?: boolean;
  maxOpen?: boolean;
  /** At most this many decimals (an amount in the settlement currency). */
  decimals?: number;
  /** Empty is allowed (an optional field). */
  optional?: boolean;
}

/** A decimal string within a range, compared exactly (the core's own bounds, trading/config.ts). */
function decimalRule(message: string, range: Range): Rule {
  return {
    validator: async (_, raw: string | undefined) => {
      const value = (raw ?? "").trim();
      if (value === "" && range.optional) return;
      const fits = (() => {
        if (!DECIMAL.test(value)) return false;
        const d = money(value);
        if (range.decimals !== undefined && d.decimalPlaces() > range.decimals) return false;
        const low = range.minOpen ? d.greaterThan(range.min) : d.greaterThanOrEqualTo(range.min);
        const high =
          range.max === undefined || (range.maxOpen ? d.lessThan(range.max) : d.lessThanOrEqualTo(range.max));
        return low && high;
      })();
      if (!fits) throw new Error(message);
    },
  };
}

const capsRule = (message: string): Rule => ({
  validator: async (_, raw: string | undefined) => {
    const caps = Object.entries(parseLeverageCaps(raw));
    const fits = caps.every(
      ([name, n]) =>
        (LEVERAGE_CLASSES as readonly string[]).includes(name) &&
        Number.isInteger(n) &&
        n >= 1 &&
        n <= MAX_LEVERAGE,
    );
    if (!fits) throw new Error(message);
  },
});

/** Decimals below 1 and descending (the core also checks them against the automatic close). */
const levelsRule = (message: string): Rule => ({
  validator: async (_, raw: string | undefined) => {
    const levels = parseLevels(raw);
    const fits = levels.every(
      (level, i) =>
        DECIMAL.test(level) &&
        money(level).greaterThan(0) &&
        money(level).lessThan(i === 0 ? 1 : (levels[i - 1] ?? "1")),
    );
    if (!fits) throw new Error(message);
  },
});

/**
 * The structured form of a `trading.<market>` key: leverage caps per class, the fee (rate and minimum,
 * charged on opening and on closing), the other charges as rows of components, the lock, the
 * automatic-close share, the price band and the margin-call levels. Each input checks what the core will
 * check; amounts are in the market's settlement currency.
 */
export function TradingFields({ settingKey }: { settingKey: SettingKey }) {
  const { t } = useTranslation();
  const { currency, decimals } = currencyOf(settingKey);
  const problem = (name: string) => t(`config.trading.problems.${name}`);
  const name = (field: keyof TradingForm) => ["trading", field];
  const text = (field: keyof TradingForm, rule: Rule, options: { suffix?: boolean } = {}) => (
    <Form.Item
      name={name(field)}
      label={t(`config.trading.fields.${field}`)}
      extra={t(`config.trading.hints.${field}`)}
      rules={[rule]}
    >
      <Input
        className="admin-mono"
        inputMode="decimal"
        suffix={options.suffix ? <span aria-hidden>{currency}</span> : undefined}
      />
    </Form.Item>
  );
  const amount = { min: "0", decimals };
  const rate = { min: "0", max: "1", maxOpen: true };
  const share = { min: "0", max: "1", minOpen: true };
  return (
    <>
      <Form.Item
        name={name("leverageCaps")}
        label={t("config.trading.fields.leverageCaps")}
        extra={t("config.trading.hints.leverageCaps")}
        rules={[capsRule(problem("leverageCaps"))]}
      >
        <Input className="admin-mono" placeholder="share 5" />
      </Form.Item>
      <Space size={16} align="start" wrap>
        {text("feeRate", decimalRule(problem("rate"), rate))}
        {text("minFee", decimalRule(problem("amount"), amount), { suffix: true })}
      </Space>
      <ChargeRows />
      <Form.Item
        name={name("lockKind")}
        label={t("config.trading.fields.lockKind")}
        rules={[{ required: true, message: problem("lockKind") }]}
      >
        <Radio.Group
          options={(["tradingDays", "minutes"] as const).map((kind) => ({
            value: kind,
            label: t(`config.trading.lockKinds.${kind}`),
          }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[name("lockKind")]}>
        {({ getFieldValue }) => {
          const kind = (getFieldValue(name("lockKind")) as TradingForm["lockKind"]) ?? "tradingDays";
          return (
            <Form.Item
              name={name("lockN")}
              label={t("config.trading.fields.lockN")}
              extra={t(`config.trading.hints.lockN.${kind}`)}
              rules={[
                { required: true, type: "integer", min: 0, max: MAX_LOCK[kind], message: problem("lockN") },
              ]}
            >
              <InputNumber precision={0} min={0} max={MAX_LOCK[kind]} className="admin-number" />
            </Form.Item>
          );
        }}
      </Form.Item>
      <Space size={16} align="start" wrap>
        {text("liquidationShare", decimalRule(problem("share"), share))}
        {text("priceBand", decimalRule(problem("share"), share))}
      </Space>
      <Form.Item
        name={name("marginCallLevels")}
        label={t("config.trading.fields.marginCallLevels")}
        extra={t("config.trading.hints.marginCallLevels")}
        rules={[levelsRule(problem("marginCallLevels"))]}
      >
        <Input className="admin-mono" placeholder="0.8, 0.65" />
      </Form.Item>
    </>
  );
}
