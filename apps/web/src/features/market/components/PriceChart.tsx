import { useEffect, useRef } from "react";
import {
  AreaSeries,
  CandlestickSeries,
  HistogramSeries,
  LineStyle,
  TickMarkType,
  createChart,
  type IChartApi,
  type AutoscaleInfo,
  type ChartOptions,
  type DeepPartial,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import type { Candle, KlineType } from "@brokerage/api";
import { zoneOffsetMinutes } from "@brokerage/core";
import { decimalsOf } from "../../../lib/quote";
import { placeTick } from "../liveCandle";
import { chartFrame, themeColors, withAlpha } from "../../../components/chartTheme";

/** A tick past the last candle asks for the candles again, at most this often while they stay the same. */
const REFETCH_RETRY_MS = 5_000;

// Shared with the portfolio's equity chart (components/chartTheme.ts); re-exported for this module's users.
export { themeColors, withAlpha } from "../../../components/chartTheme";

export type ChartMode = "line" | "candles";

/** A daily axis tick: the year, the month or the day of the month, as the library marks them. */
export const dailyTick = (locale: string) => (time: Time, type: TickMarkType) => {
  const at = new Date((time as number) * 1000);
  if (type === TickMarkType.Year) return String(at.getUTCFullYear());
  if (type === TickMarkType.Month) return at.toLocaleString(locale, { month: "short", timeZone: "UTC" });
  return String(at.getUTCDate());
};

/**
 * An intraday axis tick: hh:mm of the exchange's wall clock (chartTime shifted it into UTC's fields); where
 * a new day starts, its date instead, so bars across sessions do not read "09:30 … 09:30".
 */
export const intradayTick = (locale: string) => (time: Time, type?: TickMarkType) => {
  const at = new Date((time as number) * 1000);
  if (type !== undefined && type <= TickMarkType.DayOfMonth)
    return at.toLocaleString(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  return `${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`;
};

/**
 * The chart draws UTC timestamps as they are, so an intraday candle is shifted to the exchange's wall
 * clock (09:15 in Mumbai reads 09:15 wherever the viewer is); daily ones keep their trading date.
 */
export const chartTime = (time: number, intraday: boolean, timeZone: string) =>
  (intraday ? time + zoneOffsetMinutes(timeZone, time * 1000) * 60 : time) as UTCTimestamp;

/** Axis and crosshair prices with the candles' own decimals and the locale's thousands separators. */
export function priceFormatter(locale: string, sample: string | undefined) {
  const decimals = sample === undefined ? 2 : decimalsOf(sample);
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return (value: number) => format.format(value);
}

/**
 * What every price chart of the app shares: a transparent canvas in the theme's colours, horizontal grid
 * lines, the price scale on the right. Both edges of the time scale are fixed to the data, which is what
 * lets the library shift the first and last axis labels inward instead of cutting them at the canvas's
 * edge (the time-share's "09:30", a daily chart's "Dec"); the bars may be as thin as a whole session of
 * minutes at 320 px needs, so time-share fits from its open.
 */
export function baseChartOptions(locale: string) {
  const colors = themeColors();
  return {
    ...chartFrame(colors, { top: 0.08, bottom: 0.26 }),
    timeScale: {
      borderVisible: false,
      timeVisible: true,
      secondsVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
      minBarSpacing: 0.05,
    },
    localization: { locale },
  } satisfies DeepPartial<ChartOptions>;
}

/**
 * The price chart (TradingView lightweight-charts): a line for time-share and ranges, candlesticks for bar
 * periods, and a volume histogram under the price. `liveClose` (at `liveAt`) moves the last point while it
 * falls inside the last candle; a live price past it calls `onPastLastCandle` (fetch the candles again)
 * instead of being drawn into a candle it does not belong to.
 */
export function PriceChart({
  candles,
  period,
  mode,
  intraday,
  liveClose,
  liveAt,
  reference,
  onPastLastCandle,
  label,
  zoneNote,
  busy,
  locale,
  timeZone,
}: {
  candles: Candle[];
  period: KlineType;
  mode: ChartMode;
  intraday: boolean;
  /** The exchange's IANA zone, for intraday times. */
  timeZone: string;
  liveClose?: string;
  /** The live price's market instant (ISO-8601). */
  liveAt?: string;
  /** A dashed price line across the chart: time-share's previous close. */
  reference?: { price: string; title: string };
  onPastLastCandle?: () => void;
  label: string;
  /** In which zone the axis reads, e.g. "Exchange time (GMT+5:30)". */
  zoneNote: string;
  /** The candles drawn are being replaced (a refetch, or the previous period's while the new one loads). */
  busy: boolean;
  locale: string;
}) {
  const figure = useRef<HTMLElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const price = useRef<ISeriesApi<"Area"> | ISeriesApi<"Candlestick"> | null>(null);
  const volume = useRef<ISeriesApi<"Histogram"> | null>(null);
  const drawn = useRef(0);
  const refetchAsked = useRef<{ candle: number; at: number } | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { brand } = themeColors();
    const api = createChart(element, {
      ...baseChartOptions(locale),
      crosshair: { horzLine: { labelBackgroundColor: brand }, vertLine: { labelBackgroundColor: brand } },
    });
    chart.current = api;
    return () => {
      api.remove();
      chart.current = price.current = volume.current = null;
    };
  }, [locale]);

  useEffect(() => {
    const api = chart.current;
    if (!api) return;
    const { brand, rise, fall } = themeColors();
    price.current =
      mode === "line"
        ? api.addSeries(AreaSeries, {
            lineColor: brand,
            lineWidth: 2,
            topColor: withAlpha(brand, 0.22),
            bottomColor: withAlpha(brand, 0.02),
            priceLineVisible: true,
          })
        : api.addSeries(CandlestickSeries, {
            upColor: rise,
            downColor: fall,
            borderUpColor: rise,
            borderDownColor: fall,
            wickUpColor: rise,
            wickDownColor: fall,
          });
    volume.current = api.addSeries(HistogramSeries, {
      priceScaleId: "volume",
      priceFormat: { type: "volume" },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    api.priceScale("volume").applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    return () => {
      if (price.current) api.removeSeries(price.current);
      if (volume.current) api.removeSeries(volume.current);
      price.current = volume.current = null;
    };
  }, [mode, locale]);

  useEffect(() => {
    const series = price.current;
    if (!series || !volume.current || !chart.current) return;
    const time = (c: Candle) => chartTime(c.time, intraday, timeZone);
    const { rise, fall } = themeColors();
    if (mode === "line")
      (series as ISeriesApi<"Area">).setData(candles.map((c) => ({ time: time(c), value: Number(c.close) })));
    else
      (series as ISeriesApi<"Candlestick">).setData(
        candles.map((c) => ({
          time: time(c),
          open: Number(c.open),
          high: Number(c.high),
          low: Number(c.low),
          close: Number(c.close),
        })),
      );
    volume.current.setData(
      candles.map((c) => ({
        time: time(c),
        value: c.volume,
        color: withAlpha(Number(c.close) >= Number(c.open) ? rise : fall, 0.45),
      })),
    );
    chart.current.applyOptions({
      localization: { locale, priceFormatter: priceFormatter(locale, candles[0]?.close) },
      // Intraday ticks read as the exchange's clock (the zone is under the chart), a day's start as its
      // date rather than as the day of the month alone.
      timeScale: { tickMarkFormatter: intraday ? intradayTick(locale) : dailyTick(locale) },
    });
    chart.current.timeScale().fitContent();
    drawn.current += 1;
    figure.current?.setAttribute("data-drawn", String(drawn.current));
  }, [candles, mode, intraday, locale, timeZone]);

  const referencePrice = reference?.price;
  const referenceTitle = reference?.title;
  useEffect(() => {
    const series = price.current;
    if (!series || referencePrice === undefined) return;
    const line = series.createPriceLine({
      price: Number(referencePrice),
      color: themeColors().text,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: true,
      title: referenceTitle ?? "",
    });
    // The scale takes the line in, so a previous close outside the session's range is still on the chart.
    const at = Number(referencePrice);
    series.applyOptions({
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const range = original();
        if (!range?.priceRange) return range;
        const { minValue, maxValue } = range.priceRange;
        return {
          ...range,
          priceRange: { minValue: Math.min(minValue, at), maxValue: Math.max(maxValue, at) },
        };
      },
    });
    // Changing mode removes the series (and its lines) first: only a series still drawn loses its line.
    return () => {
      if (price.current !== series) return;
      series.removePriceLine(line);
      series.applyOptions({ autoscaleInfoProvider: undefined });
    };
  }, [referencePrice, referenceTitle, mode, locale]);

  useEffect(() => {
    const last = candles[candles.length - 1];
    const series = price.current;
    if (!last || !series || liveClose === undefined || liveAt === undefined) return;
    const place = placeTick(period, last.time, liveAt, timeZone);
    if (place === "after") {
      const asked = refetchAsked.current;
      const now = Date.now();
      if (asked?.candle === last.time && now - asked.at < REFETCH_RETRY_MS) return;
      refetchAsked.current = { candle: last.time, at: now };
      onPastLastCandle?.();
      return;
    }
    if (place === "before") return;
    const value = Number(liveClose);
    const time = chartTime(last.time, intraday, timeZone);
    if (mode === "line") (series as ISeriesApi<"Area">).update({ time, value });
    else
      (series as ISeriesApi<"Candlestick">).update({
        time,
        open: Number(last.open),
        high: Math.max(Number(last.high), value),
        low: Math.min(Number(last.low), value),
        close: value,
      });
  }, [liveClose, liveAt, onPastLastCandle, period, candles, mode, intraday, timeZone]);

  // A figure, not an img: it holds the TradingView attribution link, which must stay operable. The zone of
  // the axis's times and the attribution sit under the chart, where they cover nothing of it.
  return (
    <figure ref={figure} className="price-chart" aria-label={label} aria-busy={busy}>
      <div ref={container} className="price-chart__canvas" />
      <ChartFooter zoneNote={zoneNote} />
    </figure>
  );
}

/** Under a chart: in which zone its axis reads, and the TradingView attribution its licence asks for. */
export function ChartFooter({ zoneNote }: { zoneNote: string }) {
  return (
    <figcaption className="price-chart__footer">
      <span>{zoneNote}</span>
      <a
        className="price-chart__attribution"
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
      >
        TradingView
      </a>
    </figcaption>
  );
}
