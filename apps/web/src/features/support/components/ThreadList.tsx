import type { SupportThread } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatTimeText } from "../../../lib/format";

/** The user's conversations, newest first: each opens with a tap; unread answers and complaints marked. */
export function ThreadList({ threads, onOpen }: { threads: SupportThread[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="support-threads">
      {threads.map((thread) => (
        <li key={thread.id}>
          <button type="button" className="support-threads__row" onClick={() => onOpen(thread.id)}>
            <span className="support-threads__subject">{thread.subject || t("support.imageSubject")}</span>
            <span className="support-threads__meta">
              {thread.state === "resolved" ? t("support.resolved") : t("support.open")} ·{" "}
              {formatDateTime(new Date(thread.lastMessageAt))}
            </span>
            {thread.complaint && (
              <span className="support-threads__complaint">
                <span className="support-tag">{t("support.complaintTag")}</span>
                {t("support.complaintDue", { dueAt: formatTimeText(thread.complaint.dueAt) })}
              </span>
            )}
            {thread.unread > 0 && (
              <span className="support-badge">{t("support.unread", { count: thread.unread })}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
