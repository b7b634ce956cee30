import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MARKET_OF_TYPE } from "@brokerage/api/constants";
import type { KlineType, MarketType, OrderDirection } from "@brokerage/api";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { formatZoneOffset } from "../../../lib/format";
import { formatPrice } from "../../../lib/quote";
import { useLiveQuote } from "../api/live";
import { useKline, useQuote } from "../api/market";
import { placeTick } from "../liveCandle";
import { coarserPeriod, isIntraday, positionPeriod, positionSeries, reachesOpening } from "../positionSeries";
import { PositionLine } from "./PositionLine";

/** A live price past the last candle asks for the candles again, at most this often. */
const REFETCH_RETRY_MS = 5_000;

const typeOf = (market: string) =>
  (Object.entries(MARKET_OF_TYPE).find(([, code]) => code === market)?.[0] as MarketType | undefined) ??
  undefined;

/**
 * A position's price since it opened, as a line with the opening price across it (dashed), following the
 * live price, in the colours of the position's gain or loss. For the position detail: how the position
 * has moved, at a glance, before the figures.
 */
export function PositionChart({
  position,
  now,
}: {
  position: {
    direction: OrderDirection;
    symbol: string;
    exchange: string;
    market: string;
    name: string;
    openedAt: string;
    openPrice: string;
  };
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const type = typeOf(position.market);
  const opened = Date.parse(position.openedAt);
  const [period, setPeriod] = useState<KlineType>(() => positionPeriod(now - opened));
  const quote = useQuote(position.symbol, position.exchange);
  const live = useLiveQuote(quote.data);
  const timeZone = quote.data?.details.timeZone ?? "UTC";
  const kline = useKline(
    type ? { symbol: position.symbol, exchange: position.exchange, type, kline_type: period } : null,
  );
  const candles = kline.isPlaceholderData ? undefined : kline.data;
  // A window that does not reach back to the opening (a market trading around the clock, a position
  // watched for hours) gives way to the next coarser period.
  const coarser = coarserPeriod(period);
  if (candles && coarser !== undefined && !reachesOpening(candles, opened)) setPeriod(coarser);

  const liveClose = live?.close;
  const liveAt = live?.timestamp;
  const series = useMemo(
    () =>
      positionSeries({
        candles: candles ?? [],
        period,
        openedAt: opened,
        openPrice: position.openPrice,
        live: liveClose !== undefined && liveAt !== undefined ? { close: liveClose, at: liveAt } : undefined,
        timeZone,
      }),
    [candles, period, opened, position.openPrice, liveClose, liveAt, timeZone],
  );

  // A live price past the last candle: a new candle exists, the line is drawn from the candles again.
  const asked = useRef<{ candle: number; at: number } | null>(null);
  const lastStart = candles?.[candles.length - 1]?.time;
  const { refetch } = kline;
  useEffect(() => {
    if (lastStart === undefined || liveAt === undefined) return;
    if (placeTick(period, lastStart, liveAt, timeZone) !== "after") return;
    const previous = asked.current;
    const at = Date.now();
    if (previous?.candle === lastStart && at - previous.at < REFETCH_RETRY_MS) return;
    asked.current = { candle: lastStart, at };
    void refetch({ cancelRefetch: false });
  }, [lastStart, liveAt, period, timeZone, refetch]);

  const intraday = isIntraday(period);
  const openPrice = formatPrice(position.openPrice);
  const count = series.before.length + series.since.length;
  return (
    <section className="card position-chart" aria-labelledby="position-chart-title">
      <div className="position-chart__head">
        <h2 id="position-chart-title" className="position-chart__title">
          {t("trade.chartTitle")}
        </h2>
        <p className="position-chart__legend">
          {series.before.length > 0 && (
            <span className="position-chart__key position-chart__key--before">{t("trade.chartBefore")}</span>
          )}
          <span className="position-chart__key position-chart__key--opened">
            {t("trade.openedAtLine", { price: openPrice })}
          </span>
        </p>
      </div>
      <div className="position-chart__canvas">
        {kline.isError && !candles ? (
          <ErrorState onRetry={() => void kline.refetch()} />
        ) : !candles ? (
          <LoadingState />
        ) : series.since.length < 2 && series.before.length === 0 ? (
          <p className="chart-panel__empty">{t("trade.chartEmpty")}</p>
        ) : (
          <PositionLine
            series={series}
            openPrice={position.openPrice}
            direction={position.direction}
            intraday={intraday}
            label={t("trade.chartLabel", { name: position.name, price: openPrice, count })}
            zoneNote={
              intraday
                ? t("market.zoneNote.intraday", { zone: formatZoneOffset(timeZone) })
                : t("market.zoneNote.daily")
            }
            busy={kline.isFetching}
            locale={i18n.language}
          />
        )}
      </div>
    </section>
  );
}
