import { adjustCandles } from "../adjustment.js";
import { sessionDay } from "../calendar.js";
import {
  INTRADAY_MINUTES,
  aggregateIntraday,
  rangeStart,
  takeWindow,
  toMonthly,
  toWeekly,
} from "../candles.js";
import { DAY_MS, addMonths, toMillis, type DayNum } from "../time.js";
import {
  DEFAULT_CANDLE_LIMIT,
  MAX_CANDLES,
  type Candle,
  type CandleOptions,
  type CandlePeriod,
} from "../types.js";
import type { PriceSeries } from "./model.js";
import { barSoFar, dayState, minuteCandles, toCandle, type DayState } from "./snapshot.js";

const dailyTime = (day: DayNum) => (day * DAY_MS) / 1000;

/** Candles of a series for any chart period of spec §9, ending at `options.at`. */
export function seriesCandles(series: PriceSeries, period: CandlePeriod, options: CandleOptions): Candle[] {
  const t = toMillis(options.at);
  const state = dayState(series, t);
  if (!state) return [];
  const limit = Math.min(Math.max(1, options.limit ?? DEFAULT_CANDLE_LIMIT), MAX_CANDLES);
  const from = options.from === undefined ? undefined : toMillis(options.from);
  const mode = options.adjust ?? "none";
  const events = series.adjustmentEvents();
  const minutes = INTRADAY_MINUTES[period];
  if (minutes !== undefined) {
    const dayOf = (time: number) => sessionDay(series.calendar, time * 1000);
    const adjust = (candles: Candle[]) => adjustCandles(candles, events, mode, series.priceDecimals, dayOf);
    if (period === "timeshare") return adjust(minuteCandles(series, state.index, state));
    return intraday(series, state, minutes, limit, from, adjust);
  }
  const today = sessionDay(series.calendar, t);
  const startDay =
    from !== undefined
      ? sessionDay(series.calendar, from)
      : (rangeStart(period, today) ??
        (period === "week"
          ? today - (limit + 1) * 7
          : period === "month"
            ? addMonths(today, -(limit + 1))
            : series.days.dayAt(Math.max(series.firstIndex, state.index - limit + 1))));
  const daily = adjustCandles(dailyCandles(series, state, startDay), events, mode, series.priceDecimals);
  if (period === "week") return takeWindow(toWeekly(daily), limit);
  if (period === "month") return takeWindow(toMonthly(daily), limit);
  if (period === "day" && from === undefined) return takeWindow(daily, limit);
  return daily.slice(-MAX_CANDLES);
}

/** Daily candles from `startDay` through the state's day (partial while it trades). */
function dailyCandles(series: PriceSeries, state: DayState, startDay: DayNum): Candle[] {
  const first = Math.max(series.firstIndex, series.days.indexOnOrBefore(startDay - 1) + 1);
  const out: Candle[] = [];
  for (let i = first; i <= state.index; i++) {
    const bar = i === state.index ? barSoFar(series, state) : series.dailyBar(i);
    out.push(toCandle(series, dailyTime(series.days.dayAt(i)), bar));
  }
  return out;
}

/** N-minute candles, walking back day by day (buckets never span days) until the window is filled. */
function intraday(
  series: PriceSeries,
  state: DayState,
  minutes: number,
  limit: number,
  from: number | undefined,
  adjust: (candles: Candle[]) => Candle[],
): Candle[] {
  const fromSeconds = from === undefined ? undefined : from / 1000;
  const days: Candle[][] = [];
  let count = 0;
  for (let i = state.index; i >= series.firstIndex; i--) {
    const candles = aggregateIntraday(adjust(minuteCandles(series, i, state)), series.calendar, minutes);
    days.push(candles);
    count += candles.length;
    const firstTime = candles[0]?.time ?? Infinity;
    if (fromSeconds === undefined ? count >= limit : firstTime <= fromSeconds || count >= MAX_CANDLES) break;
  }
  const all = days.reverse().flat();
  return fromSeconds === undefined
    ? takeWindow(all, limit)
    : takeWindow(all, MAX_CANDLES, fromSeconds).slice(-MAX_CANDLES);
}
