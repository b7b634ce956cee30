import type { SupportMessage } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatTimeText } from "../../../lib/format";
import { useSupportImage } from "../api/support";

const timeOf = (message: SupportMessage) => formatDateTime(new Date(message.createdAt));

function SupportImage({ messageId }: { messageId: string }) {
  const { t } = useTranslation();
  const image = useSupportImage(messageId, true);
  if (image.isPending) return <span className="support-msg__note">{t("support.imageLoading")}</span>;
  if (!image.data) return <span className="support-msg__note">{t("support.imageMissing")}</span>;
  return <img className="support-msg__image" src={image.data} alt={t("support.imageAlt")} />;
}

/**
 * One message of a conversation: the user's on the right, staff's on the left, the platform's own (a
 * complaint's acknowledgment, its final answer with the outside route, a closing note) as notes.
 */
export function MessageItem({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const time = <time className="support-msg__time">{timeOf(message)}</time>;
  if (message.kind === "complaintAcknowledged")
    return (
      <li className="support-msg support-msg--system">
        <p>
          {t("support.acknowledged", {
            dueAt: formatTimeText(message.params.dueAt ?? ""),
            days: message.params.days ?? "",
          })}
        </p>
        {time}
      </li>
    );
  if (message.kind === "finalAnswer")
    return (
      <li className="support-msg support-msg--final">
        <h3 className="support-msg__title">{t("support.finalAnswer")}</h3>
        <p className="support-msg__text">{message.text}</p>
        <p className="support-msg__route">
          {t("support.outsideRoute")}{" "}
          <a href={message.params.outsideRoute} target="_blank" rel="noopener noreferrer">
            {message.params.outsideRoute}
          </a>
        </p>
        {time}
      </li>
    );
  if (message.kind === "resolved")
    return (
      <li className="support-msg support-msg--system">
        <p>{t("support.closedNote", { text: message.text })}</p>
        {time}
      </li>
    );
  const mine = message.author === "user";
  return (
    <li className={`support-msg ${mine ? "support-msg--mine" : "support-msg--staff"}`}>
      <span className="support-msg__who">
        {mine ? t("support.you") : t("support.staff")}
        {message.kind === "complaint" && <span className="support-tag">{t("support.complaintTag")}</span>}
      </span>
      {message.hasImage ? (
        <SupportImage messageId={message.id} />
      ) : (
        <p className="support-msg__text">{message.text}</p>
      )}
      {time}
    </li>
  );
}
