import type { ReviewItem } from "@brokerage/api";
import { App, Form, Input, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../lib/i18n";
import { useDecideReview } from "./api";
import { requestOf } from "./parts";

export type Decision = "approve" | "reject";

/** Approve or reject with a reason: required to reject (the user reads it), optional to approve. */
export function DecideModal({
  item,
  decision,
  onClose,
}: {
  item: ReviewItem;
  decision: Decision | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useDecideReview();
  const rejecting = decision === "reject";

  const submit = async () => {
    if (!decision) return;
    // A refused field shows its own message under it; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason = "" } = values;
    decide.mutate(
      { kind: item.kind, id: item.id, decision, reason: reason.trim() },
      {
        onSuccess: (result) => {
          if (result.state === "pending")
            void message.info(
              t("reviews.firstApproval", { done: result.approvals.length, needed: result.approvalsNeeded }),
            );
          else void message.success(t(rejecting ? "reviews.rejected" : "reviews.approved"));
          form.resetFields();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={decision !== null}
      title={t(rejecting ? "reviews.rejectTitle" : "reviews.approveTitle", { account: requestOf(item, t) })}
      okText={t(rejecting ? "reviews.reject" : "reviews.approve")}
      okButtonProps={{ danger: rejecting, loading: decide.isPending }}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={() => {
        decide.reset();
        onClose();
      }}
      scrollLock={false}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">
        {item.kind === "settingChange"
          ? t(rejecting ? "reviews.settingRejectHint" : "reviews.settingApproveHint")
          : t(rejecting ? "reviews.rejectHint" : "reviews.approveHint")}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={rejecting ? true : "optional"}>
        <Form.Item
          name="reason"
          label={t(rejecting ? "reviews.reason" : "reviews.note")}
          rules={[
            { required: rejecting, whitespace: true, message: t("errors.REASON_REQUIRED") },
            { max: 500, message: t("common.tooLong", { max: 500 }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
      {decide.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorText(decide.error)}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
