import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { CURRENCIES, DEPOSIT_CHANNEL_KINDS, type AdminDepositChannel } from "@brokerage/api";
import { WALLET_TYPES } from "@brokerage/core";
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { FormDrawer, useDrawerSubmit, useFormOnOpen } from "../layout/FormDrawer";
import { useChannelSave } from "./api";
import { NEW_CHANNEL, channelProblems, fieldOfPath, toForm, type ChannelFormValues } from "./form";

/**
 * One deposit channel's editor: its kind and the details users pay into, the currencies it takes with
 * their limits, whether a voucher is required, whether it is offered, its place in the list, and the
 * reason kept in the audit log. `channel` null: closed; "new": a new channel.
 */
export function ChannelDrawer({
  channel,
  onClose,
}: {
  channel: AdminDepositChannel | "new" | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChannelFormValues>();
  const save = useChannelSave();
  const kind = Form.useWatch("kind", form) ?? "bank";
  const editing = channel !== null && channel !== "new" ? channel : null;

  useFormOnOpen(
    channel,
    form,
    () => (channel === "new" || channel === null ? NEW_CHANNEL : toForm(channel)),
    save,
  );

  const submit = useDrawerSubmit({
    form,
    check: (values: ChannelFormValues) => channelProblems(values, editing?.id),
    save,
    done: (saved) => t("channels.saved", { name: saved.name }),
    fieldOfError: (error, values) => {
      const field = error.params.field;
      return field ? fieldOfPath(values, field.split(".")) : undefined;
    },
    onClose,
  });

  const required = (label: string) => [
    { required: true, whitespace: true, message: t("channels.problems.requiredField", { label }) },
  ];
  return (
    <FormDrawer
      open={channel !== null}
      onClose={onClose}
      size={640}
      title={editing ? t("channels.editTitle", { name: editing.name }) : t("channels.newTitle")}
      save={save}
      onSave={() => void submit()}
    >
      <Form form={form} layout="vertical" initialValues={NEW_CHANNEL}>
        <Form.Item
          name="kind"
          label={t("channels.kind")}
          extra={editing ? t("channels.kindFixed") : undefined}
        >
          <Radio.Group
            disabled={editing !== null}
            optionType="button"
            options={DEPOSIT_CHANNEL_KINDS.map((k) => ({ value: k, label: t(`channels.kinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t("channels.name")} rules={required(t("channels.name"))}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        {kind === "bank" && (
          <>
            <Form.Item
              name="accountName"
              label={t("channels.accountName")}
              rules={required(t("channels.accountName"))}
            >
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="accountNumber"
              label={t("channels.accountNumber")}
              rules={required(t("channels.accountNumber"))}
            >
              <Input maxLength={64} autoComplete="off" className="admin-mono" />
            </Form.Item>
            <Form.Item
              name="bankName"
              label={t("channels.bankName")}
              rules={required(t("channels.bankName"))}
            >
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </>
        )}
        {kind === "crypto" && (
          <>
            <Form.Item name="network" label={t("channels.network")} rules={required(t("channels.network"))}>
              <Select options={WALLET_TYPES.map((w) => ({ value: w, label: w }))} />
            </Form.Item>
            <Form.Item name="address" label={t("channels.address")} rules={required(t("channels.address"))}>
              <Input maxLength={128} autoComplete="off" className="admin-mono" />
            </Form.Item>
          </>
        )}
        {kind === "otc" && (
          <Form.Item
            name="key"
            label={t("channels.key")}
            extra={t("channels.keyHint")}
            rules={required(t("channels.key"))}
          >
            <Input maxLength={64} autoComplete="off" className="admin-mono" />
          </Form.Item>
        )}
        <Form.List name="limits">
          {(rows, { add, remove }, { errors }) => (
            <fieldset className="admin-channel-limits">
              <legend>{t("channels.limits")}</legend>
              {rows.map((row, index) => (
                <Space key={row.key} align="start" className="admin-channel-limits__row">
                  <Form.Item name={[row.name, "currency"]} label={t("channels.currency")}>
                    <Select
                      className="admin-channel-limits__currency"
                      options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, "min"]} label={t("channels.min")}>
                    <Input inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                  <Form.Item name={[row.name, "max"]} label={t("channels.max")}>
                    <Input inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                  <Button
                    className="admin-channel-limits__remove"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t("channels.removeCurrency", { index: index + 1 })}
                    disabled={rows.length === 1}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() =>
                  add({
                    currency:
                      CURRENCIES.find(
                        (c) =>
                          !form.getFieldValue("limits")?.some((r: { currency: string }) => r.currency === c),
                      ) ?? "USD",
                    min: "",
                    max: "",
                  })
                }
              >
                {t("channels.addCurrency")}
              </Button>
              <p className="admin-channel-limits__note">{t("channels.limitsNote")}</p>
            </fieldset>
          )}
        </Form.List>
        <Space size={32} wrap>
          <Form.Item name="voucherRequired" label={t("channels.voucherRequired")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t("channels.enabled")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label={t("channels.sort")} extra={t("channels.sortHint")}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item
          name="reason"
          label={t("channels.reason")}
          extra={t("channels.reasonHint")}
          rules={required(t("channels.reason"))}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
