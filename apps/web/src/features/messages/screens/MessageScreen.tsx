import "../messages.css";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EmptyCard } from "../../../components/EmptyState";
import { Screen } from "../../../components/Screen";
import { QueryView } from "../../../components/QueryView";
import { formatDateTime } from "../../../lib/format";
import { useReadMessage } from "../api/messages";
import { messageText } from "../components/messageText";
import { readMessageId } from "../message";

/** /information/msgInfo: the message the inbox opened (local storage), marked read as it opens. */
export default function MessageScreen() {
  const { t } = useTranslation();
  const id = useMemo(() => readMessageId(), []);
  const message = useReadMessage(id ?? "");
  return (
    <Screen title={t("title.information.msgInfo")}>
      {id === null ? (
        <EmptyCard text={t("inbox.noMessage")} to="/information/userInfo" link={t("inbox.toInbox")} />
      ) : (
        <QueryView query={message}>
          {(found) => {
            const text = messageText(t, found);
            return (
              <article className="message card">
                <h2 className="message__title">{text.title}</h2>
                <time className="message__time" dateTime={found.createdAt}>
                  {formatDateTime(new Date(found.createdAt))}
                </time>
                <p className="message__body">{text.body}</p>
              </article>
            );
          }}
        </QueryView>
      )}
    </Screen>
  );
}
