import { PLACEMENT_ELIGIBILITIES, PLACEMENT_KINDS, type AdminPlacementOffer } from "@brokerage/api";
import { Form, Input, InputNumber, Radio, Space, Typography } from "antd";
import "./placements.css";
import { useTranslation } from "react-i18next";
import { FormDrawer, useDrawerSubmit, useFormOnOpen } from "../layout/FormDrawer";
import { useSavePlacement } from "./api";
import {
  newPlacement,
  placementFieldOf,
  placementRequest,
  toPlacementForm,
  type PlacementFormValues,
} from "./form";

/** Refusals about the instrument name no field; they belong beside the symbol. */
const SYMBOL_CODES = new Set(["UNKNOWN_SYMBOL", "NOT_YET_OPEN"]);

/**
 * One offer's editor: its kind, the instrument's symbol, the fixed price, the amount per subscription,
 * the window, who may apply (a capital increase starts as holders only), the lock after allotment, and
 * the reason kept in the audit log. `offer` null: closed; "new": a new offer.
 */
export function PlacementDrawer({
  offer,
  onClose,
}: {
  offer: AdminPlacementOffer | "new" | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlacementFormValues>();
  const save = useSavePlacement();
  const editing = offer !== null && offer !== "new" ? offer : null;

  useFormOnOpen(
    offer,
    form,
    () => (offer === "new" || offer === null ? newPlacement() : toPlacementForm(offer)),
    save,
  );

  const submit = useDrawerSubmit({
    form,
    check: (values: PlacementFormValues) => placementRequest(values, editing?.id),
    save,
    done: (saved) => t("placements.saved", { symbol: saved.symbol }),
    fieldOfError: (error) => {
      const field = SYMBOL_CODES.has(error.code) ? "symbol" : error.params.field;
      return field ? placementFieldOf(field) : undefined;
    },
    onClose,
  });

  const required = (label: string) => [
    { required: true, message: t("blockTrades.problems.requiredField", { label }) },
  ];
  return (
    <FormDrawer
      open={offer !== null}
      onClose={onClose}
      size={560}
      title={editing ? t("placements.editTitle", { symbol: editing.symbol }) : t("placements.newTitle")}
      save={save}
      onSave={() => void submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={newPlacement()}
        onValuesChange={(changed: Partial<PlacementFormValues>) => {
          // A capital increase is for the instrument's holders unless staff open it wider.
          if (changed.kind)
            form.setFieldValue("eligibility", changed.kind === "capitalIncrease" ? "holders" : "verified");
        }}
      >
        <Form.Item name="kind" label={t("placements.kind")}>
          <Radio.Group
            optionType="button"
            options={PLACEMENT_KINDS.map((kind) => ({ value: kind, label: t(`placements.kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="symbol"
          label={t("blockTrades.symbol")}
          extra={t("blockTrades.symbolHint")}
          rules={required(t("blockTrades.symbol"))}
        >
          <Input maxLength={32} autoComplete="off" className="admin-mono" />
        </Form.Item>
        <Form.Item
          name="price"
          label={t("placements.price")}
          extra={t("blockTrades.priceHint")}
          rules={required(t("placements.price"))}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Space size={16} wrap align="start">
          <Form.Item
            name="minAmount"
            label={t("placements.minAmount")}
            rules={required(t("placements.minAmount"))}
            className="admin-placement__amount"
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="maxAmount"
            label={t("placements.maxAmount")}
            extra={t("blockTrades.maxHint")}
            className="admin-placement__amount"
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary" className="admin-placement__hint">
          {t("placements.amountHint")}
        </Typography.Paragraph>
        <Space size={16} wrap>
          <Form.Item
            name="opensAt"
            label={t("blockTrades.opensAt")}
            rules={required(t("blockTrades.opensAt"))}
          >
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="closesAt"
            label={t("blockTrades.closesAt")}
            rules={required(t("blockTrades.closesAt"))}
          >
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="lockDays"
            label={t("blockTrades.lockDays")}
            rules={required(t("blockTrades.lockDays"))}
          >
            <InputNumber min={0} max={500} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="eligibility" label={t("placements.eligibility")}>
          <Radio.Group
            optionType="button"
            options={PLACEMENT_ELIGIBILITIES.map((e) => ({
              value: e,
              label: t(`placements.eligibilities.${e}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t("blockTrades.reason")}
          extra={t("blockTrades.reasonHint")}
          rules={required(t("blockTrades.reason"))}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
