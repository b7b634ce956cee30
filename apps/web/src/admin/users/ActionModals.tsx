import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, SESSION_ENDING_FLAGS, USER_FLAGS } from "@brokerage/api";
import type { UserFlags } from "@brokerage/api";
import { App, Form, InputNumber, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReasonModal, type ReasonModalProps } from "../layout/ReasonModal";
import { useEndSessions, useSetCreditScore, useSetFlags } from "./api";

/** A change to a user: its own fields, then the reason (required; audited, and part of the user's message). */
function UserReasonModal<T extends object>(props: Omit<ReasonModalProps<T>, "reasonLabel" | "reasonHint">) {
  const { t } = useTranslation();
  return <ReasonModal<T> {...props} reasonLabel={t("users.reason")} reasonHint={t("users.reasonHint")} />;
}

export function FlagsModal({
  userId,
  flags,
  open,
  onClose,
}: {
  userId: string;
  flags: UserFlags;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setFlags = useSetFlags();
  return (
    <UserReasonModal<UserFlags>
      open={open}
      title={t("users.setFlagsTitle")}
      okText={t("common.save")}
      initialValues={flags}
      pending={setFlags.isPending}
      error={setFlags.error}
      onCancel={() => {
        setFlags.reset();
        onClose();
      }}
      onSubmit={({ reason, ...next }) => {
        const changed = Object.fromEntries(
          USER_FLAGS.filter((f) => next[f] !== flags[f]).map((f) => [f, next[f]]),
        );
        if (Object.keys(changed).length === 0) {
          void message.warning(t("users.noFlagChange"));
          return;
        }
        setFlags.mutate(
          { userId, flags: changed, reason },
          {
            onSuccess: () => {
              void message.success(t("users.flagsSaved"));
              onClose();
            },
          },
        );
      }}
    >
      <Typography.Paragraph type="secondary">{t("users.flagsHint")}</Typography.Paragraph>
      <div className="admin-flags">
        {USER_FLAGS.map((flag) => (
          <div className="admin-flags__row" key={flag}>
            <div>
              <label htmlFor={`flag-${flag}`} className="admin-flags__label">
                {t(`flags.${flag}`)}
              </label>
              <Typography.Text type="secondary" className="admin-flags__desc">
                {t(`flagHints.${flag}`)}
                {SESSION_ENDING_FLAGS.includes(flag) ? ` ${t("users.endsSessions")}` : ""}
              </Typography.Text>
            </div>
            <Form.Item name={flag} valuePropName="checked" noStyle>
              <Switch id={`flag-${flag}`} />
            </Form.Item>
          </div>
        ))}
      </div>
    </UserReasonModal>
  );
}

export function CreditScoreModal({
  userId,
  score,
  open,
  onClose,
}: {
  userId: string;
  score: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setScore = useSetCreditScore();
  return (
    <UserReasonModal<{ score: number }>
      open={open}
      title={t("users.creditScoreTitle")}
      okText={t("common.save")}
      initialValues={{ score }}
      pending={setScore.isPending}
      error={setScore.error}
      onCancel={() => {
        setScore.reset();
        onClose();
      }}
      onSubmit={({ score: next, reason }) =>
        setScore.mutate(
          { userId, score: next, reason },
          {
            onSuccess: (result) => {
              void message.success(t("users.creditScoreSaved", { score: result.creditScore }));
              onClose();
            },
          },
        )
      }
    >
      <Form.Item
        name="score"
        label={t("users.creditScore")}
        extra={t("users.creditScoreRange", { min: CREDIT_SCORE_MIN, max: CREDIT_SCORE_MAX })}
        rules={[{ required: true, type: "integer", min: CREDIT_SCORE_MIN, max: CREDIT_SCORE_MAX }]}
      >
        <InputNumber min={CREDIT_SCORE_MIN} max={CREDIT_SCORE_MAX} precision={0} className="admin-number" />
      </Form.Item>
    </UserReasonModal>
  );
}

export function EndSessionsModal({
  userId,
  active,
  open,
  onClose,
}: {
  userId: string;
  active: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const end = useEndSessions();
  return (
    <UserReasonModal<object>
      open={open}
      danger
      title={t("users.endSessionsTitle")}
      okText={t("users.endSessions")}
      initialValues={{}}
      pending={end.isPending}
      error={end.error}
      onCancel={() => {
        end.reset();
        onClose();
      }}
      onSubmit={({ reason }) =>
        end.mutate(
          { userId, reason },
          {
            onSuccess: (result) => {
              void message.success(t("users.sessionsEnded", { count: result.ended }));
              onClose();
            },
          },
        )
      }
    >
      <Typography.Paragraph>{t("users.endSessionsHint", { count: active })}</Typography.Paragraph>
    </UserReasonModal>
  );
}
