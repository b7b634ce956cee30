import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { CURRENCIES, PAYOUT_NETWORKS, moneyString } from "@brokerage/api";
import { Button, Form, Input, InputNumber, Select, Space } from "antd";
import { useTranslation } from "react-i18next";

/** An amount typed as a plain decimal (never a float): above 0, or 0 too where `zero` allows it. */
export const amountRule = (message: string, zero = false) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const v = (value ?? "").trim();
    const isZero = /^0*(\.0*)?$/.test(v);
    if (!moneyString.safeParse(v).success || v.startsWith("-") || (isZero && !zero)) throw new Error(message);
  },
});

const currencyOptions = CURRENCIES.map((c) => ({ value: c, label: c }));

/** The payout networks' fees: one row per network and currency. */
export function NetworkFeeRows() {
  const { t } = useTranslation();
  return (
    <Form.List name="fees">
      {(rows, { add, remove }) => (
        <div className="admin-config__rows">
          {rows.length > 0 ? (
            <div className="admin-config__head" aria-hidden>
              <span className="admin-config__network">{t("config.networkFees.network")}</span>
              <span className="admin-config__currency">{t("config.rows.currency")}</span>
              <span className="admin-config__amount">{t("config.networkFees.fee")}</span>
            </div>
          ) : null}
          {rows.map(({ key, name }) => (
            <Space key={key} align="start">
              <Form.Item
                name={[name, "network"]}
                rules={[{ required: true, message: t("config.networkFees.chooseNetwork") }]}
                className="admin-config__network"
              >
                <Select
                  aria-label={t("config.networkFees.network")}
                  options={PAYOUT_NETWORKS.map((n) => ({ value: n, label: n }))}
                />
              </Form.Item>
              <Form.Item
                name={[name, "currency"]}
                rules={[{ required: true, message: t("config.problems.unknownCurrency") }]}
                className="admin-config__currency"
              >
                <Select aria-label={t("config.rows.currency")} options={currencyOptions} />
              </Form.Item>
              <Form.Item
                name={[name, "amount"]}
                rules={[amountRule(t("config.networkFees.feeProblem"), true)]}
                className="admin-config__amount"
              >
                <Input inputMode="decimal" className="admin-mono" aria-label={t("config.networkFees.fee")} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t("config.networkFees.remove")}
                onClick={() => remove(name)}
              />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({})}>
            {t("config.networkFees.add")}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The credit loans' terms, field by field; the daily rate as a percentage. */
export function LoanFields() {
  const { t } = useTranslation();
  const amount = (name: "perScorePoint" | "maxQuota" | "minAmount", zero: boolean) => (
    <Form.Item
      name={["loan", name]}
      label={t(`config.loan.${name}`)}
      rules={[amountRule(t("config.problems.amount"), zero)]}
      className="admin-config__amount"
    >
      <Input inputMode="decimal" className="admin-mono" />
    </Form.Item>
  );
  return (
    <>
      <Form.Item
        name={["loan", "currency"]}
        label={t("config.loan.currency")}
        rules={[{ required: true, message: t("config.problems.unknownCurrency") }]}
        className="admin-config__currency"
      >
        <Select options={currencyOptions} />
      </Form.Item>
      <Space size={16} align="start" wrap>
        {amount("perScorePoint", true)}
        {amount("maxQuota", true)}
        {amount("minAmount", false)}
      </Space>
      <Space size={16} align="start" wrap>
        <Form.Item
          name={["loan", "dailyRatePercent"]}
          label={t("config.loan.dailyRate")}
          extra={t("config.loan.dailyRateHint")}
          rules={[
            {
              required: true,
              pattern: /^(0(\.\d{1,16})?|1(\.0{1,16})?)$/,
              message: t("config.loan.dailyRateProblem"),
            },
          ]}
        >
          <Input inputMode="decimal" className="admin-mono admin-config__amount" suffix="%" />
        </Form.Item>
        <Form.Item
          name={["loan", "termDays"]}
          label={t("config.loan.termDays")}
          rules={[
            { required: true, type: "integer", min: 1, max: 3650, message: t("config.problems.integer") },
          ]}
        >
          <InputNumber precision={0} min={1} max={3650} className="admin-number" />
        </Form.Item>
      </Space>
    </>
  );
}
