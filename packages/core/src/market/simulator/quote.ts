import { mix3, normal, uniform } from "../random.js";
import { listingDetails, makeQuote } from "../quote-shape.js";
import { formatFixed, formatScaled, roundToTick } from "../ticks.js";
import { isoFromDayNum } from "../time.js";
import type { InvestorTrends, Quote, QuoteDetails } from "../types.js";
import type { LruCache } from "./lru.js";
import type { PriceSeries } from "./model.js";
import { barSoFar, dayState } from "./snapshot.js";

/** Per symbol and trading day: everything of a quote that does not change during the day. */
export interface DayStatics {
  day: number;
  tradingDay: string;
  prevClose: string;
  /** Range of the full days in the 52 weeks before the day. */
  high52: number;
  low52: number;
  details: QuoteDetails;
}

const enum DetailStream {
  Foreign = 101,
  ShortVolume,
  ShortInterest,
  ForeignFlow,
  InstitutionFlow,
}

function dayStatics(series: PriceSeries, index: number, cache: LruCache<string, DayStatics>): DayStatics {
  return cache.getOrCreate(`${series.listing.symbol}|${index}`, () => {
    const day = series.days.dayAt(index);
    let high = -Infinity;
    let low = Infinity;
    for (let j = index - 1; j >= series.firstIndex && series.days.dayAt(j) > day - 365; j--) {
      const bar = series.dailyBar(j);
      if (bar.high > high) high = bar.high;
      if (bar.low < low) low = bar.low;
    }
    const prevClose = roundToTick(series.ticks, series.priceDecimals, series.reference(index));
    return {
      day,
      tradingDay: isoFromDayNum(day),
      prevClose,
      high52: high,
      low52: low,
      details: dayDetails(series, day, prevClose),
    };
  });
}

/** A quote at an instant: live while trading, the last close otherwise. */
export function buildQuote(
  series: PriceSeries,
  t: number,
  statics: LruCache<string, DayStatics>,
  simulated: boolean,
): Quote | undefined {
  const state = dayState(series, t);
  if (!state) return undefined;
  const bar = barSoFar(series, state);
  const day = dayStatics(series, state.index, statics);
  const price = (x: number) => roundToTick(series.ticks, series.priceDecimals, x);
  const volume = Math.round(bar.volume);
  const fields = {
    close: price(bar.close),
    prevClose: day.prevClose,
    open: price(bar.open),
    high: price(bar.high),
    low: price(bar.low),
    volume,
    turnover: formatScaled(Math.round(bar.turnover), series.turnoverScale),
    week52High: price(Math.max(day.high52, bar.high)),
    week52Low: price(Math.min(day.low52, bar.low)),
    asOf: state.asOf,
    tradingDay: day.tradingDay,
    status: state.status,
  };
  return makeQuote(series.listing, fields, withVolume(series, day, volume), simulated);
}

function dayDetails(series: PriceSeries, day: number, prevClose: string): QuoteDetails {
  const listing = series.listing;
  const base = listingDetails(listing, prevClose);
  if (listing.kind === "index") return base;
  const draw = (stream: DetailStream, n: number) => uniform(mix3(series.key, stream, n));
  const foreign = listing.foreignOwnership;
  return {
    ...base,
    foreignOwnership:
      foreign === null
        ? null
        : formatFixed(foreign * 100 * (0.98 + 0.04 * draw(DetailStream.Foreign, day)), 2),
    shortInterestRatio:
      listing.kind === "stock"
        ? formatFixed(0.3 + 3.5 * draw(DetailStream.ShortInterest, day >> 3), 2)
        : null,
  };
}

/** Short volume and investor trends scale with the day's volume so far. */
function withVolume(series: PriceSeries, day: DayStatics, volume: number): QuoteDetails {
  if (series.listing.kind !== "stock") return day.details;
  const key = series.key;
  return {
    ...day.details,
    shortVolume: Math.round(volume * (0.02 + 0.06 * uniform(mix3(key, DetailStream.ShortVolume, day.day)))),
    investorTrends: trends(key, day.day, volume),
  };
}

function trends(key: number, day: number, volume: number): InvestorTrends {
  const foreign = Math.round(volume * 0.12 * normal(mix3(key, DetailStream.ForeignFlow, day)));
  const institutional = Math.round(volume * 0.1 * normal(mix3(key, DetailStream.InstitutionFlow, day)));
  return { individual: 0 - (foreign + institutional), foreign, institutional };
}
