import "../messages.css";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { useGo } from "../../../app/useGo";
import { formatDateTime } from "../../../lib/format";
import { Refreshable } from "../../../components/Refreshable";
import { useMarkAllRead, useMessages } from "../api/messages";
import { messageText } from "../components/messageText";
import { ListFoot } from "../../../components/ListFoot";
import { saveMessageId } from "../message";
import { AlertsEntry } from "../../alerts";

/** /information/userInfo: the inbox from the bell, newest first; unread ones marked; pull to refresh. */
export default function InboxScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const list = useMessages();
  const markAll = useMarkAllRead();
  const messages = list.data?.pages.flatMap((page) => page.items);
  const unread = (messages ?? []).filter((m) => !m.read).map((m) => m.id);
  return (
    <Screen
      title={t("title.information.userInfo")}
      right={
        unread.length > 0 && (
          <button
            type="button"
            className="text-button"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate(unread)}
          >
            {t("inbox.markAllRead")}
          </button>
        )
      }
    >
      <AlertsEntry />
      <Refreshable onRefresh={() => list.refetch()}>
        <QueryView query={{ ...list, data: messages }} isEmpty={isEmptyList} empty={<InboxEmpty />}>
          {(items) => (
            <>
              <ul className="inbox card" aria-label={t("title.information.userInfo")}>
                {items.map((message) => {
                  const text = messageText(t, message);
                  return (
                    <li key={message.id}>
                      <button
                        type="button"
                        className={`inbox__item${message.read ? "" : " inbox__item--unread"}`}
                        onClick={() => {
                          saveMessageId(message.id);
                          go("/information/msgInfo");
                        }}
                      >
                        <span className="inbox__title">
                          {!message.read && <span className="inbox__dot" aria-label={t("inbox.unread")} />}
                          {text.title}
                        </span>
                        <span className="inbox__body">{text.body}</span>
                        <time className="inbox__time" dateTime={message.createdAt}>
                          {formatDateTime(new Date(message.createdAt))}
                        </time>
                      </button>
                    </li>
                  );
                })}
              </ul>
              <ListFoot query={list} className="inbox__foot" endText={t("inbox.end")} />
            </>
          )}
        </QueryView>
      </Refreshable>
    </Screen>
  );
}

function InboxEmpty() {
  const { t } = useTranslation();
  return <p className="inbox__empty card">{t("inbox.empty")}</p>;
}
