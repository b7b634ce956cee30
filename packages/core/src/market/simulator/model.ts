import type { AdjustmentEvent } from "../adjustment.js";
import type { TradingDayIndex } from "../calendar.js";
import type { CalendarSpec } from "../exchanges.js";
import type { TickTable } from "../ticks.js";
import type { Listing } from "../types.js";

/** One day's bar in raw (unadjusted) prices as floats; turnover in the currency's minor units (integer). */
export interface NumericBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
}

/** The minute bars of one trading day, with running aggregates for O(1) intraday quotes. */
export interface DayPath {
  /** Trading-day index of the series' calendar. */
  index: number;
  /** Minute start instants, epoch ms. */
  times: readonly number[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  turnover: Float64Array;
  /** Running max/min/sums through minute k, inclusive. */
  runHigh: Float64Array;
  runLow: Float64Array;
  runVolume: Float64Array;
  runTurnover: Float64Array;
  /** Seeds the sub-minute wiggle of live prices. */
  noiseKey: number;
  /** Typical one-minute price move, for the sub-minute wiggle. */
  minuteSigma: number;
}

/** What quotes and candles are computed from: a simulated instrument or a derived index. */
export interface PriceSeries {
  readonly listing: Listing;
  readonly calendar: CalendarSpec;
  readonly days: TradingDayIndex;
  readonly ticks: TickTable;
  readonly priceDecimals: number;
  /** Decimals of the currency's minor unit (turnover). */
  readonly turnoverScale: number;
  /** Stable hash of (seed, symbol). */
  readonly key: number;
  /** First trading-day index with a bar. */
  readonly firstIndex: number;
  dailyBar(index: number): NumericBar;
  /** The previous close on the basis of day `index` (adjusted for that day's corporate actions). */
  reference(index: number): number;
  dayPath(index: number): DayPath;
  adjustmentEvents(): readonly AdjustmentEvent[];
}

export function runningAggregates(
  path: Omit<DayPath, "runHigh" | "runLow" | "runVolume" | "runTurnover">,
): DayPath {
  const n = path.times.length;
  const runHigh = new Float64Array(n);
  const runLow = new Float64Array(n);
  const runVolume = new Float64Array(n);
  const runTurnover = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const prev = k - 1;
    runHigh[k] = Math.max(path.high[k] ?? 0, prev >= 0 ? (runHigh[prev] ?? 0) : -Infinity);
    runLow[k] = Math.min(path.low[k] ?? 0, prev >= 0 ? (runLow[prev] ?? 0) : Infinity);
    runVolume[k] = (path.volume[k] ?? 0) + (prev >= 0 ? (runVolume[prev] ?? 0) : 0);
    runTurnover[k] = (path.turnover[k] ?? 0) + (prev >= 0 ? (runTurnover[prev] ?? 0) : 0);
  }
  return { ...path, runHigh, runLow, runVolume, runTurnover };
}
