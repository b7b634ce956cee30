import { scheduleOn, sessionDay, type CalendarRef, type SessionWindow } from "./calendar.js";
import { DAY_MS, MINUTE_MS, addMonths, type DayNum } from "./time.js";
import type { Candle, CandlePeriod } from "./types.js";

/**
 * Candle aggregation. Consecutive candles with the same bucket form one candle: open of the first, close
 * of the last, highest high, lowest low, summed volume and turnover; its time is the bucket's start.
 */
export function aggregateCandles(candles: readonly Candle[], bucketOf: (time: number) => number): Candle[] {
  const out: Candle[] = [];
  let current: Candle | undefined;
  let bucket = NaN;
  let turnover = new DecimalSum();
  const flush = () => {
    if (current) out.push({ ...current, turnover: turnover.toString() });
  };
  for (const c of candles) {
    const key = bucketOf(c.time);
    if (!current || key !== bucket) {
      flush();
      bucket = key;
      current = { ...c, time: key };
      turnover = new DecimalSum().add(c.turnover);
      continue;
    }
    if (Number(c.high) > Number(current.high)) current.high = c.high;
    if (Number(c.low) < Number(current.low)) current.low = c.low;
    current.close = c.close;
    current.volume += c.volume;
    turnover.add(c.turnover);
  }
  flush();
  return out;
}

/** An exact sum of plain decimal strings ("-12.5", "3"), kept as a scaled BigInt. */
export class DecimalSum {
  private units = 0n;
  private scale = 0;

  add(value: string): this {
    const negative = value.startsWith("-");
    const [int = "0", frac = ""] = (negative ? value.slice(1) : value).split(".");
    if (frac.length > this.scale) {
      this.units *= 10n ** BigInt(frac.length - this.scale);
      this.scale = frac.length;
    }
    const units = BigInt(int + frac.padEnd(this.scale, "0"));
    this.units += negative ? -units : units;
    return this;
  }

  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, "0");
    const text = this.scale === 0 ? digits : `${digits.slice(0, -this.scale)}.${digits.slice(-this.scale)}`;
    return negative ? `-${text}` : text;
  }
}

/** Minutes per candle of the intraday periods. */
export const INTRADAY_MINUTES: Partial<Record<CandlePeriod, number>> = {
  timeshare: 1,
  "1min": 1,
  "5min": 5,
  "15min": 15,
  "30min": 30,
};

/** Calendar span of the range periods. */
export const RANGE_MONTHS: Partial<Record<CandlePeriod, number>> = { "1M": 1, "3M": 3, "6M": 6, "1Y": 12 };

/**
 * Buckets of `minutes` minutes aligned to the start of each session (09:15, 09:20 … in Mumbai; Bursa's
 * afternoon restarts at 14:30). A bucket never spans two sessions; the last one of a session may be short.
 */
export function intradayBucket(ref: CalendarRef, minutes: number): (time: number) => number {
  const width = minutes * MINUTE_MS;
  let last: SessionWindow | undefined;
  return (time) => {
    const t = time * 1000;
    if (!last || t < last.open || t >= last.close) {
      last = scheduleOn(ref, sessionDay(ref, t)).sessions.find((s) => s.open <= t && t < s.close);
    }
    const start = last?.open ?? t - (t % width);
    return (start + Math.floor((t - start) / width) * width) / 1000;
  };
}

const dayOfTime = (time: number): DayNum => Math.floor((time * 1000) / DAY_MS);

/** Monday of the candle's week (daily candles carry 00:00 UTC of their trading date). */
export function weekBucket(time: number): number {
  const day = dayOfTime(time);
  const weekday = (((day + 4) % 7) + 7) % 7;
  return (day - ((weekday + 6) % 7)) * 86_400;
}

/** First day of the candle's calendar month. */
export function monthBucket(time: number): number {
  const date = new Date(time * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

export function aggregateIntraday(candles: readonly Candle[], ref: CalendarRef, minutes: number): Candle[] {
  return minutes === 1 ? [...candles] : aggregateCandles(candles, intradayBucket(ref, minutes));
}

export const toWeekly = (daily: readonly Candle[]): Candle[] => aggregateCandles(daily, weekBucket);
export const toMonthly = (daily: readonly Candle[]): Candle[] => aggregateCandles(daily, monthBucket);

/** The first trading date (as a day) included in a range period ending on `day`. */
export function rangeStart(period: CandlePeriod, day: DayNum): DayNum | undefined {
  const months = RANGE_MONTHS[period];
  return months === undefined ? undefined : addMonths(day, -months) + 1;
}

/** Keeps the last `limit` candles, or those at/after `from` (epoch seconds). */
export function takeWindow(candles: Candle[], limit: number, from?: number): Candle[] {
  if (from !== undefined) return candles.filter((c) => c.time >= from);
  return candles.length > limit ? candles.slice(candles.length - limit) : candles;
}

/**
 * At most `points` of `items`, picked evenly by position, the first and the last always among them: the
 * outline of a series for a small chart, without sending every candle.
 */
export function pickEvenly<T>(items: readonly T[], points: number): T[] {
  if (items.length <= points) return [...items];
  if (points < 2) return items.slice(-1);
  const step = (items.length - 1) / (points - 1);
  return Array.from({ length: points }, (_, i) => items[Math.round(i * step)] as T);
}
