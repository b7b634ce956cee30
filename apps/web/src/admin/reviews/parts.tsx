import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from "@ant-design/icons";
import type { Permission, ReviewItem, ReviewKind } from "@brokerage/api";
import { Progress, Space, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../lib/format";
import { subjectValue } from "./subjectValue";

const STATE_TAGS = {
  pending: { color: "gold", icon: <ClockCircleOutlined aria-hidden /> },
  approved: { color: "green", icon: <CheckCircleOutlined aria-hidden /> },
  rejected: { color: "red", icon: <CloseCircleOutlined aria-hidden /> },
} as const;

export function ReviewStateTag({ state }: { state: ReviewItem["state"] }) {
  const { t } = useTranslation();
  const { color, icon } = STATE_TAGS[state];
  return (
    <Tag color={color} icon={icon} variant="outlined">
      {t(`reviewStates.${state}`)}
    </Tag>
  );
}

/** Four-eyes progress: approvals so far of those needed (a review needing one shows "single"). */
export function FourEyes({ item, compact = false }: { item: ReviewItem; compact?: boolean }) {
  const { t } = useTranslation();
  const done = item.state === "approved" ? item.approvalsNeeded : item.approvals.length;
  const text = t("reviews.approvalsOf", { done, needed: item.approvalsNeeded });
  if (compact)
    return item.approvalsNeeded > 1 ? (
      <Space size={6}>
        <Progress
          type="circle"
          size={18}
          percent={(100 * done) / item.approvalsNeeded}
          showInfo={false}
          aria-hidden
        />
        <Typography.Text>{text}</Typography.Text>
      </Space>
    ) : (
      <Typography.Text type="secondary">{t("reviews.single")}</Typography.Text>
    );
  return (
    <Space size={8}>
      <Progress
        steps={item.approvalsNeeded}
        percent={(100 * done) / item.approvalsNeeded}
        showInfo={false}
        size={[24, 8]}
        aria-hidden
      />
      <Typography.Text>{text}</Typography.Text>
    </Space>
  );
}

/**
 * Kinds decided only by roles with a permission beyond `reviews.decide`, whose requester (a staff member,
 * `subject.requestedById`) is the first pair of eyes and cannot approve.
 */
export const STAFF_REQUESTS: Partial<Record<ReviewKind, Permission>> = {
  adjustment: "ledger.adjust",
  settingChange: "config.controls",
};

/** Whom the request is about: the user's account, or the platform for a setting change. */
export const requestOf = (item: ReviewItem, t: TFunction): string => item.account ?? t("reviews.platform");

/** One line on what the request is about, per kind (the drawer shows every field). */
export function subjectSummary(item: ReviewItem, t: TFunction): string {
  const s = item.subject;
  if (item.kind === "kyc") return [s.realName, s.idNumber].filter(Boolean).join(" · ") || "—";
  if (item.kind === "settingChange")
    return [subjectValue(t, "settingKey", s.settingKey ?? null), s.requestedBy].filter(Boolean).join(" · ");
  // Amounts name their currency ("Amount: 50,000.00 USD"): the currency is not a field of its own here.
  const parts = Object.entries(s)
    .filter(([key, value]) => value !== null && key !== "currency" && !key.toLowerCase().endsWith("id"))
    .slice(0, 3)
    .map(
      ([key, value]) =>
        `${t(`subject.${key}`, { defaultValue: key })}: ${key.endsWith("At") ? formatDateTime(value) : subjectValue(t, key, value, s.currency)}`,
    );
  return parts.join(" · ") || "—";
}
