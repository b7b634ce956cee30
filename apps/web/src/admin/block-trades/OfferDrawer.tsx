import { BLOCK_TRADE_QUANTITY_MAX, type AdminBlockTradeOffer } from "@brokerage/api";
import { Form, Input, InputNumber, Radio, Space } from "antd";
import { useTranslation } from "react-i18next";
import { FormDrawer, useDrawerSubmit, useFormOnOpen } from "../layout/FormDrawer";
import { useCheckedSave } from "../offerings/draftCheck";
import { useSaveOffer } from "./api";
import { fieldOf, newOffer, offerRequest, toForm, type OfferFormValues } from "./form";

/** Refusals about the instrument name no field; they belong beside the symbol. */
const SYMBOL_CODES = new Set(["UNKNOWN_SYMBOL", "NOT_YET_OPEN"]);

/**
 * One offer's editor: the instrument's symbol, the offer price, the shares per subscription, the window,
 * the lock, the secret key (kept only as a hash: it can be replaced or removed, never shown), and the
 * reason kept in the audit log. `offer` null: closed; "new": a new offer.
 */
export function OfferDrawer({
  offer,
  onClose,
}: {
  offer: AdminBlockTradeOffer | "new" | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OfferFormValues>();
  const save = useSaveOffer();
  // The draft's warnings (a second offering of the symbol, a deep discount) are confirmed before saving.
  const checkedSave = useCheckedSave("blockTrades/check", save);
  const keyMode = Form.useWatch("keyMode", form);
  const editing = offer !== null && offer !== "new" ? offer : null;

  useFormOnOpen(offer, form, () => (offer === "new" || offer === null ? newOffer() : toForm(offer)), save);

  const submit = useDrawerSubmit({
    form,
    check: (values: OfferFormValues) => offerRequest(values, editing?.id),
    save: checkedSave,
    done: (saved) => t("blockTrades.saved", { symbol: saved.symbol }),
    fieldOfError: (error) => {
      const field = SYMBOL_CODES.has(error.code) ? "symbol" : error.params.field;
      return field ? fieldOf(field) : undefined;
    },
    onClose,
  });

  const required = (label: string) => [
    { required: true, message: t("blockTrades.problems.requiredField", { label }) },
  ];
  const keyOptions = (
    editing?.secretKeyRequired ? (["keep", "set", "none"] as const) : (["none", "set"] as const)
  ).map((mode) => ({ value: mode, label: t(`blockTrades.keyModes.${mode}`) }));
  return (
    <FormDrawer
      open={offer !== null}
      onClose={onClose}
      size={560}
      title={editing ? t("blockTrades.editTitle", { symbol: editing.symbol }) : t("blockTrades.newTitle")}
      save={save}
      onSave={() => void submit()}
    >
      <Form form={form} layout="vertical" initialValues={newOffer()}>
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
          label={t("blockTrades.price")}
          extra={t("blockTrades.priceHint")}
          rules={required(t("blockTrades.price"))}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="minQuantity" label={t("blockTrades.min")} rules={required(t("blockTrades.min"))}>
            <InputNumber min="1" max={String(BLOCK_TRADE_QUANTITY_MAX)} precision={0} stringMode />
          </Form.Item>
          <Form.Item name="maxQuantity" label={t("blockTrades.max")} extra={t("blockTrades.maxHint")}>
            <InputNumber min="1" max={String(BLOCK_TRADE_QUANTITY_MAX)} precision={0} stringMode />
          </Form.Item>
          <Form.Item
            name="lockDays"
            label={t("blockTrades.lockDays")}
            rules={required(t("blockTrades.lockDays"))}
          >
            <InputNumber min={0} max={500} precision={0} />
          </Form.Item>
        </Space>
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
        </Space>
        <Form.Item name="keyMode" label={t("blockTrades.secretKey")} extra={t("blockTrades.keyHint")}>
          <Radio.Group optionType="button" options={keyOptions} />
        </Form.Item>
        {keyMode === "set" && (
          <Form.Item
            name="secretKey"
            label={t("blockTrades.newKey")}
            rules={required(t("blockTrades.newKey"))}
          >
            <Input maxLength={64} autoComplete="off" className="admin-mono" />
          </Form.Item>
        )}
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
