import "../../trade/trade.css";
import "../blockTrade.css";
import { useTranslation } from "react-i18next";

import { EmptyCard } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { Refreshable } from "../../../components/Refreshable";
import { useMySubscriptions } from "../api/blockTrade";
import { SubscriptionRow } from "../components/SubscriptionRow";
import { ListFoot } from "../../../components/ListFoot";

/** /home/blockTrade2: the user's block-trade subscriptions with their states, newest first. */
export default function BlockTradeRecordsScreen() {
  const { t } = useTranslation();
  const mine = useMySubscriptions();
  const items = mine.data?.pages.flatMap((page) => page.items);
  return (
    <Screen title={t("title.home.blockTrade2")}>
      <Refreshable onRefresh={() => mine.refetch()}>
        <QueryView
          query={{ ...mine, data: items }}
          isEmpty={isEmptyList}
          empty={
            <EmptyCard
              text={t("blockTrade.emptyMine")}
              to="/home/blockTrade"
              link={t("blockTrade.toOffers")}
            />
          }
        >
          {(list) => (
            <>
              <ul className="trade-list card" aria-label={t("blockTrade.mine")}>
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
