import type { AdminBlockTradeOffer } from "@brokerage/api";
import { Alert, App, Form, Input, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../lib/i18n";
import { useWithdrawOffer } from "./api";

/**
 * Withdrawing an offer, confirmed with the reason kept in the audit log. Subscriptions waiting for review
 * stay in the queue to be decided.
 */
export function WithdrawModal({
  offer,
  onClose,
}: {
  offer: AdminBlockTradeOffer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const withdraw = useWithdrawOffer();
  const close = () => {
    withdraw.reset();
    onClose();
  };
  const submit = (values: { reason: string }) => {
    if (!offer) return;
    withdraw.mutate(
      { id: offer.id, reason: values.reason.trim() },
      {
        onSuccess: () => {
          void message.success(t("blockTrades.withdrawn", { symbol: offer.symbol }));
          close();
        },
      },
    );
  };
  return (
    <Modal
      open={offer !== null}
      title={offer ? t("blockTrades.withdrawTitle", { symbol: offer.symbol }) : undefined}
      okText={t("blockTrades.withdraw")}
      cancelText={t("common.cancel")}
      okButtonProps={{ danger: true, loading: withdraw.isPending }}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      onCancel={close}
      scrollLock={false}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t("blockTrades.withdrawText", { count: offer?.pendingCount ?? 0 })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t("blockTrades.reason")}
          extra={t("blockTrades.reasonHint")}
          rules={[
            { required: true, whitespace: true, message: t("errors.REASON_REQUIRED") },
            { max: 500, message: t("common.tooLong", { max: 500 }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      {withdraw.error ? <Alert type="error" showIcon title={errorText(withdraw.error)} role="alert" /> : null}
    </Modal>
  );
}
