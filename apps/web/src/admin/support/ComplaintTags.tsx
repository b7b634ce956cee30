import type { ComplaintClock } from "@brokerage/api";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

/** A complaint's state in tags: a complaint, escalated, answered in time or late. */
export function ComplaintTags({ complaint }: { complaint: ComplaintClock }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color="volcano">{t("support.complaint")}</Tag>
      {complaint.escalatedAt && complaint.answeredAt === null && (
        <Tag color="red">{t("support.escalated")}</Tag>
      )}
      {complaint.inTime === true && <Tag color="green">{t("support.inTime")}</Tag>}
      {complaint.inTime === false && <Tag color="orange">{t("support.late")}</Tag>}
    </>
  );
}
