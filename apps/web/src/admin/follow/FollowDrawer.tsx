import { CURRENCIES, type AdminFollowProduct } from "@brokerage/api";
import { Checkbox, Form, Input, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { FormDrawer, useDrawerSubmit, useFormOnOpen } from "../layout/FormDrawer";
import { useSaveFollow } from "./api";
import { followFieldOf, followRequest, newFollow, toFollowForm, type FollowFormValues } from "./form";

/**
 * One copy product's editor: its name, strategy, leader (a user's account), currency, a buy's minimum
 * and maximum, its window and end time, private with a channel password (kept as a hash), early
 * redemption, the disclosed fees and the leader's share of them, and the audited reason. Once created its
 * currency, leader, fees and end time are fixed. `product` null: closed; "new": a new product.
 */
export function FollowDrawer({
  product,
  onClose,
}: {
  product: AdminFollowProduct | "new" | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FollowFormValues>();
  const save = useSaveFollow();
  const editing = product !== null && product !== "new" ? product : null;
  const isPrivate = Form.useWatch("private", form);

  useFormOnOpen(product, form, () => (editing ? toFollowForm(editing) : newFollow()), save);

  const submit = useDrawerSubmit({
    form,
    check: (values: FollowFormValues) => followRequest(values, editing?.id),
    save,
    done: (saved) => t("follow.saved", { name: saved.name }),
    fieldOfError: (error) =>
      error.code === "ACCOUNT_NOT_FOUND" ? "leaderAccount" : followFieldOf(error.params.field),
    onClose,
  });

  const required = (label: string) => [
    { required: true, message: t("blockTrades.problems.requiredField", { label }) },
  ];
  const fixed = editing !== null;
  return (
    <FormDrawer
      open={product !== null}
      onClose={onClose}
      size={620}
      title={editing ? t("follow.editTitle", { name: editing.name }) : t("follow.newTitle")}
      save={save}
      onSave={() => void submit()}
    >
      <Form form={form} layout="vertical" initialValues={newFollow()}>
        <Form.Item name="name" label={t("follow.name")} rules={required(t("follow.name"))}>
          <Input maxLength={80} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="strategy"
          label={t("follow.strategy")}
          extra={t("follow.strategyHint")}
          rules={required(t("follow.strategy"))}
        >
          <Input.TextArea rows={3} maxLength={4000} showCount />
        </Form.Item>
        <Space size={16} wrap align="start">
          <Form.Item
            name="leaderAccount"
            label={t("follow.leader")}
            extra={t("follow.leaderHint")}
            rules={required(t("follow.leader"))}
          >
            <Input maxLength={64} autoComplete="off" disabled={fixed} />
          </Form.Item>
          <Form.Item name="currency" label={t("follow.currency")}>
            <Select
              className="admin-follow__currency"
              disabled={fixed}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              aria-label={t("follow.currency")}
            />
          </Form.Item>
        </Space>
        <Space size={16} wrap align="start">
          <Form.Item name="minBuy" label={t("follow.minBuy")} rules={required(t("follow.minBuy"))}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item name="maxBuy" label={t("follow.maxBuy")} extra={t("blockTrades.maxHint")}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Space>
        <Space size={16} wrap>
          <Form.Item name="opensAt" label={t("follow.opensAt")} rules={required(t("follow.opensAt"))}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="closesAt" label={t("follow.closesAt")} rules={required(t("follow.closesAt"))}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="endsAt" label={t("follow.endsAt")} rules={required(t("follow.endsAt"))}>
            <Input type="datetime-local" disabled={fixed} />
          </Form.Item>
        </Space>
        <Space size={24} wrap>
          <Form.Item name="private" valuePropName="checked">
            <Checkbox>{t("follow.private")}</Checkbox>
          </Form.Item>
          <Form.Item name="earlyRedeem" valuePropName="checked">
            <Checkbox>{t("follow.earlyRedeem")}</Checkbox>
          </Form.Item>
        </Space>
        {isPrivate && (
          <Form.Item
            name="channelPassword"
            label={t("follow.channelPassword")}
            extra={t(fixed ? "follow.channelPasswordKeep" : "follow.channelPasswordHint")}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Space size={16} wrap align="start">
          <Form.Item
            name="managementFeeRate"
            label={t("follow.managementFeeRate")}
            extra={t("follow.fractionHint")}
          >
            <Input inputMode="decimal" autoComplete="off" disabled={fixed} />
          </Form.Item>
          <Form.Item name="performanceFeeRate" label={t("follow.performanceFeeRate")}>
            <Input inputMode="decimal" autoComplete="off" disabled={fixed} />
          </Form.Item>
          <Form.Item name="leaderShare" label={t("follow.leaderShare")}>
            <Input inputMode="decimal" autoComplete="off" disabled={fixed} />
          </Form.Item>
        </Space>
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
