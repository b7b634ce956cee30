import { useEffect, useRef } from "react";
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from "lightweight-charts";
import type { Candle } from "@brokerage/api";
import { zoneOffsetMinutes } from "@brokerage/core";
import { decimalsOf } from "../quote";

const RISE = "#e0312b";
const FALL = "#0b9b55";
const BRAND = "#1d4ed8";

export type ChartMode = "line" | "candles";

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
 * The price chart (TradingView lightweight-charts): a line for time-share and ranges, candlesticks for bar
 * periods, and a volume histogram under the price. `liveClose` moves the last point with live prices.
 */
export function PriceChart({
  candles,
  mode,
  intraday,
  liveClose,
  label,
  locale,
  timeZone,
}: {
  candles: Candle[];
  mode: ChartMode;
  intraday: boolean;
  /** The exchange's IANA zone, for intraday times. */
  timeZone: string;
  liveClose?: string;
  label: string;
  locale: string;
}) {
  const container = useRef<HTMLElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const price = useRef<ISeriesApi<"Area"> | ISeriesApi<"Candlestick"> | null>(null);
  const volume = useRef<ISeriesApi<"Histogram"> | null>(null);
  const drawn = useRef(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const api = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: "#4f596d",
        fontSize: 10,
        attributionLogo: true,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: "#eef1f6" } },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: 0.26 } },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, fixLeftEdge: true },
      crosshair: { horzLine: { labelBackgroundColor: BRAND }, vertLine: { labelBackgroundColor: BRAND } },
      localization: { locale },
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
    price.current =
      mode === "line"
        ? api.addSeries(AreaSeries, {
            lineColor: BRAND,
            lineWidth: 2,
            topColor: "rgba(29, 78, 216, 0.22)",
            bottomColor: "rgba(29, 78, 216, 0.02)",
            priceLineVisible: true,
          })
        : api.addSeries(CandlestickSeries, {
            upColor: RISE,
            downColor: FALL,
            borderUpColor: RISE,
            borderDownColor: FALL,
            wickUpColor: RISE,
            wickDownColor: FALL,
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
        color: Number(c.close) >= Number(c.open) ? "rgba(224, 49, 43, 0.45)" : "rgba(11, 155, 85, 0.45)",
      })),
    );
    chart.current.applyOptions({
      localization: { locale, priceFormatter: priceFormatter(locale, candles[0]?.close) },
    });
    chart.current.timeScale().fitContent();
    drawn.current += 1;
    container.current?.setAttribute("data-drawn", String(drawn.current));
  }, [candles, mode, intraday, locale, timeZone]);

  useEffect(() => {
    const last = candles[candles.length - 1];
    const series = price.current;
    if (!last || !series || liveClose === undefined) return;
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
  }, [liveClose, candles, mode, intraday, timeZone]);

  // A figure, not an img: the chart holds the TradingView attribution link, which must stay operable.
  return <figure ref={container} className="price-chart" aria-label={label} />;
}
