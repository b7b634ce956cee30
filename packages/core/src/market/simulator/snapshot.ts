import { scheduleOn, sessionDay } from "../calendar.js";
import { mix, normal } from "../random.js";
import { formatScaled, roundToTick } from "../ticks.js";
import { MINUTE_MS } from "../time.js";
import type { Candle, MarketStatus } from "../types.js";
import type { DayPath, NumericBar, PriceSeries } from "./model.js";

/** Where an instant falls for one series: which trading day, and how much of it has happened. */
export interface DayState {
  index: number;
  status: MarketStatus;
  /** The whole day has happened (its daily bar applies). */
  full: boolean;
  /** Minutes fully elapsed, when not full. */
  completed: number;
  /** Seconds into the minute `completed`, while trading. */
  seconds: number | null;
  /** The instant the prices are as of (epoch ms). */
  asOf: number;
}

export function dayState(series: PriceSeries, t: number): DayState | undefined {
  const day = sessionDay(series.calendar, t);
  const index = series.days.indexOnOrBefore(day);
  const full = (i: number): DayState | undefined => {
    if (i < series.firstIndex) return undefined;
    const sessions = scheduleOn(series.calendar, series.days.dayAt(i)).sessions;
    const asOf = sessions[sessions.length - 1]?.close ?? t;
    return { index: i, status: "closed", full: true, completed: 0, seconds: null, asOf };
  };
  if (index < series.firstIndex || series.days.dayAt(index) !== day) return full(index);
  const schedule = scheduleOn(series.calendar, day);
  const first = schedule.sessions[0]?.open ?? t;
  const last = schedule.sessions[schedule.sessions.length - 1]?.close ?? t;
  if (t < first) return full(index - 1);
  if (t >= last) return full(index);
  const minutes = schedule.minutes;
  let lo = 0;
  let hi = minutes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((minutes[mid] ?? 0) <= t) lo = mid;
    else hi = mid - 1;
  }
  const start = minutes[lo] ?? t;
  if (t < start + MINUTE_MS) {
    const seconds = Math.floor((t - start) / 1000);
    // The price moves once a second, so it is as of the start of its second: every instant of that
    // second sees the same quote (which is what lets the simulator keep one quote per symbol a second).
    return { index, status: "open", full: false, completed: lo, seconds, asOf: start + seconds * 1000 };
  }
  return { index, status: "break", full: false, completed: lo + 1, seconds: null, asOf: start + MINUTE_MS };
}

/** The part of minute k up to `seconds`: a seeded wiggle from the minute's open towards its close. */
export function partialMinute(path: DayPath, k: number, seconds: number): NumericBar {
  const o = path.open[k] ?? 0;
  const c = path.close[k] ?? 0;
  const h = path.high[k] ?? o;
  const l = path.low[k] ?? o;
  let price = o;
  let high = o;
  let low = o;
  for (let j = 1; j <= seconds; j++) {
    const noise =
      path.minuteSigma * 0.5 * (Math.sqrt(j * (60 - j)) / 60) * normal(mix(path.noiseKey, k * 60 + j));
    price = Math.min(h, Math.max(l, o + ((c - o) * j) / 60 + noise));
    high = Math.max(high, price);
    low = Math.min(low, price);
  }
  const share = seconds / 60;
  return {
    open: o,
    high,
    low,
    close: price,
    volume: Math.floor((path.volume[k] ?? 0) * share),
    turnover: Math.floor((path.turnover[k] ?? 0) * share),
  };
}

/** The day's bar so far. */
export function barSoFar(series: PriceSeries, state: DayState): NumericBar {
  if (state.full) return series.dailyBar(state.index);
  const path = series.dayPath(state.index);
  const done = state.completed - 1;
  const bar: NumericBar =
    done >= 0
      ? {
          open: path.open[0] ?? 0,
          high: path.runHigh[done] ?? 0,
          low: path.runLow[done] ?? 0,
          close: path.close[done] ?? 0,
          volume: path.runVolume[done] ?? 0,
          turnover: path.runTurnover[done] ?? 0,
        }
      : { open: path.open[0] ?? 0, high: -Infinity, low: Infinity, close: 0, volume: 0, turnover: 0 };
  if (state.seconds !== null) {
    const part = partialMinute(path, state.completed, state.seconds);
    bar.high = Math.max(bar.high, part.high);
    bar.low = Math.min(bar.low, part.low);
    bar.close = part.close;
    bar.volume += part.volume;
    bar.turnover += part.turnover;
  }
  return bar;
}

/** Renders a numeric bar as a candle: prices on the tick grid, turnover in currency units. */
export function toCandle(series: PriceSeries, time: number, bar: NumericBar): Candle {
  const price = (x: number) => roundToTick(series.ticks, series.priceDecimals, x);
  return {
    time,
    open: price(bar.open),
    high: price(bar.high),
    low: price(bar.low),
    close: price(bar.close),
    volume: Math.round(bar.volume),
    turnover: formatScaled(Math.round(bar.turnover), series.turnoverScale),
  };
}

/** The minute candles of a day up to a state (all of them for a full day), the live minute partial. */
export function minuteCandles(series: PriceSeries, index: number, state?: DayState): Candle[] {
  const path = series.dayPath(index);
  const live = state && !state.full && state.index === index ? state : undefined;
  const count = live ? live.completed : path.times.length;
  const out: Candle[] = [];
  for (let k = 0; k < count; k++) {
    out.push(
      toCandle(series, (path.times[k] ?? 0) / 1000, {
        open: path.open[k] ?? 0,
        high: path.high[k] ?? 0,
        low: path.low[k] ?? 0,
        close: path.close[k] ?? 0,
        volume: path.volume[k] ?? 0,
        turnover: path.turnover[k] ?? 0,
      }),
    );
  }
  if (live && live.seconds !== null) {
    out.push(
      toCandle(
        series,
        (path.times[live.completed] ?? 0) / 1000,
        partialMinute(path, live.completed, live.seconds),
      ),
    );
  }
  return out;
}
