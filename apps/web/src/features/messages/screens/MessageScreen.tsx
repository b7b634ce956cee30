import "../messages.css";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { QueryView } from "../../../components/QueryView";
import { formatDateTime } from "../../../lib/format";
import { useReadMessage } from "../api/messages";
import { messageText } from "../components/messageText";

/** /information/msgInfo?id=…: one message, marked read as it opens. */
export default function MessageScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const message = useReadMessage(params.get("id") ?? "");
  return (
    <Screen title={t("title.information.msgInfo")}>
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
    </Screen>
  );
}
