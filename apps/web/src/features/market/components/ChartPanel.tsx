import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ADJUSTMENTS, KLINE_TYPES } from "@brokerage/api/constants";
import type { KlineType } from "@brokerage/api";
import { ChipTabs } from "../../../components/ChipTabs";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { CHART_CANDLES, useKline, type Adjustment } from "../api/market";
import type { StockRef } from "../../../lib/quote";
import { formatDateTime, formatZoneOffset } from "../../../lib/format";
import { PriceChart } from "./PriceChart";

const PERIODS = Object.keys(KLINE_TYPES).map(Number) as KlineType[];
/** Time-share and the 1M–1Y ranges are lines; the bar periods are candlesticks. */
const LINE_PERIODS = new Set<KlineType>([1, 9, 10, 11, 12]);
const INTRADAY = new Set<KlineType>([1, 2, 3, 4, 5]);
/**
 * Time-share charts the whole current session from its open, and the ranges their whole span (spec §9
 * periods); the other periods chart the last 100 candles.
 */
const isWhole = (period: KlineType) => period === 1 || period >= 9;

/** Spec §9 chart: every period as a tab, the three price adjustments, candles plus volume. */
export function ChartPanel({
  stock,
  name,
  liveClose,
  liveAt,
  prevClose,
  adjustable,
  timeZone,
}: {
  stock: StockRef;
  name: string;
  liveClose?: string;
  /** The previous session's close: time-share's reference line. */
  prevClose?: string;
  /** The live price's market instant (ISO-8601). */
  liveAt?: string;
  adjustable: boolean;
  /** The exchange's zone (quote details); intraday axes read the exchange's clock. */
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<KlineType>(1);
  const [adjust, setAdjust] = useState<Adjustment>("none");
  const kline = useKline(
    { ...stock, kline_type: period, adjust: adjustable ? adjust : "none" },
    isWhole(period) ? undefined : CHART_CANDLES,
  );
  // While the next period loads, the previous one's candles stay on screen (keepPreviousData): the chart
  // is drawn, and named, for the period and adjustment of the candles it shows, not for the chosen tab.
  const [shown, setShown] = useState({ period, adjust });
  if (!kline.isPlaceholderData && (shown.period !== period || shown.adjust !== adjust))
    setShown({ period, adjust });
  const { refetch } = kline;
  const refetchCandles = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  const candles = kline.data ?? [];
  const last = candles[candles.length - 1];
  const label = t("market.chart", {
    name,
    period: t(`market.periods.${KLINE_TYPES[shown.period]}`),
    adjust: t(`market.adjust.${shown.adjust}`),
    count: candles.length,
    last: last ? formatDateTime(new Date(last.time * 1000)).slice(0, 16) : "—",
  });

  return (
    <section className="card chart-panel" aria-label={t("market.chartSection")}>
      <ChipTabs
        variant="line"
        label={t("market.periodTabs")}
        value={String(period)}
        onChange={(key) => setPeriod(Number(key) as KlineType)}
        options={PERIODS.map((p) => ({ key: String(p), label: t(`market.periods.${KLINE_TYPES[p]}`) }))}
      />
      {adjustable && (
        <ChipTabs
          role="radio"
          className="chart-panel__adjust"
          label={t("market.adjust.label")}
          value={adjust}
          onChange={setAdjust}
          options={ADJUSTMENTS.map((a) => ({ key: a, label: t(`market.adjust.${a}`) }))}
        />
      )}
      <div className="chart-panel__canvas">
        {kline.isError && (!kline.data || kline.isPlaceholderData) ? (
          <ErrorState onRetry={() => void kline.refetch()} />
        ) : kline.isPending ? (
          <LoadingState />
        ) : candles.length === 0 ? (
          <p className="chart-panel__empty">{t("market.chartEmpty")}</p>
        ) : (
          <PriceChart
            candles={candles}
            period={shown.period}
            mode={LINE_PERIODS.has(shown.period) ? "line" : "candles"}
            intraday={INTRADAY.has(shown.period)}
            liveClose={shown.adjust === "none" && !kline.isPlaceholderData ? liveClose : undefined}
            liveAt={liveAt}
            reference={
              shown.period === 1 && prevClose !== undefined
                ? { price: prevClose, title: t("market.prevCloseLine") }
                : undefined
            }
            onPastLastCandle={refetchCandles}
            label={label}
            zoneNote={
              INTRADAY.has(shown.period)
                ? t("market.zoneNote.intraday", { zone: formatZoneOffset(timeZone) })
                : t("market.zoneNote.daily")
            }
            busy={kline.isFetching || kline.isPlaceholderData}
            locale={i18n.language}
            timeZone={timeZone}
          />
        )}
      </div>
    </section>
  );
}
