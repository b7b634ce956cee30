import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { CONTROL_SETTINGS, type ConfigItem, type ReviewItem } from "@brokerage/api";
import { Alert, Button, Descriptions, Divider, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStaff } from "../auth/staff";
import { formatDateTime } from "../lib/format";
import { DecideModal, type Decision } from "../reviews/DecideModal";
import { useInvalidateConfig } from "./api";
import { valueText } from "./words";

/** The "two administrators" tag of a control setting (CONTROL_SETTINGS), on the list and in the editor. */
export function ControlTag({ item }: { item: ConfigItem }) {
  const { t } = useTranslation();
  return CONTROL_SETTINGS[item.key] ? <Tag color="purple">{t("config.controlTag")}</Tag> : null;
}

/** What the editor says of a control setting: whose change it is to ask for, and that it waits. */
export function ControlNote({ item }: { item: ConfigItem }) {
  const { t } = useTranslation();
  const { can } = useStaff();
  const control = CONTROL_SETTINGS[item.key];
  if (!control) return null;
  const text = t(control === "whole" ? "config.controlKey" : "config.controlFields");
  const notYours = control === "whole" && !can("config.controls");
  return (
    <Alert
      type="info"
      showIcon
      className="admin-drawer__alert"
      title={notYours ? `${text} ${t("config.controlNotYours")}` : text}
    />
  );
}

/** Whether this staff member may submit a change of the key as a whole (an operator may not, for a control one). */
export function useMayChange(item: ConfigItem | null): boolean {
  const { can } = useStaff();
  if (!item || item.pendingChange) return false;
  return CONTROL_SETTINGS[item.key] !== "whole" || can("config.controls");
}

/**
 * A control setting's change waiting for a second administrator: the value asked for, who asked and why,
 * and (for another administrator) approve or reject, decided through the review queue.
 */
export function PendingChange({ item }: { item: ConfigItem }) {
  const { t, i18n } = useTranslation();
  const { me, can } = useStaff();
  const [decision, setDecision] = useState<Decision | null>(null);
  const invalidate = useInvalidateConfig();
  const change = item.pendingChange;
  if (!change) return null;
  const mine = change.requestedById === me.id;
  const mayDecide = !mine && can("reviews.decide") && can("config.controls");
  const review: ReviewItem = {
    id: change.reviewId,
    kind: "settingChange",
    state: "pending",
    userId: null,
    account: null,
    createdAt: change.requestedAt,
    decidedAt: null,
    reason: null,
    approvals: [],
    approvalsNeeded: 1,
    subject: {},
  };
  return (
    <section aria-label={t("config.pendingTitle")}>
      <Divider titlePlacement="start" plain>
        {t("config.pendingTitle")}
      </Divider>
      <Descriptions column={1} size="small" bordered className="admin-descriptions admin-config__now">
        <Descriptions.Item label={t("config.pendingValue")}>
          {change.reset
            ? `${t("config.pendingReset")}: ${valueText(t, i18n.language, item.key, change.value)}`
            : valueText(t, i18n.language, item.key, change.value)}
        </Descriptions.Item>
        <Descriptions.Item label={t("config.pendingAskedBy")}>
          {`${change.requestedBy} · ${formatDateTime(change.requestedAt)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t("config.pendingReason")}>{change.reason}</Descriptions.Item>
      </Descriptions>
      {mayDecide ? (
        <Space>
          <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => setDecision("reject")}>
            {t("reviews.reject")}
          </Button>
          <Button type="primary" icon={<CheckOutlined aria-hidden />} onClick={() => setDecision("approve")}>
            {t("reviews.approve")}
          </Button>
        </Space>
      ) : (
        <Typography.Text type="secondary">
          {t(mine ? "config.pendingYours" : "config.pendingNotYours")}
        </Typography.Text>
      )}
      <DecideModal
        item={review}
        decision={decision}
        onClose={() => {
          setDecision(null);
          void invalidate();
        }}
      />
    </section>
  );
}
