import { scaleOf } from "../../money.js";
import type { AdjustmentEvent } from "../adjustment.js";
import { tradingDayIndex, type TradingDayIndex } from "../calendar.js";
import { MARKETS, type CalendarSpec } from "../exchanges.js";
import { hashString, mix } from "../random.js";
import { fixedTick } from "../ticks.js";
import { dayNumFromIso } from "../time.js";
import type { MarketIndex } from "../types.js";
import type { InstrumentSeries } from "./instrument-series.js";
import { PIVOT_DATE } from "./instrument-series.js";
import type { LruCache } from "./lru.js";
import { runningAggregates, type DayPath, type NumericBar, type PriceSeries } from "./model.js";

interface Member {
  series: InstrumentSeries;
  /** Shares outstanding ÷ divisor. */
  weight: number;
}

/**
 * A cap-weighted index: Σ shares × price ÷ divisor, on forward-adjusted prices so that splits and dividends
 * do not move it. The divisor puts the index at its base level on the pivot date. Bars at any resolution
 * combine the constituents' bars at that resolution; highs and lows use damped constituent wicks (the
 * constituents do not all peak in the same minute).
 */
export class IndexSeries implements PriceSeries {
  readonly calendar: CalendarSpec;
  readonly days: TradingDayIndex;
  readonly ticks = fixedTick("0.01");
  readonly priceDecimals = 2;
  readonly turnoverScale: number;
  readonly key: number;
  readonly firstIndex = 1;
  private readonly members: Member[];

  constructor(
    readonly listing: MarketIndex,
    constituents: readonly InstrumentSeries[],
    seedHash: number,
    private readonly paths: LruCache<string, DayPath>,
  ) {
    this.calendar = MARKETS[listing.market].calendar;
    this.days = tradingDayIndex(this.calendar);
    this.turnoverScale = scaleOf(listing.currency);
    this.key = mix(seedHash, hashString(listing.symbol));
    const pivot = this.days.indexOnOrBefore(dayNumFromIso(PIVOT_DATE));
    const capital = constituents.reduce(
      (sum, s) => sum + (s.listing.sharesOutstanding ?? 0) * s.econClose(pivot),
      0,
    );
    const divisor = capital / listing.baseLevel;
    this.members = constituents.map((series) => ({
      series,
      weight: (series.listing.sharesOutstanding ?? 0) / divisor,
    }));
  }

  adjustmentEvents(): readonly AdjustmentEvent[] {
    return [];
  }

  reference(index: number): number {
    return this.members.reduce((sum, m) => sum + m.weight * m.series.econClose(index - 1), 0);
  }

  dailyBar(index: number): NumericBar {
    const bar = { open: 0, high: 0, low: 0, close: 0, volume: 0, turnover: 0 };
    for (const { series, weight } of this.members) {
      const b = series.dailyBar(index);
      const w = (weight * series.econClose(index)) / b.close;
      addDamped(bar, w, b.open, b.high, b.low, b.close);
      bar.volume += b.volume;
      bar.turnover += b.turnover;
    }
    return finish(bar);
  }

  dayPath(index: number): DayPath {
    return this.paths.getOrCreate(`${this.listing.symbol}|${index}`, () => this.buildPath(index));
  }

  private buildPath(index: number): DayPath {
    const parts = this.members.map(({ series, weight }) => {
      const path = series.dayPath(index);
      const bar = series.dailyBar(index);
      return { path, w: (weight * series.econClose(index)) / bar.close };
    });
    const times = parts[0]?.path.times ?? [];
    const n = times.length;
    const arrays = {
      open: new Float64Array(n),
      high: new Float64Array(n),
      low: new Float64Array(n),
      close: new Float64Array(n),
      volume: new Float64Array(n),
      turnover: new Float64Array(n),
    };
    let sigma = 0;
    for (let k = 0; k < n; k++) {
      const bar = { open: 0, high: 0, low: 0, close: 0, volume: 0, turnover: 0 };
      for (const { path, w } of parts) {
        const [o = 0, h = 0, l = 0, c = 0] = [path.open[k], path.high[k], path.low[k], path.close[k]];
        addDamped(bar, w, o, h, l, c);
        bar.volume += path.volume[k] ?? 0;
        bar.turnover += path.turnover[k] ?? 0;
      }
      const done = finish(bar);
      arrays.open[k] = done.open;
      arrays.high[k] = done.high;
      arrays.low[k] = done.low;
      arrays.close[k] = done.close;
      arrays.volume[k] = done.volume;
      arrays.turnover[k] = done.turnover;
      sigma += Math.abs(done.close - done.open);
    }
    return runningAggregates({
      index,
      times,
      ...arrays,
      noiseKey: mix(this.key, index),
      minuteSigma: n > 0 ? sigma / n : 0,
    });
  }
}

/** Adds a weighted constituent bar; wicks count half (they rarely coincide across constituents). */
function addDamped(bar: NumericBar, w: number, o: number, h: number, l: number, c: number): void {
  bar.open += w * o;
  bar.close += w * c;
  bar.high += w * (h + Math.max(o, c)) * 0.5;
  bar.low += w * (l + Math.min(o, c)) * 0.5;
}

function finish(bar: NumericBar): NumericBar {
  bar.high = Math.max(bar.high, bar.open, bar.close);
  bar.low = Math.min(bar.low, bar.open, bar.close);
  return bar;
}
