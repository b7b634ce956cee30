import { useEffect, useRef } from "react";
import {
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type Time,
  TickMarkType,
} from "lightweight-charts";
import type { EquityPoint } from "@brokerage/api";
import { chartFrame, themeColors, withAlpha } from "./chartTheme";

/** Axis and crosshair money: two decimals with the locale's separators (the chart draws numbers). */
const moneyFormatter = (locale: string) => {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (value: number) => format.format(value);
};

/** The calendar day a point of the chart is (`YYYY-MM-DD`, a business day, or seconds), at UTC midnight. */
function dayOf(time: Time): Date {
  if (typeof time === "string") return new Date(`${time}T00:00:00Z`);
  if (typeof time === "number") return new Date(time * 1000);
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}

/**
 * Ticks of days carry their month ("Dec 3", never a bare "3"), months and years as the library writes them.
 * The days are calendar days of the zone under the chart, so they are written at UTC, never shifted.
 */
export const dayTicks = (locale: string) => {
  const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  return (time: Time, type: TickMarkType): string | null =>
    type === TickMarkType.DayOfMonth ? day.format(dayOf(time)) : null;
};

/**
 * The equity chart (TradingView lightweight-charts, as the price chart), shared by the portfolio (its
 * equity) and the copy-trading product (its NAV per unit): one point a day, each day's
 * equity at its end and the last one now, as an area in the brand colour. The dates are calendar days
 * (`YYYY-MM-DD`), which the library draws as business days without a time zone; the zone they are days of
 * is under the chart. The numbers are for drawing only: every figure shown as text comes as a string.
 */
export function EquityChart({
  points,
  label,
  zoneNote,
  busy,
  locale,
}: {
  points: readonly EquityPoint[];
  label: string;
  zoneNote: string;
  busy: boolean;
  locale: string;
}) {
  const figure = useRef<HTMLElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<"Area"> | null>(null);
  const drawn = useRef(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colors = themeColors();
    const api = createChart(element, {
      ...chartFrame(colors, { top: 0.12, bottom: 0.08 }),
      timeScale: {
        borderVisible: false,
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: dayTicks(locale),
      },
      crosshair: {
        horzLine: { labelBackgroundColor: colors.brand },
        vertLine: { labelBackgroundColor: colors.brand },
      },
      handleScroll: false,
      handleScale: false,
      localization: { locale, priceFormatter: moneyFormatter(locale) },
    });
    series.current = api.addSeries(AreaSeries, {
      lineColor: colors.brand,
      lineWidth: 2,
      topColor: withAlpha(colors.brand, 0.22),
      bottomColor: withAlpha(colors.brand, 0.02),
      priceLineVisible: false,
      lastValueVisible: true,
    });
    chart.current = api;
    return () => {
      api.remove();
      chart.current = series.current = null;
    };
  }, [locale]);

  useEffect(() => {
    if (!series.current || !chart.current) return;
    series.current.setData(points.map((p) => ({ time: p.date as Time, value: Number(p.value) })));
    chart.current.timeScale().fitContent();
    drawn.current += 1;
    figure.current?.setAttribute("data-drawn", String(drawn.current));
  }, [points, locale]);

  return (
    <figure ref={figure} className="price-chart equity-chart" aria-label={label} aria-busy={busy}>
      <div ref={container} className="price-chart__canvas" />
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
    </figure>
  );
}
