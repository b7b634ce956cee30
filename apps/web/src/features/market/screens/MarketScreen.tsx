import "../market.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BOARDS } from "@brokerage/api/constants";
import type { Board, MarketType } from "@brokerage/api";
import { TopBar } from "../../../components/TopBar";
import { IconButton } from "../../../components/IconButton";
import { ChipTabs } from "../../../components/ChipTabs";
import { useGo } from "../../../app/useGo";
import { BoardList } from "../components/BoardList";
import { useMarketOptions } from "../components/IndexBoard";

/** Spec §2 market tabs: the four boards of a stock market, then digital currency and forex. */
const TABS = [...BOARDS, "crypto", "forex"] as const;
type Tab = (typeof TABS)[number];
const STOCK_MARKETS: MarketType[] = ["inr", "usd", "krw", "myr", "thb"];
const MARKET_TAB_KEY = "marketTab";

const isBoard = (tab: Tab): tab is Board => (BOARDS as readonly string[]).includes(tab);

/** /market/index: quotes by board and market. */
export default function MarketScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const [tab, setTab] = useState<Tab>("listed");
  const [market, setMarket] = useState<MarketType>(() => {
    const stored = sessionStorage.getItem(MARKET_TAB_KEY);
    return STOCK_MARKETS.find((m) => m === stored) ?? "inr";
  });
  const markets = useMarketOptions(STOCK_MARKETS);
  const chooseMarket = (next: MarketType) => {
    setMarket(next);
    sessionStorage.setItem(MARKET_TAB_KEY, next);
  };
  const board = isBoard(tab) ? tab : undefined;
  const type: MarketType = board ? market : (tab as "crypto" | "forex");
  const tabLabel = t(`market.boards.${tab}`);

  return (
    <div className="screen screen--market">
      <TopBar
        title={t("title.market.index")}
        back={false}
        right={
          <>
            <IconButton icon="star" label={t("title.favorite.index")} onClick={() => go("/favorite/index")} />
            <IconButton icon="search" label={t("home.search")} onClick={() => go("/favorite/search")} />
          </>
        }
      />
      <div className="market-tabs">
        <ChipTabs
          variant="line"
          label={t("market.boardTabs")}
          value={tab}
          onChange={setTab}
          options={TABS.map((key) => ({ key, label: t(`market.boards.${key}`) }))}
        />
        {board && (
          <ChipTabs
            label={t("market.marketSelector")}
            value={market}
            onChange={chooseMarket}
            options={markets}
          />
        )}
      </div>
      <main className="screen__body market">
        <button type="button" className="market__overview" onClick={() => go("/home/market")}>
          {t("market.overviewLink")}
        </button>
        <BoardList
          key={`${type}:${board ?? ""}`}
          type={type}
          board={board}
          label={board ? `${t(`market.markets.${market}`)} · ${tabLabel}` : tabLabel}
        />
      </main>
    </div>
  );
}
