import { scaleOf } from "../../money.js";
import type { AdjustmentEvent, CorporateAction } from "../adjustment.js";
import { actionFactor } from "../adjustment.js";
import {
  nextTradingDay,
  scheduleOn,
  tradingDayIndex,
  isTradingDay,
  type TradingDayIndex,
} from "../calendar.js";
import type { CalendarSpec } from "../exchanges.js";
import { MARKETS } from "../exchanges.js";
import { gaussian, hashString, mix, mix3, mulberry32, normal, uniform } from "../random.js";
import { dayNumFromIso } from "../time.js";
import type { Instrument } from "../types.js";
import type { LruCache } from "./lru.js";
import { runningAggregates, type DayPath, type NumericBar, type PriceSeries } from "./model.js";

/** Base prices describe the level around this date. */
export const PIVOT_DATE = "2025-07-01";

/** Mean reversion per trading day towards the drifting base level (half-life about 230 trading days). */
const REVERSION = 0.003;
const enum Stream {
  Return = 1,
  Tail,
  Regime,
  Gap,
  High,
  Low,
  Volume,
  Path,
  Second,
}

interface ResolvedAction {
  exIndex: number;
  /** Price multiplier that applies to every earlier day (1/factor). */
  multiplier: number;
  splitRatio: number;
}

/**
 * A simulated instrument. Its "economic" log price follows a seeded mean-reverting random walk over the
 * trading days since HISTORY_START (memoised, grown on demand); raw prices are the economic price times the
 * corporate actions still ahead. Each day's open/high/low/volume and its minute path are pure functions of
 * (seed, symbol, day), so any point can be computed without its neighbours.
 */
export class InstrumentSeries implements PriceSeries {
  readonly calendar: CalendarSpec;
  readonly days: TradingDayIndex;
  readonly ticks;
  readonly priceDecimals;
  readonly turnoverScale;
  readonly key: number;
  readonly firstIndex = 1;
  private logs = new Float64Array(0);
  private computed = 0;
  private readonly dailySigma: number;
  private readonly dailyDrift: number;
  private readonly pivotIndex: number;
  private readonly band: number;
  private readonly actions: ResolvedAction[] = [];
  private events: AdjustmentEvent[] = [];

  constructor(
    readonly listing: Instrument,
    seedHash: number,
    corporateActions: readonly CorporateAction[],
    private readonly paths: LruCache<string, DayPath>,
  ) {
    this.calendar = MARKETS[listing.market].calendar;
    this.days = tradingDayIndex(this.calendar);
    this.ticks = listing.ticks;
    this.priceDecimals = listing.priceDecimals;
    this.turnoverScale = scaleOf(listing.currency);
    this.key = mix(seedHash, hashString(listing.symbol));
    const perYear = this.calendar.tradingDaysPerYear;
    this.dailySigma = listing.volatility / Math.sqrt(perYear);
    this.dailyDrift = listing.drift / perYear;
    this.pivotIndex = this.days.indexOnOrBefore(dayNumFromIso(PIVOT_DATE));
    this.band = Number(listing.priceBand) * 0.9;
    this.resolveActions(corporateActions.filter((a) => a.symbol === listing.symbol));
  }

  private resolveActions(actions: readonly CorporateAction[]): void {
    const resolved = actions.map((action) => {
      const day = dayNumFromIso(action.exDate);
      const exDay = isTradingDay(this.calendar, day) ? day : nextTradingDay(this.calendar, day);
      return { action, exDay, exIndex: this.days.indexOnOrBefore(exDay) };
    });
    // Latest first: a dividend's factor depends on the raw close, which includes every later action.
    resolved.sort((a, b) => b.exIndex - a.exIndex);
    let later = 1;
    for (const { action, exDay, exIndex } of resolved) {
      const rawPrevClose = this.econClose(exIndex - 1) * later;
      const factor = actionFactor(action, rawPrevClose);
      this.actions.push({
        exIndex,
        multiplier: 1 / factor,
        splitRatio: action.type === "split" ? action.ratio : 1,
      });
      this.events.push({
        exDay,
        priceFactor: factor,
        volumeFactor: action.type === "split" ? action.ratio : 1,
      });
      later /= factor;
    }
    this.events = this.events.reverse();
  }

  adjustmentEvents(): readonly AdjustmentEvent[] {
    return this.events;
  }

  private target(index: number): number {
    return Math.log(this.listing.basePrice) + this.dailyDrift * (index - this.pivotIndex);
  }

  private ensure(index: number): void {
    if (index < this.computed) return;
    if (index >= this.logs.length) {
      const grown = new Float64Array(Math.max(index + 512, this.logs.length * 2));
      grown.set(this.logs.subarray(0, this.computed));
      this.logs = grown;
    }
    let block = -1;
    let regime = 1;
    for (let i = this.computed; i <= index; i++) {
      if (i === 0) {
        this.logs[0] = this.target(0);
        continue;
      }
      const prev = this.logs[i - 1] ?? 0;
      // Volatility comes in regimes of 16 trading days.
      if (i >> 4 !== block) {
        block = i >> 4;
        regime = Math.min(1.8, Math.max(0.6, Math.exp(0.3 * normal(mix3(this.key, Stream.Regime, block)))));
      }
      let z = normal(mix3(this.key, Stream.Return, i));
      if (uniform(mix3(this.key, Stream.Tail, i)) < 0.02) z *= 2.5;
      const step = this.dailyDrift + REVERSION * (this.target(i - 1) - prev) + this.dailySigma * regime * z;
      this.logs[i] = prev + Math.max(-this.band, Math.min(this.band, step));
    }
    this.computed = index + 1;
  }

  /** The economic (fully forward-adjusted) close of a trading day. */
  econClose(index: number): number {
    this.ensure(index);
    return Math.exp(this.logs[index] ?? 0);
  }

  /** Multiplier from economic to raw prices on day `index`, and the split divisor for volumes. */
  private basis(index: number): { price: number; shares: number } {
    let price = 1;
    let shares = 1;
    for (const a of this.actions) {
      if (a.exIndex > index) {
        price *= a.multiplier;
        shares *= a.splitRatio;
      }
    }
    return { price, shares };
  }

  reference(index: number): number {
    return this.econClose(index - 1) * this.basis(index).price;
  }

  dailyBar(index: number): NumericBar {
    const prev = this.econClose(index - 1);
    const close = this.econClose(index);
    const sigma = this.dailySigma;
    const continuous = this.listing.kind !== "stock";
    const gap = sigma * (continuous ? 0.05 : 0.3) * normal(mix3(this.key, Stream.Gap, index));
    const upper = prev * (1 + this.band);
    const lower = prev * (1 - this.band);
    const open = Math.min(upper, Math.max(lower, prev * Math.exp(gap)));
    const high = Math.min(
      upper,
      Math.max(open, close) * Math.exp(Math.abs(normal(mix3(this.key, Stream.High, index))) * sigma * 0.5),
    );
    const low = Math.max(
      lower,
      Math.min(open, close) * Math.exp(-Math.abs(normal(mix3(this.key, Stream.Low, index))) * sigma * 0.5),
    );
    const { price: m, shares } = this.basis(index);
    const activity =
      Math.exp(0.35 * normal(mix3(this.key, Stream.Volume, index)) - 0.06) *
      (1 + 6 * Math.abs(Math.log(close / prev)));
    const volume = Math.max(1, Math.round((this.listing.averageDailyVolume * activity) / shares));
    const vwap = ((open + high + low + 2 * close) / 5) * m;
    return {
      open: open * m,
      high: high * m,
      low: low * m,
      close: close * m,
      volume,
      turnover: Math.round(volume * vwap * 10 ** this.turnoverScale),
    };
  }

  dayPath(index: number): DayPath {
    return this.paths.getOrCreate(`${this.listing.symbol}|${index}`, () => this.buildPath(index));
  }

  /**
   * A Brownian bridge from the open to the close through the day's high and low, pinned at seeded minutes,
   * so that the minutes aggregate exactly to the daily bar.
   */
  private buildPath(index: number): DayPath {
    const bar = this.dailyBar(index);
    const times = scheduleOn(this.calendar, this.days.dayAt(index)).minutes;
    const n = times.length;
    const rand = mulberry32(mix3(this.key, Stream.Path, index));
    const points = new Float64Array(n + 1);
    const [highAt, lowAt] = extremeMinutes(bar, n, rand);
    const pins = [
      [0, bar.open],
      [highAt, bar.high],
      [lowAt, bar.low],
      [n, bar.close],
    ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    const minuteSigma = (bar.close * this.dailySigma) / Math.sqrt(n);
    for (let p = 0; p + 1 < pins.length; p++) {
      const [from = 0, fromValue = 0] = pins[p] ?? [];
      const [to = 0, toValue = 0] = pins[p + 1] ?? [];
      bridge(points, from, fromValue, to, toValue, minuteSigma * 0.5, rand);
    }
    const open = new Float64Array(n);
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    const close = new Float64Array(n);
    const weights = new Float64Array(n);
    let totalWeight = 0;
    for (let k = 0; k < n; k++) {
      const o = fold(points[k] ?? 0, bar.low, bar.high);
      const c = fold(points[k + 1] ?? 0, bar.low, bar.high);
      open[k] = o;
      close[k] = c;
      high[k] = Math.min(bar.high, Math.max(o, c) + Math.abs(gaussian(rand)) * minuteSigma * 0.3);
      low[k] = Math.max(bar.low, Math.min(o, c) - Math.abs(gaussian(rand)) * minuteSigma * 0.3);
      const x = n > 1 ? k / (n - 1) : 0;
      const shape =
        this.listing.kind === "stock" ? 0.5 + 2 * Math.exp(-6 * x) + 1.2 * Math.exp(-6 * (1 - x)) : 1;
      weights[k] = shape * Math.exp(0.4 * gaussian(rand));
      totalWeight += weights[k] ?? 0;
    }
    return runningAggregates({
      index,
      times,
      open,
      high,
      low,
      close,
      volume: spread(bar.volume, weights, totalWeight),
      turnover: spread(bar.turnover, weights, totalWeight),
      noiseKey: mix3(this.key, Stream.Second, index),
      minuteSigma,
    });
  }
}

/**
 * The minutes at which the day reaches its high and its low. The day's path goes open → one extreme → the
 * other → close, and each leg gets time in proportion to the distance it covers (with some seeded play),
 * as a price that moves at a steady pace would: pinned at random minutes, a leg from the high to the low
 * could fall the day's whole range within a minute or two (a cliff no market draws).
 */
function extremeMinutes(bar: NumericBar, n: number, rand: () => number): [high: number, low: number] {
  if (n < 3) return [1, 1];
  const highFirst = rand() < 0.5;
  const [first, second] = highFirst ? [bar.high, bar.low] : [bar.low, bar.high];
  const distance = (from: number, to: number) => Math.abs(Math.log(to / from));
  const range = distance(bar.low, bar.high);
  // The time of a leg that covers no distance still gets a share, so the extremes are not at the edges.
  const slack = range * 0.15 + 1e-9;
  const weights = [distance(bar.open, first), distance(first, second), distance(second, bar.close)].map(
    (d) => (d + slack) * Math.exp(0.25 * gaussian(rand)),
  );
  const total = (weights[0] ?? 0) + (weights[1] ?? 0) + (weights[2] ?? 0);
  const firstAt = Math.min(n - 2, Math.max(1, Math.round((n * (weights[0] ?? 0)) / total)));
  const secondAt = Math.min(
    n - 1,
    Math.max(firstAt + 1, Math.round((n * ((weights[0] ?? 0) + (weights[1] ?? 0))) / total)),
  );
  return highFirst ? [firstAt, secondAt] : [secondAt, firstAt];
}

/** Fills points[from+1 … to] with a Brownian bridge from fromValue to toValue. */
function bridge(
  points: Float64Array,
  from: number,
  fromValue: number,
  to: number,
  toValue: number,
  sigma: number,
  rand: () => number,
): void {
  points[from] = fromValue;
  const len = to - from;
  if (len <= 0) return;
  const walk = new Float64Array(len + 1);
  for (let k = 1; k <= len; k++) walk[k] = (walk[k - 1] ?? 0) + sigma * gaussian(rand);
  const end = walk[len] ?? 0;
  for (let k = 1; k <= len; k++) {
    const f = k / len;
    points[from + k] = fromValue + (toValue - fromValue) * f + (walk[k] ?? 0) - end * f;
  }
}

/** Reflects a value into [low, high] (a bridge that overshoots bounces back instead of sticking). */
function fold(value: number, low: number, high: number): number {
  const range = high - low;
  if (range <= 0) return low;
  const y = (((value - low) % (2 * range)) + 2 * range) % (2 * range);
  return low + (y <= range ? y : 2 * range - y);
}

/** Splits an integer total over weights so that the integer parts sum exactly to the total. */
function spread(total: number, weights: Float64Array, totalWeight: number): Float64Array {
  const out = new Float64Array(weights.length);
  let cumulative = 0;
  let assigned = 0;
  for (let k = 0; k < weights.length; k++) {
    cumulative += weights[k] ?? 0;
    const upTo = k === weights.length - 1 ? total : Math.round((total * cumulative) / totalWeight);
    out[k] = upTo - assigned;
    assigned = upTo;
  }
  return out;
}
