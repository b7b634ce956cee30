import "../../trade/trade.css";
import "../ipo.css";
import { useTranslation } from "react-i18next";
import { EmptyCard } from "../../../components/EmptyState";
import { ListFoot } from "../../../components/ListFoot";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { Refreshable } from "../../../components/Refreshable";
import { useMyIpoSubscriptions } from "../api/ipo";
import { SubscriptionRow } from "../components/SubscriptionRow";

/** /home/newShareOrder: the user's new-share subscriptions with their states, newest first; pull to refresh. */
export default function NewShareOrderScreen() {
  const { t } = useTranslation();
  const mine = useMyIpoSubscriptions();
  const items = mine.data?.pages.flatMap((page) => page.items);
  return (
    <Screen title={t("title.home.newShareOrder")}>
      <Refreshable onRefresh={() => mine.refetch()}>
        <QueryView
          query={{ ...mine, data: items }}
          isEmpty={isEmptyList}
          empty={<EmptyCard text={t("ipo.emptyMine")} to="/home/newStock" link={t("ipo.toOfferings")} />}
        >
          {(list) => (
            <>
              <ul className="trade-list card" aria-label={t("ipo.mine")}>
                {list.map((s) => (
                  <SubscriptionRow key={s.id} subscription={s} />
                ))}
              </ul>
              <ListFoot query={mine} className="trade-list__foot" endText={t("trade.end")} />
            </>
          )}
        </QueryView>
      </Refreshable>
    </Screen>
  );
}
