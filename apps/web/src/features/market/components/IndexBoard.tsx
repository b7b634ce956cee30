import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MARKET_TYPES } from "@brokerage/api/constants";
import type { IndexItem, MarketType } from "@brokerage/api";
import { ChipTabs } from "../../../components/ChipTabs";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { SPARKLINE_POINTS, useIndices, useKline } from "../api/market";
import { useLiveQuote } from "../api/live";
import { useOpenStock } from "../api/openStock";
import { formatPrice, localName, percentText, signed, trendOf } from "../../../lib/quote";
import { Sparkline } from "./Sparkline";
import { Freshness } from "./Freshness";

const HOME_MARKET_KEY = "homeMarket";

function storedMarket(): MarketType {
  const value = window.localStorage.getItem(HOME_MARKET_KEY);
  return (MARKET_TYPES as readonly string[]).includes(value ?? "") ? (value as MarketType) : "inr";
}

/** The market chips shared by the home indices, the overview and the market list. */
export function useMarketOptions(types: readonly MarketType[] = MARKET_TYPES) {
  const { t } = useTranslation();
  return types.map((key) => ({ key, label: t(`market.markets.${key}`) }));
}

function IndexCard({ item, type }: { item: IndexItem; type: MarketType }) {
  const { i18n } = useTranslation();
  const open = useOpenStock();
  const live = useLiveQuote(item) ?? item;
  const kline = useKline({
    symbol: item.symbol,
    exchange: item.exchange,
    type,
    kline_type: 1,
    points: SPARKLINE_POINTS,
  });
  const trend = trendOf(live.gainValue);
  return (
    <li>
      <button
        type="button"
        className={`index-card index-card--${trend}`}
        onClick={() => open({ symbol: item.symbol, exchange: item.exchange, type }, true)}
      >
        <span className="index-card__name">{localName(item.names, i18n.language, item.name)}</span>
        <span className={`index-card__price trend--${trend}`}>{formatPrice(live.close)}</span>
        <span className={`index-card__change trend--${trend}`}>
          {signed(live.gainValue)} {percentText(live.gain)}
        </span>
        <Sparkline candles={kline.data ?? []} trend={trend} />
        <Freshness compact timestamp={live.timestamp} />
      </button>
    </li>
  );
}

/** Home: the indices of the user's main market (spec §1, §7), each with its last 100 candles. */
export function IndexBoard({ title, action }: { title: string; action?: React.ReactNode }) {
  const { t } = useTranslation();
  const [type, setType] = useState<MarketType>(storedMarket);
  const indices = useIndices(type);
  const options = useMarketOptions();
  const choose = (next: MarketType) => {
    setType(next);
    window.localStorage.setItem(HOME_MARKET_KEY, next);
  };
  return (
    <section className="card index-board" aria-labelledby="index-board-title">
      <div className="card__head">
        <h2 id="index-board-title" className="card__title">
          {title}
        </h2>
        {action}
      </div>
      <ChipTabs options={options} value={type} onChange={choose} label={t("market.marketSelector")} />
      {/* The body keeps the height of the loaded cards while they load, so nothing below it moves. */}
      <div className="index-board__body">
        <QueryView query={indices} isEmpty={isEmptyList}>
          {(items) => (
            <>
              <ul
                className="index-board__list"
                aria-label={t("market.indicesOf", { market: t(`market.markets.${type}`) })}
              >
                {items.map((item) => (
                  <IndexCard key={item.symbol} item={item} type={type} />
                ))}
              </ul>
              {items.some((i) => i.simulated) && (
                <p className="index-board__note">
                  <span className="sim-badge">{t("market.simulated")}</span>
                </p>
              )}
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}
