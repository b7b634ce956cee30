import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { CURRENCIES, LANGUAGES, LANGUAGE_CODES } from "@brokerage/api";
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { amountRule } from "./MoneyFields";

const REWARD_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** `checkin.rewards`: the currency, the amount per check-in, and the rewards a number of check-ins buys. */
export function CheckinFields() {
  const { t } = useTranslation();
  return (
    <>
      <Space size={16} align="start">
        <Form.Item
          name={["checkin", "currency"]}
          label={t("config.rows.currency")}
          rules={[{ required: true, message: t("config.problems.unknownCurrency") }]}
          className="admin-config__currency"
        >
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name={["checkin", "perCheckIn"]}
          label={t("config.checkin.perCheckIn")}
          extra={t("config.checkin.perCheckInHint")}
          rules={[amountRule(t("config.problems.amount"), true)]}
        >
          <Input inputMode="decimal" className="admin-mono" />
        </Form.Item>
      </Space>
      <Form.List name={["checkin", "rewards"]}>
        {(rows, { add, remove }) => (
          <div className="admin-config__rows">
            {rows.length > 0 ? (
              <div className="admin-config__head" aria-hidden>
                <span className="admin-config__currency">{t("config.checkin.id")}</span>
                <span className="admin-config__currency">{t("config.checkin.checkIns")}</span>
                <span className="admin-config__amount">{t("config.rows.amount")}</span>
              </div>
            ) : null}
            {rows.map(({ key, name }) => (
              <Space key={key} align="start" className="admin-config__row">
                <Form.Item
                  name={[name, "id"]}
                  rules={[{ required: true, pattern: REWARD_ID, message: t("config.checkin.idProblem") }]}
                  className="admin-config__currency"
                >
                  <Input className="admin-mono" aria-label={t("config.checkin.id")} maxLength={32} />
                </Form.Item>
                <Form.Item
                  name={[name, "checkIns"]}
                  rules={[
                    {
                      required: true,
                      type: "integer",
                      min: 1,
                      max: 3650,
                      message: t("config.problems.integer"),
                    },
                  ]}
                  className="admin-config__currency"
                >
                  <InputNumber precision={0} min={1} max={3650} aria-label={t("config.checkin.checkIns")} />
                </Form.Item>
                <Form.Item
                  name={[name, "amount"]}
                  rules={[amountRule(t("config.problems.amount"))]}
                  className="admin-config__amount"
                >
                  <Input inputMode="decimal" className="admin-mono" aria-label={t("config.rows.amount")} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t("config.checkin.remove")}
                  onClick={() => remove(name)}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({})}>
              {t("config.checkin.add")}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}

/** `seat.terms`: each thing a seat grants, in the app's five languages, and whether KYC comes first. */
export function SeatFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={["seat", "requireKyc"]} valuePropName="checked">
        <Checkbox>{t("config.seat.requireKyc")}</Checkbox>
      </Form.Item>
      <Form.List name={["seat", "grants"]}>
        {(rows, { add, remove }) => (
          <div className="admin-config__rows">
            {rows.map(({ key, name }, index) => (
              <Card
                key={key}
                size="small"
                title={t("config.seat.line", { n: index + 1 })}
                extra={
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t("config.seat.remove", { n: index + 1 })}
                    onClick={() => remove(name)}
                  />
                }
              >
                {LANGUAGE_CODES.map((code) => (
                  <Form.Item
                    key={code}
                    name={[name, code]}
                    label={LANGUAGES[code].label}
                    rules={[
                      { required: true, max: 200, whitespace: true, message: t("config.seat.lineProblem") },
                    ]}
                  >
                    <Input maxLength={200} />
                  </Form.Item>
                ))}
              </Card>
            ))}
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({})}>
              {t("config.seat.add")}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}
