import { useEffect, useRef } from "react";
import {
  BaselineSeries,
  CrosshairMode,
  LineSeries,
  LineStyle,
  createChart,
  createSeriesMarkers,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
} from "lightweight-charts";
import { themeColors, usePriceColorsAttribute, withAlpha } from "../../../components/chartTheme";
import type { OrderDirection } from "@brokerage/api";
import { colorAt, sideColors, visibleRange, type PositionSeries } from "../positionSeries";
import { ChartFooter, baseChartOptions, dailyTick, intradayTick, priceFormatter } from "./PriceChart";

/**
 * A position's price as a line: muted before the opening, in the colour of its gain or loss since (above
 * or below the opening price), with the opening price as a dashed line across. Nothing to scroll, zoom or point at: it is a glance, the
 * figures are under it. No volume either, which says nothing about one position.
 */
export function PositionLine({
  series,
  openPrice,
  direction,
  intraday,
  label,
  zoneNote,
  busy,
  locale,
}: {
  series: PositionSeries;
  openPrice: string;
  direction: OrderDirection;
  intraday: boolean;
  label: string;
  /** In which zone the axis reads. */
  zoneNote: string;
  busy: boolean;
  locale: string;
}) {
  const figure = useRef<HTMLElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const before = useRef<ISeriesApi<"Line"> | null>(null);
  const since = useRef<ISeriesApi<"Baseline"> | null>(null);
  const markers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const drawn = useRef(0);
  const convention = usePriceColorsAttribute();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colors = themeColors();
    const api = createChart(element, {
      ...baseChartOptions(locale),
      rightPriceScale: {
        borderVisible: false,
        entireTextOnly: true,
        scaleMargins: { top: 0.12, bottom: 0.1 },
      },
      crosshair: { mode: CrosshairMode.Hidden },
      handleScroll: false,
      handleScale: false,
    });
    const common = {
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    } as const;
    before.current = api.addSeries(LineSeries, { ...common, color: withAlpha(colors.text, 0.45) });
    since.current = api.addSeries(BaselineSeries, common);
    markers.current = createSeriesMarkers(since.current, []);
    chart.current = api;
    return () => {
      api.remove();
      chart.current = before.current = since.current = null;
      markers.current = null;
    };
  }, [locale]);

  // The opening price across the chart, and always inside the scale with a little room around it.
  useEffect(() => {
    const line = since.current;
    const muted = before.current;
    if (!line || !muted) return;
    const at = Number(openPrice);
    const reference = line.createPriceLine({
      price: at,
      color: themeColors().text,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      // Named in the chart's key above it: a label on the axis would cover the scale's own prices.
      axisLabelVisible: false,
    });
    const autoscaleInfoProvider = (original: () => AutoscaleInfo | null) => {
      const range = original();
      return { ...range, priceRange: visibleRange(range?.priceRange ?? null, at) };
    };
    line.applyOptions({ autoscaleInfoProvider });
    muted.applyOptions({ autoscaleInfoProvider });
    return () => {
      if (since.current !== line) return;
      line.removePriceLine(reference);
    };
  }, [openPrice, locale]);

  // Since the opening: above and below the opening price in the colours of a gain and a loss.
  useEffect(() => {
    const line = since.current;
    if (!line) return;
    const { above, below } = sideColors(direction, themeColors());
    line.applyOptions({
      baseValue: { type: "price", price: Number(openPrice) },
      topLineColor: above,
      topFillColor1: withAlpha(above, 0.24),
      topFillColor2: withAlpha(above, 0.04),
      bottomLineColor: below,
      bottomFillColor1: withAlpha(below, 0.04),
      bottomFillColor2: withAlpha(below, 0.24),
    });
  }, [direction, openPrice, locale, convention]);

  useEffect(() => {
    const api = chart.current;
    if (!api || !before.current || !since.current) return;
    before.current.setData(series.before);
    since.current.setData(series.since);
    // Dots at the opening (neutral) and at the latest price (a gain's or a loss's colour): a position
    // minutes old has a short coloured stretch, and its two ends are seen.
    const first = series.since[0];
    const last = series.since[series.since.length - 1];
    const colors = themeColors();
    markers.current?.setMarkers(
      first && last
        ? [
            {
              time: first.time,
              position: "atPriceMiddle",
              price: first.value,
              shape: "circle",
              color: colors.text,
              size: 0.5,
            },
            ...(last.time > first.time
              ? [
                  {
                    time: last.time,
                    position: "atPriceMiddle" as const,
                    price: last.value,
                    shape: "circle" as const,
                    color: colorAt(last.value, Number(openPrice), direction, colors),
                    size: 0.5,
                  },
                ]
              : []),
          ]
        : [],
    );
    api.applyOptions({
      localization: { locale, priceFormatter: priceFormatter(locale, openPrice) },
      timeScale: { tickMarkFormatter: intraday ? intradayTick(locale) : dailyTick(locale) },
    });
    api.timeScale().fitContent();
    drawn.current += 1;
    figure.current?.setAttribute("data-drawn", String(drawn.current));
  }, [series, intraday, locale, openPrice, direction, convention]);

  // A figure like the stock detail's chart: the zone of its axis and the attribution sit under it.
  return (
    <figure ref={figure} className="price-chart" aria-label={label} aria-busy={busy}>
      <div ref={container} className="price-chart__canvas" />
      <ChartFooter zoneNote={zoneNote} />
    </figure>
  );
}
