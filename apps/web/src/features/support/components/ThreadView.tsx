import { useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { useSupportThread } from "../api/support";
import { ComplaintCard } from "./ComplaintCard";
import { ComplaintSheet } from "./ComplaintSheet";
import { Composer } from "./Composer";
import { MessageItem } from "./MessageItem";

/** One conversation: its messages (polled while open), the complaint's clock, writing, complaining. */
export function ThreadView({ id, onBack, onNew }: { id: string; onBack: () => void; onNew: () => void }) {
  const { t } = useTranslation();
  const thread = useSupportThread(id);
  const [complaining, setComplaining] = useState(false);
  const back = (
    <button type="button" className="support-back" onClick={onBack}>
      {t("support.back")}
    </button>
  );
  if (thread.isPending) return <LoadingState />;
  if (!thread.data)
    return (
      <>
        {back}
        <ErrorState onRetry={() => void thread.refetch()} />
      </>
    );
  const data = thread.data;
  const open = data.state === "open";
  return (
    <div className="support-thread">
      {back}
      <h2 className="support-thread__subject">{data.subject || t("support.imageSubject")}</h2>
      {data.complaint && <ComplaintCard complaint={data.complaint} />}
      <ol className="support-log" aria-label={t("support.conversation")} aria-live="polite">
        {data.messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ol>
      {open ? (
        <>
          <Composer threadId={data.id} />
          {!data.complaint && (
            <div className="support-thread__complain">
              <Button block fill="outline" color="danger" onClick={() => setComplaining(true)}>
                {t("support.complain")}
              </Button>
              <ComplaintSheet threadId={data.id} open={complaining} onClose={() => setComplaining(false)} />
            </div>
          )}
        </>
      ) : (
        <div className="support-thread__closed">
          <p>{t("support.closed")}</p>
          <Button block color="primary" onClick={onNew}>
            {t("support.startNew")}
          </Button>
        </div>
      )}
    </div>
  );
}
