import { adjustCandles, adjustmentEvents, type AdjustmentEvent, type CorporateAction } from "./adjustment.js";
import { calendarOf, isOpen, scheduleOn, sessionDay } from "./calendar.js";
import {
  INTRADAY_MINUTES,
  aggregateCandles,
  aggregateIntraday,
  rangeStart,
  takeWindow,
  toMonthly,
  toWeekly,
} from "./candles.js";
import type { CsvCandleRow } from "./csv.js";
import { EXCHANGES, type CalendarSpec, type ExchangeCode } from "./exchanges.js";
import { INSTRUMENTS } from "./instruments/index.js";
import { FOREX_QUANTITY_RULE, cryptoQuantityRule, stockQuantityRule } from "./lots.js";
import { listingDetails, makeQuote } from "./quote-shape.js";
import { DAY_MS, isoFromDayNum, toMillis, type DayNum, type Instant } from "./time.js";
import {
  DEFAULT_CANDLE_LIMIT,
  MAX_CANDLES,
  type Candle,
  type CandleOptions,
  type CandlePeriod,
  type Instrument,
  type Listing,
  type MarketDataProvider,
  type MarketIndex,
  type Quote,
} from "./types.js";

export interface ReplayOptions {
  /** Metadata for the recorded symbols (default: the built-in catalogue). */
  instruments?: readonly Instrument[];
  /** Where symbols without metadata trade (default CRYPTO: UTC days, 24/7). */
  defaultExchange?: ExchangeCode;
  /** Replays the recording shifted: a request at t reads the recording at t − shiftMs (use whole days). */
  shiftMs?: number;
  corporateActions?: readonly CorporateAction[];
}

interface Recording {
  listing: Instrument;
  calendar: CalendarSpec;
  candles: Candle[];
  /** All candles fall on 00:00 UTC: the recording is daily. */
  daily: boolean;
  /** Full days, aggregated once. */
  days: Candle[];
  events: AdjustmentEvent[];
}

const DAY_S = DAY_MS / 1000;

function minimalInstrument(symbol: string, exchange: ExchangeCode): Instrument {
  const spec = EXCHANGES[exchange];
  const kind = exchange === "CRYPTO" ? "crypto" : exchange === "FX" ? "forex" : "stock";
  const names = { en: symbol, ko: symbol, zh: symbol, zhTW: symbol, hi: symbol, local: symbol };
  return {
    symbol,
    code: symbol,
    kind,
    name: symbol,
    names,
    exchange,
    market: spec.market,
    currency: spec.currency,
    industry: null,
    sharesOutstanding: null,
    board: "listed",
    ...(kind === "crypto"
      ? cryptoQuantityRule(symbol.replace(/USDT?$/, ""))
      : kind === "forex"
        ? FOREX_QUANTITY_RULE
        : stockQuantityRule(spec.market)),
    ticks: spec.ticks,
    priceDecimals: spec.priceDecimals,
    priceBand: spec.priceBand,
    basePrice: 0,
    volatility: 0,
    drift: 0,
    averageDailyVolume: 0,
    foreignOwnership: null,
  };
}

/** Serves quotes and candles from recorded CSV candles (checked by candlesFromRecords). Not simulated. */
export class ReplayProvider implements MarketDataProvider {
  readonly id = "replay";
  readonly simulated = false;
  private readonly recordings = new Map<string, Recording>();
  private readonly shift: number;

  constructor(rows: readonly CsvCandleRow[], options: ReplayOptions = {}) {
    this.shift = options.shiftMs ?? 0;
    const catalogue = new Map((options.instruments ?? INSTRUMENTS).map((i) => [i.symbol, i]));
    const bySymbol = new Map<string, Candle[]>();
    for (const { symbol, ...candle } of rows) {
      const list = bySymbol.get(symbol) ?? [];
      list.push(candle);
      bySymbol.set(symbol, list);
    }
    for (const [symbol, candles] of bySymbol) {
      candles.sort((a, b) => a.time - b.time);
      const listing = catalogue.get(symbol) ?? minimalInstrument(symbol, options.defaultExchange ?? "CRYPTO");
      const calendar = calendarOf(listing.exchange);
      const daily = candles.every((c) => c.time % DAY_S === 0);
      const recording: Recording = { listing, calendar, candles, daily, days: [], events: [] };
      recording.days = aggregateCandles(candles, (t) => this.dayOf(recording, t) * DAY_S);
      const actions = (options.corporateActions ?? []).filter((a) => a.symbol === symbol);
      recording.events = adjustmentEvents(actions, (exDay) => {
        const before = recording.days.filter((d) => d.time < exDay * DAY_S).at(-1);
        return before && Number(before.close);
      });
      this.recordings.set(symbol, recording);
    }
  }

  instruments(): readonly Instrument[] {
    return [...this.recordings.values()].map((r) => r.listing);
  }

  indices(): readonly MarketIndex[] {
    return [];
  }

  listing(symbol: string): Listing | undefined {
    return this.recordings.get(symbol)?.listing;
  }

  private dayOf(recording: Recording, time: number): DayNum {
    return recording.daily ? Math.floor(time / DAY_S) : sessionDay(recording.calendar, time * 1000);
  }

  /** Candles at or before the recording time, and the daily candles with the last day partial. */
  private visible(recording: Recording, at: number): { candles: Candle[]; days: Candle[] } {
    const t = (at - this.shift) / 1000;
    let lo = 0;
    let hi = recording.candles.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((recording.candles[mid]?.time ?? 0) <= t) lo = mid + 1;
      else hi = mid;
    }
    const candles = recording.candles.slice(0, lo);
    const last = candles[candles.length - 1];
    if (!last) return { candles, days: [] };
    const lastDay = this.dayOf(recording, last.time) * DAY_S;
    const fullDays = recording.days.filter((d) => d.time < lastDay);
    const today = candles.filter((c) => this.dayOf(recording, c.time) * DAY_S === lastDay);
    return { candles, days: [...fullDays, ...aggregateCandles(today, () => lastDay)] };
  }

  quote(symbol: string, at: Instant): Quote | undefined {
    const recording = this.recordings.get(symbol);
    if (!recording) return undefined;
    const t = toMillis(at);
    const { candles, days } = this.visible(recording, t);
    const today = days[days.length - 1];
    const last = candles[candles.length - 1];
    if (!today || !last) return undefined;
    const prevClose = days[days.length - 2]?.close ?? today.open;
    const year = days.filter((d) => d.time > today.time - 365 * DAY_S);
    const extreme = (pick: (c: Candle) => string, better: (a: number, b: number) => boolean) =>
      year.reduce((best, c) => (better(Number(pick(c)), Number(best)) ? pick(c) : best), pick(today));
    const day = today.time / DAY_S;
    const closeOfDay = scheduleOn(recording.calendar, day).sessions.at(-1)?.close ?? t - this.shift;
    const asOf = (recording.daily ? Math.min(t - this.shift, closeOfDay) : last.time * 1000) + this.shift;
    const fields = {
      close: today.close,
      prevClose,
      open: today.open,
      high: today.high,
      low: today.low,
      volume: today.volume,
      turnover: today.turnover,
      week52High: extreme(
        (c) => c.high,
        (a, b) => a > b,
      ),
      week52Low: extreme(
        (c) => c.low,
        (a, b) => a < b,
      ),
      asOf,
      tradingDay: isoFromDayNum(day),
      status: isOpen(recording.calendar, t - this.shift) ? ("open" as const) : ("closed" as const),
    };
    return makeQuote(recording.listing, fields, listingDetails(recording.listing, prevClose), false);
  }

  candles(symbol: string, period: CandlePeriod, options: CandleOptions): Candle[] | undefined {
    const recording = this.recordings.get(symbol);
    if (!recording) return undefined;
    const limit = Math.min(Math.max(1, options.limit ?? DEFAULT_CANDLE_LIMIT), MAX_CANDLES);
    const from = options.from === undefined ? undefined : (toMillis(options.from) - this.shift) / 1000;
    const { candles, days } = this.visible(recording, toMillis(options.at));
    const mode = options.adjust ?? "none";
    const decimals = recording.listing.priceDecimals;
    const shifted = (list: Candle[]) =>
      this.shift === 0 ? list : list.map((c) => ({ ...c, time: c.time + this.shift / 1000 }));
    const minutes = INTRADAY_MINUTES[period];
    if (minutes !== undefined) {
      if (recording.daily) return [];
      const dayOf = (time: number) => this.dayOf(recording, time);
      const adjusted = adjustCandles(candles, recording.events, mode, decimals, dayOf);
      if (period === "timeshare") {
        const lastDay = dayOf(adjusted[adjusted.length - 1]?.time ?? 0);
        return shifted(adjusted.filter((c) => dayOf(c.time) === lastDay));
      }
      return shifted(takeWindow(aggregateIntraday(adjusted, recording.calendar, minutes), limit, from));
    }
    const daily = adjustCandles(days, recording.events, mode, decimals);
    const lastDay = (daily[daily.length - 1]?.time ?? 0) / DAY_S;
    const start = rangeStart(period, lastDay);
    if (start !== undefined) return shifted(daily.filter((d) => d.time >= start * DAY_S));
    const grouped = period === "week" ? toWeekly(daily) : period === "month" ? toMonthly(daily) : daily;
    return shifted(takeWindow(grouped, limit, from));
  }
}
