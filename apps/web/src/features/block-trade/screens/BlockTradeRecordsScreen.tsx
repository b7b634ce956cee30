import "../../trade/trade.css";
import "../blockTrade.css";
import InfiniteScroll from "antd-mobile/es/components/infinite-scroll";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { Refreshable } from "../../market/components/Refreshable";
import { useMySubscriptions } from "../api/blockTrade";
import { SubscriptionRow } from "../components/SubscriptionRow";

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
            <div className="card">
              <EmptyState text={t("blockTrade.emptyMine")} />
              <p className="footnote">
                <Link to="/home/blockTrade">{t("blockTrade.toOffers")}</Link>
              </p>
            </div>
          }
        >
          {(list) => (
            <>
              <ul className="trade-list card" aria-label={t("blockTrade.mine")}>
                {list.map((s) => (
                  <SubscriptionRow key={s.id} subscription={s} />
                ))}
              </ul>
              <InfiniteScroll
                loadMore={async () => {
                  await mine.fetchNextPage();
                }}
                hasMore={mine.hasNextPage}
              >
                <span className="trade-list__foot">
                  {mine.hasNextPage ? t("common.loading") : t("trade.end")}
                </span>
              </InfiniteScroll>
            </>
          )}
        </QueryView>
      </Refreshable>
    </Screen>
  );
}
