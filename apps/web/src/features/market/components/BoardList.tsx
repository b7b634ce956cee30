import { useTranslation } from "react-i18next";
import type { Board, MarketType } from "@brokerage/api";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { ListFoot } from "../../../components/ListFoot";
import { useMarketList } from "../api/market";
import { QuoteList } from "./QuoteList";
import { Refreshable } from "../../../components/Refreshable";

/** A board of a market (`market/list`), page by page as the user scrolls; pull to refresh. */
export function BoardList({ type, board, label }: { type: MarketType; board?: Board; label: string }) {
  const { t } = useTranslation();
  const list = useMarketList(type, board);
  const quotes = list.data?.pages.flatMap((page) => page.items);
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <Refreshable onRefresh={() => list.refetch()}>
      <section className="card board-list" aria-label={label}>
        <QueryView query={{ ...list, data: quotes }} isEmpty={isEmptyList}>
          {(items) => (
            <>
              <QuoteList quotes={items} label={label} />
              <ListFoot
                query={list}
                className="board-list__foot"
                endText={t("market.listEnd", { count: total })}
              />
            </>
          )}
        </QueryView>
      </section>
    </Refreshable>
  );
}
