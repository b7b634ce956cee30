import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { RANKING_KINDS } from "@brokerage/api/constants";
import type { MarketType } from "@brokerage/api";
import { ChipTabs } from "../../../components/ChipTabs";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { useRankings, type RankingKind } from "../api/market";
import { QuoteList } from "./QuoteList";
import { Refreshable } from "../../../components/Refreshable";
import { useMarketOptions } from "./IndexBoard";

const RANKED_MARKETS: MarketType[] = ["inr", "usd", "krw", "myr", "thb", "crypto"];

/**
 * Rankings of a market: gainers, losers, most traded by volume and by turnover. The overview shows the
 * top of each; `full` is the whole list of /home/stockList (the server's maximum of 100).
 */
export function RankingBoard({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  const [type, setType] = useState<MarketType>("inr");
  const [kind, setKind] = useState<RankingKind>("gainers");
  const rankings = useRankings(type, kind, full ? 100 : 20);
  const markets = useMarketOptions(RANKED_MARKETS);
  // The previous ranking stays listed while the chosen one loads (keepPreviousData): the list is named
  // for the ranking it shows, and busy until the chosen one is there.
  const [shown, setShown] = useState({ type, kind });
  if (!rankings.isPlaceholderData && (shown.type !== type || shown.kind !== kind)) setShown({ type, kind });
  const label = `${t(`market.markets.${shown.type}`)} · ${t(`market.ranking.${shown.kind}`)}`;
  return (
    <Refreshable onRefresh={() => rankings.refetch()}>
      <section className="card ranking-board" aria-labelledby="ranking-title">
        <div className="card__head">
          <h2 id="ranking-title" className="card__title">
            {t("market.rankings")}
          </h2>
          {!full && (
            <Link className="card__link" to="/home/stockList">
              {t("market.seeAll")}
            </Link>
          )}
        </div>
        <ChipTabs
          variant="line"
          label={t("market.rankingTabs")}
          value={kind}
          onChange={setKind}
          options={RANKING_KINDS.map((key) => ({ key, label: t(`market.ranking.${key}`) }))}
        />
        <ChipTabs label={t("market.marketSelector")} value={type} onChange={setType} options={markets} />
        <QueryView query={rankings} isEmpty={isEmptyList}>
          {(quotes) => (
            <QuoteList
              quotes={quotes}
              label={label}
              busy={rankings.isFetching || rankings.isPlaceholderData}
            />
          )}
        </QueryView>
      </section>
    </Refreshable>
  );
}
