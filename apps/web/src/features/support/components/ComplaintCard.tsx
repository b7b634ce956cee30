import type { ComplaintClock } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { formatTimeText } from "../../../lib/format";

/** A complaint's clock as the user reads it: made, final answer due, escalated, answered. */
export function ComplaintCard({ complaint }: { complaint: ComplaintClock }) {
  const { t } = useTranslation();
  return (
    <section className="support-complaint" aria-label={t("support.complaintTag")}>
      <p className="support-complaint__head">
        <span className="support-tag">{t("support.complaintTag")}</span>
        {t("support.complaintMade", { at: formatTimeText(complaint.at) })}
      </p>
      <p className="support-complaint__due">
        {t("support.complaintDue", { dueAt: formatTimeText(complaint.dueAt) })}
      </p>
      {complaint.escalatedAt && complaint.answeredAt === null && <p>{t("support.complaintEscalated")}</p>}
      {complaint.answeredAt && (
        <p>{t("support.complaintAnswered", { at: formatTimeText(complaint.answeredAt) })}</p>
      )}
    </section>
  );
}
