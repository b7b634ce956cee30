import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryView } from "../../../components/QueryView";
import { Refreshable } from "../../../components/Refreshable";
import { useSupportThreads } from "../api/support";
import { Composer } from "./Composer";
import { ThreadList } from "./ThreadList";
import { ThreadView } from "./ThreadView";

/**
 * The in-app conversation with support staff (no external link configured): the user's threads and a new
 * one, or one thread open. The route takes no parameters (spec §2), so the open thread is this screen's
 * own state.
 */
export function SupportChat() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  const threads = useSupportThreads(openId === null);
  if (openId !== null)
    return <ThreadView id={openId} onBack={() => setOpenId(null)} onNew={() => setOpenId(null)} />;
  return (
    <Refreshable onRefresh={() => threads.refetch()}>
      <p className="support-intro">{t("support.intro")}</p>
      <section className="support-new" aria-labelledby="support-new-title">
        <h2 id="support-new-title" className="support-heading">
          {t("support.newTitle")}
        </h2>
        <Composer onSent={(thread) => setOpenId(thread.id)} />
      </section>
      <section aria-labelledby="support-list-title">
        <h2 id="support-list-title" className="support-heading">
          {t("support.conversations")}
        </h2>
        <QueryView
          query={threads}
          isEmpty={(page) => page.items.length === 0}
          empty={<p className="support-none">{t("support.none")}</p>}
        >
          {(page) => <ThreadList threads={page.items} onOpen={setOpenId} />}
        </QueryView>
      </section>
    </Refreshable>
  );
}
