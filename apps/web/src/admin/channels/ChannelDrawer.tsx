import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { CURRENCIES, DEPOSIT_CHANNEL_KINDS, type AdminDepositChannel } from "@brokerage/api";
import { WALLET_TYPES } from "@brokerage/core";
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Switch } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { overlayContainer } from "../layout/overlay";
import { AdminApiError } from "../lib/client";
import { errorText } from "../lib/i18n";
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
  const { message } = App.useApp();
  const [form] = Form.useForm<ChannelFormValues>();
  const save = useChannelSave();
  const kind = Form.useWatch("kind", form) ?? "bank";
  const editing = channel !== null && channel !== "new" ? channel : null;

  useEffect(() => {
    if (channel === null) return;
    form.resetFields();
    form.setFieldsValue(channel === "new" ? NEW_CHANNEL : toForm(channel));
    save.reset();
    // Only when another channel (or a fresh copy of it) is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { request, problems } = channelProblems(values, editing?.id);
    if (!request) {
      form.setFields(
        problems.map((p) => ({ name: p.name, errors: [t(p.key, p.params)] })) as Parameters<
          typeof form.setFields
        >[0],
      );
      return;
    }
    save.mutate(request, {
      onSuccess: (saved) => {
        void message.success(t("channels.saved", { name: saved.name }));
        onClose();
      },
      onError: (error) => {
        const field = error instanceof AdminApiError ? error.params.field : undefined;
        if (field)
          form.setFields([
            { name: fieldOfPath(values, field.split(".")), errors: [errorText(error)] },
          ] as Parameters<typeof form.setFields>[0]);
      },
    });
  };

  const required = (label: string) => [
    { required: true, whitespace: true, message: t("channels.problems.requiredField", { label }) },
  ];
  return (
    <Drawer
      open={channel !== null}
      onClose={onClose}
      size={640}
      getContainer={overlayContainer}
      title={editing ? t("channels.editTitle", { name: editing.name }) : t("channels.newTitle")}
      closable={{ "aria-label": t("common.close") }}
      footer={
        <div className="admin-drawer__footer">
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t("common.save")}
          </Button>
        </div>
      }
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
      {save.isError ? <Alert type="error" showIcon title={errorText(save.error)} role="alert" /> : null}
    </Drawer>
  );
}
