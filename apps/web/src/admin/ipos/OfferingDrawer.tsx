import {
  IPO_ALLOCATION_RULES,
  IPO_QUANTITY_MAX,
  IPO_SUBSCRIPTION_LIMIT_MAX,
  type AdminIpoOffering,
} from "@brokerage/api";
import { Form, Input, InputNumber, Select, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { FormDrawer, useDrawerSubmit, useFormOnOpen } from "../layout/FormDrawer";
import { useCheckedSave } from "../offerings/draftCheck";
import { useSaveIpo } from "./api";
import { fieldOf, IPO_DATES, ipoRequest, newIpo, toForm, type IpoFormValues } from "./form";

/** Refusals about the instrument name no field; they belong beside the symbol. */
const SYMBOL_CODES = new Set(["UNKNOWN_SYMBOL"]);

/**
 * One offering's editor: the instrument's symbol, the underwriting price, the shares offered, the shares
 * per subscription and how often a user may subscribe, the lead broker, the five dates in their order,
 * and the reason kept in the audit log. `offering` null: closed; "new": a new offering.
 */
export function OfferingDrawer({
  offering,
  onClose,
}: {
  offering: AdminIpoOffering | "new" | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IpoFormValues>();
  const save = useSaveIpo();
  // The draft's warnings (a second offering of the symbol, a deep discount) are confirmed before saving.
  const checkedSave = useCheckedSave("ipos/check", save);
  const editing = offering !== null && offering !== "new" ? offering : null;

  useFormOnOpen(
    offering,
    form,
    () => (offering === "new" || offering === null ? newIpo() : toForm(offering)),
    save,
  );

  const submit = useDrawerSubmit({
    form,
    check: (values: IpoFormValues) => ipoRequest(values, editing?.id),
    save: checkedSave,
    done: (saved) => t("ipos.saved", { symbol: saved.symbol }),
    fieldOfError: (error) => {
      const field = SYMBOL_CODES.has(error.code) ? "symbol" : error.params.field;
      return field ? fieldOf(field) : undefined;
    },
    onClose,
  });

  const required = (label: string) => [
    { required: true, message: t("ipos.problems.requiredField", { label }) },
  ];
  const field = (name: keyof IpoFormValues) => ({
    name,
    label: t(`ipos.fields.${name}`),
    rules: required(t(`ipos.fields.${name}`)),
  });
  return (
    <FormDrawer
      open={offering !== null}
      onClose={onClose}
      size={600}
      title={editing ? t("ipos.editTitle", { symbol: editing.symbol }) : t("ipos.newTitle")}
      save={save}
      onSave={() => void submit()}
    >
      <Form form={form} layout="vertical" initialValues={newIpo()}>
        <Space size={16} wrap align="start">
          <Form.Item {...field("symbol")} extra={t("ipos.hints.symbol")}>
            <Input maxLength={32} autoComplete="off" className="admin-mono" />
          </Form.Item>
          <Form.Item {...field("price")} extra={t("ipos.hints.price")}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="priceFinalAt"
            label={t("ipos.fields.priceFinalAt")}
            extra={t("ipos.hints.priceFinalAt")}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </Space>
        <Space size={16} wrap align="start">
          <Form.Item {...field("totalShares")}>
            <InputNumber
              min="1"
              max={String(IPO_QUANTITY_MAX)}
              precision={0}
              stringMode
              className="admin-ipo__number"
            />
          </Form.Item>
          <Form.Item {...field("minQuantity")}>
            <InputNumber
              min="1"
              max={String(IPO_QUANTITY_MAX)}
              precision={0}
              stringMode
              className="admin-ipo__number"
            />
          </Form.Item>
          <Form.Item name="maxQuantity" label={t("ipos.fields.maxQuantity")} extra={t("ipos.hints.max")}>
            <InputNumber
              min="1"
              max={String(IPO_QUANTITY_MAX)}
              precision={0}
              stringMode
              className="admin-ipo__number"
            />
          </Form.Item>
        </Space>
        <Space size={16} wrap align="start">
          <Form.Item
            {...field("subscriptionLimit")}
            extra={t("ipos.hints.limit", { max: IPO_SUBSCRIPTION_LIMIT_MAX })}
          >
            <InputNumber min={1} max={IPO_SUBSCRIPTION_LIMIT_MAX} precision={0} />
          </Form.Item>
          <Form.Item {...field("leadBroker")}>
            <Input maxLength={120} autoComplete="off" className="admin-ipo__broker" />
          </Form.Item>
        </Space>
        <Space size={16} wrap align="start">
          <Form.Item
            name="allocationRule"
            label={t("ipos.fields.allocationRule")}
            extra={t("ipos.hints.rule")}
          >
            <Select
              className="admin-ipo__rule"
              options={[
                { value: "market", label: t("ipos.rules.market") },
                ...IPO_ALLOCATION_RULES.map((rule) => ({ value: rule, label: t(`ipos.rules.${rule}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="lotSize" label={t("ipos.fields.lotSize")} extra={t("ipos.hints.lotSize")}>
            <InputNumber
              min="1"
              max={String(IPO_QUANTITY_MAX)}
              precision={0}
              stringMode
              className="admin-ipo__number"
            />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">{t("ipos.hints.dates")}</Typography.Paragraph>
        <Space size={16} wrap align="start">
          {IPO_DATES.map((date) => (
            <Form.Item key={date} {...field(date)}>
              <Input type="datetime-local" />
            </Form.Item>
          ))}
        </Space>
        <Form.Item {...field("reason")} extra={t("ipos.reasonHint")}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
