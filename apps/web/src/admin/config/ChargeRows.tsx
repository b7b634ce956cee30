import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { CHARGE_KINDS, CHARGE_SIDES } from "@brokerage/api";
import { Button, Card, Form, Input, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { ChargeRow } from "./charges-form";

const BASES = ["value", "shares", "blocks", "charges"] as const;
const KINDS = CHARGE_KINDS.filter((kind) => kind !== "commission");

/**
 * A market's other charges, one small card per component: its name, kind and side; its basis with the
 * rate (and the block size, or the components a VAT is charged on); an optional minimum and maximum.
 */
export function ChargeRows() {
  const { t } = useTranslation();
  const label = (field: string) => t(`config.trading.charges.${field}`);
  const problem = t("config.trading.problems.charges");
  return (
    <Form.Item label={t("config.trading.fields.charges")} extra={t("config.trading.hints.charges")}>
      <Form.List name={["trading", "charges"]}>
        {(rows, { add, remove }) => (
          <div className="admin-config__rows">
            {rows.map(({ key, name }) => (
              <Card key={key} size="small" className="admin-config__charge">
                <Space align="start" wrap>
                  <Form.Item
                    name={[name, "id"]}
                    label={label("id")}
                    rules={[{ required: true, message: problem }]}
                  >
                    <Input className="admin-mono admin-config__amount" />
                  </Form.Item>
                  <Form.Item
                    name={[name, "kind"]}
                    label={label("kind")}
                    rules={[{ required: true, message: problem }]}
                  >
                    <Select
                      className="admin-config__network"
                      options={KINDS.map((kind) => ({
                        value: kind,
                        label: t(`config.trading.charges.kinds.${kind}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[name, "side"]}
                    label={label("side")}
                    rules={[{ required: true, message: problem }]}
                  >
                    <Select
                      className="admin-config__currency"
                      options={CHARGE_SIDES.map((side) => ({
                        value: side,
                        label: t(`config.trading.charges.sides.${side}`),
                      }))}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={label("remove")}
                    onClick={() => remove(name)}
                    className="admin-config__charge-remove"
                  />
                </Space>
                <Space align="start" wrap>
                  <Form.Item
                    name={[name, "basisKind"]}
                    label={label("basis")}
                    rules={[{ required: true, message: problem }]}
                  >
                    <Select
                      className="admin-config__network"
                      options={BASES.map((basis) => ({
                        value: basis,
                        label: t(`config.trading.charges.bases.${basis}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[name, "rate"]}
                    label={label("rate")}
                    rules={[{ required: true, message: problem }]}
                  >
                    <Input className="admin-mono admin-config__amount" inputMode="decimal" />
                  </Form.Item>
                  <Form.Item noStyle dependencies={[["trading", "charges", name, "basisKind"]]}>
                    {({ getFieldValue }) => {
                      const basis = getFieldValue([
                        "trading",
                        "charges",
                        name,
                        "basisKind",
                      ]) as ChargeRow["basisKind"];
                      if (basis === "blocks")
                        return (
                          <Form.Item
                            name={[name, "block"]}
                            label={label("block")}
                            rules={[{ required: true, message: problem }]}
                          >
                            <Input className="admin-mono admin-config__amount" inputMode="decimal" />
                          </Form.Item>
                        );
                      if (basis === "charges")
                        return (
                          <Form.Item
                            name={[name, "on"]}
                            label={label("on")}
                            rules={[{ required: true, message: problem }]}
                          >
                            <Select mode="tags" className="admin-config__on" />
                          </Form.Item>
                        );
                      return null;
                    }}
                  </Form.Item>
                  <Form.Item name={[name, "min"]} label={label("min")}>
                    <Input className="admin-mono admin-config__amount" inputMode="decimal" />
                  </Form.Item>
                  <Form.Item name={[name, "max"]} label={label("max")}>
                    <Input className="admin-mono admin-config__amount" inputMode="decimal" />
                  </Form.Item>
                </Space>
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ side: "both", basisKind: "value" })}
            >
              {label("add")}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
