import { useTranslation } from "react-i18next";
import { MARKET_OF_TYPE } from "@brokerage/api/constants";
import type { Candle, KlineType, MarketType } from "@brokerage/api";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { formatZoneOffset } from "../../../lib/format";
import { formatPrice } from "../../../lib/quote";
import { useKline, useQuote } from "../api/market";
import { PriceChart } from "./PriceChart";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The period that shows a position from its opening: 5-minute bars while it is younger than the last
 * 100 of them, then the 1M, 3M, 6M or 1Y range.
 */
export function positionPeriod(ageMs: number): KlineType {
  if (ageMs < 8 * HOUR) return 3;
  if (ageMs < 30 * DAY) return 9;
  if (ageMs < 90 * DAY) return 10;
  if (ageMs < 180 * DAY) return 11;
  return 12;
}

/** The candles from the one the position opened in: the last one that starts at or before the opening. */
export function sinceOpening(candles: readonly Candle[], openedAt: number): Candle[] {
  const seconds = openedAt / 1000;
  let first = 0;
  candles.forEach((c, i) => {
    if (c.time <= seconds) first = i;
  });
  return candles.slice(first);
}

const typeOf = (market: string) =>
  (Object.entries(MARKET_OF_TYPE).find(([, code]) => code === market)?.[0] as MarketType | undefined) ??
  undefined;

/**
 * A position's price since it opened, as a line with the opening price across it (the dashed reference
 * line), following the live price. For the position detail (issue 28): how the position has moved, at a
 * glance, before the figures.
 */
export function PositionChart({
  position,
  liveClose,
  now,
}: {
  position: {
    symbol: string;
    exchange: string;
    market: string;
    name: string;
    openedAt: string;
    openPrice: string;
  };
  liveClose?: string;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const type = typeOf(position.market);
  const opened = Date.parse(position.openedAt);
  const period = positionPeriod(now - opened);
  const intraday = period === 3;
  const quote = useQuote(position.symbol, position.exchange);
  const timeZone = quote.data?.details.timeZone ?? "UTC";
  const kline = useKline(
    type ? { symbol: position.symbol, exchange: position.exchange, type, kline_type: period } : null,
  );
  const candles = sinceOpening(kline.data ?? [], opened);
  return (
    <section className="card position-chart" aria-labelledby="position-chart-title">
      <h2 id="position-chart-title" className="position-chart__title">
        {t("trade.chartTitle")}
      </h2>
      <div className="position-chart__canvas">
        {kline.isError && !kline.data ? (
          <ErrorState onRetry={() => void kline.refetch()} />
        ) : kline.isPending ? (
          <LoadingState />
        ) : candles.length === 0 ? (
          <p className="chart-panel__empty">{t("market.chartEmpty")}</p>
        ) : (
          <PriceChart
            candles={candles}
            period={period}
            mode="line"
            intraday={intraday}
            liveClose={liveClose}
            reference={{ price: position.openPrice, title: t("trade.openedAtLine") }}
            label={t("trade.chartLabel", {
              name: position.name,
              price: formatPrice(position.openPrice),
              count: candles.length,
            })}
            zoneNote={
              intraday
                ? t("market.zoneNote.intraday", { zone: formatZoneOffset(timeZone) })
                : t("market.zoneNote.daily")
            }
            busy={kline.isFetching}
            locale={i18n.language}
            timeZone={timeZone}
          />
        )}
      </div>
    </section>
  );
}
