import { FINAL_ANSWER_MIN, SUPPORT_TEXT_MAX } from "@brokerage/api/constants";
import type { AdminSupportThreadDetail, SupportMessage } from "@brokerage/api";
import { Alert, Button, Card, Empty, Form, Image, Input, Modal, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBlock } from "../layout/ErrorBlock";
import { overlayContainer } from "../layout/overlay";
import { formatDateTime } from "../lib/format";
import { errorText } from "../lib/i18n";
import { useAssign, useReply, useResolve, useSupportImage, useSupportStaff, useSupportThread } from "./api";
import { ComplaintTags } from "./ComplaintTags";

/** An image a user sent: fetched (an audited read) only when staff ask to see it. */
function UserImage({ messageId }: { messageId: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const image = useSupportImage(messageId, shown);
  if (!shown) return <Button onClick={() => setShown(true)}>{t("support.showImage")}</Button>;
  if (image.isPending) return <Typography.Text type="secondary">{t("common.loading")}</Typography.Text>;
  if (image.isError) return <Alert type="error" showIcon message={errorText(image.error)} />;
  return (
    <Image
      src={image.data}
      alt={t("support.imageAlt")}
      className="admin-support__image"
      preview={{ getContainer: overlayContainer }}
    />
  );
}

function MessageRow({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const who =
    message.author === "user"
      ? t("support.authors.user")
      : message.author === "staff"
        ? (message.staff ?? t("support.authors.staff"))
        : t("support.authors.system");
  const body =
    message.kind === "complaintAcknowledged"
      ? t("support.kinds.complaintAcknowledged", { dueAt: formatDateTime(message.params.dueAt) })
      : message.text;
  return (
    <li className={`admin-support__msg admin-support__msg--${message.author}`}>
      <div className="admin-support__msg-head">
        <Typography.Text strong>{who}</Typography.Text>
        {message.kind !== "text" && message.kind !== "image" && (
          <Tag>{t(`support.kindTags.${message.kind}`)}</Tag>
        )}
        <Typography.Text type="secondary" className="admin-mono">
          {formatDateTime(message.createdAt)}
        </Typography.Text>
      </div>
      {message.hasImage ? (
        <UserImage messageId={message.id} />
      ) : (
        <p className="admin-support__text">{body}</p>
      )}
      {message.kind === "finalAnswer" && (
        <Typography.Text type="secondary">
          {t("support.outsideRouteSent", { route: message.params.outsideRoute ?? "" })}
        </Typography.Text>
      )}
    </li>
  );
}

/** Closing a thread: a note, or for a complaint the written final answer (the outside route is added). */
function ResolveModal({
  thread,
  outsideRoute,
  onClose,
}: {
  thread: AdminSupportThreadDetail;
  outsideRoute: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const resolve = useResolve();
  const [form] = Form.useForm<{ reason: string }>();
  const complaint = thread.complaint !== null;
  return (
    <Modal
      open
      title={complaint ? t("support.finalAnswerTitle") : t("support.resolveTitle")}
      okText={complaint ? t("support.sendFinalAnswer") : t("support.resolve")}
      cancelText={t("common.cancel")}
      okButtonProps={{ loading: resolve.isPending }}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(
          ({ reason }) =>
            resolve.mutate({ threadId: thread.id, reason: reason.trim() }, { onSuccess: onClose }),
          () => undefined,
        )
      }
      scrollLock={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="support-resolve">
        <Form.Item
          name="reason"
          label={complaint ? t("support.finalAnswerLabel") : t("support.resolveLabel")}
          extra={
            complaint
              ? t("support.finalAnswerHint", { min: FINAL_ANSWER_MIN, route: outsideRoute })
              : t("support.resolveHint")
          }
          rules={[
            { required: true, whitespace: true, message: t("errors.REASON_REQUIRED") },
            ...(complaint
              ? [
                  {
                    min: FINAL_ANSWER_MIN,
                    message: t("errors.SUPPORT_FINAL_ANSWER_TOO_SHORT", { minLength: FINAL_ANSWER_MIN }),
                  },
                ]
              : []),
          ]}
        >
          <Input.TextArea rows={5} maxLength={SUPPORT_TEXT_MAX} showCount />
        </Form.Item>
      </Form>
      {resolve.isError && <Alert type="error" showIcon message={errorText(resolve.error)} />}
    </Modal>
  );
}

/** One thread: the conversation, assignment, an answer, closing (a complaint with its final answer). */
export function ThreadPanel({ id, outsideRoute }: { id: string | null; outsideRoute: string }) {
  const { t } = useTranslation();
  const thread = useSupportThread(id);
  const staff = useSupportStaff();
  const reply = useReply();
  const assign = useAssign();
  const [text, setText] = useState("");
  const [resolving, setResolving] = useState(false);
  if (id === null)
    return (
      <Card variant="borderless" className="admin-card admin-support__panel">
        <Empty description={t("support.pick")} />
      </Card>
    );
  if (thread.isPending)
    return <Card variant="borderless" className="admin-card admin-support__panel" loading />;
  if (thread.isError || !thread.data)
    return (
      <Card variant="borderless" className="admin-card admin-support__panel">
        <ErrorBlock error={thread.error} onRetry={() => void thread.refetch()} />
      </Card>
    );
  const data = thread.data;
  const open = data.state === "open";
  return (
    <Card
      variant="borderless"
      className="admin-card admin-support__panel"
      title={
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{data.subject || t("support.imageSubject")}</Typography.Text>
          <Typography.Text type="secondary">
            {t("support.from", { account: data.userAccount })} · {formatDateTime(data.createdAt)}
          </Typography.Text>
        </Space>
      }
      extra={
        open ? <Tag color="blue">{t("support.states.open")}</Tag> : <Tag>{t("support.states.resolved")}</Tag>
      }
    >
      {data.complaint && (
        <div className="admin-support__clock">
          <ComplaintTags complaint={data.complaint} />
          <Typography.Text>
            {t("support.complaintClock", {
              at: formatDateTime(data.complaint.at),
              dueAt: formatDateTime(data.complaint.dueAt),
            })}
          </Typography.Text>
        </div>
      )}
      <div className="admin-support__assign">
        <label htmlFor="support-assignee">{t("support.assignee")}</label>
        <Select
          id="support-assignee"
          aria-label={t("support.assignee")}
          className="admin-support__assignee"
          value={data.assignedTo?.id ?? ""}
          loading={assign.isPending || staff.isPending}
          disabled={!open}
          onChange={(value: string) =>
            assign.mutate({ threadId: data.id, staffId: value === "" ? null : value })
          }
          options={[
            { value: "", label: t("support.nobody") },
            ...(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.account })),
          ]}
          getPopupContainer={overlayContainer}
        />
      </div>
      {assign.isError && <Alert type="error" showIcon message={errorText(assign.error)} />}
      <ol className="admin-support__log" aria-label={t("support.conversation")}>
        {data.messages.map((message) => (
          <MessageRow key={message.id} message={message} />
        ))}
      </ol>
      {open ? (
        <div className="admin-support__reply">
          <label htmlFor="support-reply">{t("support.replyLabel")}</label>
          <Input.TextArea
            id="support-reply"
            rows={3}
            value={text}
            maxLength={SUPPORT_TEXT_MAX}
            onChange={(event) => setText(event.target.value)}
          />
          {reply.isError && <Alert type="error" showIcon message={errorText(reply.error)} />}
          <Space>
            <Button
              type="primary"
              loading={reply.isPending}
              disabled={text.trim() === ""}
              onClick={() =>
                reply.mutate({ threadId: data.id, text: text.trim() }, { onSuccess: () => setText("") })
              }
            >
              {t("support.sendReply")}
            </Button>
            <Button onClick={() => setResolving(true)}>
              {data.complaint ? t("support.giveFinalAnswer") : t("support.resolve")}
            </Button>
          </Space>
        </div>
      ) : (
        <Alert
          type="info"
          message={t("support.resolvedBy", { account: data.resolvedBy ?? "—" })}
          description={data.resolution}
        />
      )}
      {resolving && (
        <ResolveModal thread={data} outsideRoute={outsideRoute} onClose={() => setResolving(false)} />
      )}
    </Card>
  );
}
