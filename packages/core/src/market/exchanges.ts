import { FOREX, INDIA, KOREA, MALAYSIA, THAILAND, UNITED_STATES } from "./calendars/index.js";
import {
  session,
  type MarketCalendar,
  type SessionEra,
  type SessionSpec,
  type SpecialDay,
} from "./sessions.js";
import { fixedTick, type TickTable } from "./ticks.js";

export type MarketCode = "IN" | "US" | "KR" | "MY" | "TH" | "CRYPTO" | "FX";
export type ExchangeCode =
  "NSE" | "BSE" | "NYSE" | "NASDAQ" | "KRX" | "KOSDAQ" | "BURSA" | "SET" | "CRYPTO" | "FX";

export type { MarketCalendar, SessionEra, SessionSpec, SpecialDay, SpecialDayKind } from "./sessions.js";

/** The trading calendar of a market; exchanges of one market share it (NSE/BSE, NYSE/NASDAQ, KRX/KOSDAQ). */
export interface CalendarSpec {
  id: MarketCode;
  timeZone: string;
  /** The regular sessions in force today. */
  sessions: readonly SessionSpec[];
  /** Regular sessions of earlier periods, in date order; a day before an era's `before` date uses it. */
  earlierSessions: readonly SessionEra[];
  /** Weekdays without trading, 0 = Sunday. */
  weekend: readonly number[];
  holidays: readonly string[];
  /** Days with their own sessions (early closes, late opens, half days, special sessions), by ISO date. */
  specialDays: Readonly<Record<string, SpecialDay>>;
  /** For annualising volatility and drift. */
  tradingDaysPerYear: number;
}

export interface MarketSpec {
  code: MarketCode;
  name: string;
  currency: string;
  calendar: CalendarSpec;
}

export interface ExchangeSpec {
  code: ExchangeCode;
  name: string;
  market: MarketCode;
  currency: string;
  calendar: CalendarSpec;
  /** Limit orders must lie within ±priceBand (a fraction) of the previous close. */
  priceBand: string;
  ticks: TickTable;
  priceDecimals: number;
}

const SAT_SUN = [0, 6];

function calendar(
  id: MarketCode,
  timeZone: string,
  table: MarketCalendar,
  weekend: readonly number[] = SAT_SUN,
  perYear = 250,
): CalendarSpec {
  return { id, timeZone, ...table, weekend, tradingDaysPerYear: perYear };
}

/** Crypto trades every minute of every day. */
const ALWAYS: MarketCalendar = {
  sessions: [session("00:00", "24:00")],
  earlierSessions: [],
  holidays: [],
  specialDays: {},
};

export const CALENDARS: Readonly<Record<MarketCode, CalendarSpec>> = {
  IN: calendar("IN", "Asia/Kolkata", INDIA),
  US: calendar("US", "America/New_York", UNITED_STATES),
  KR: calendar("KR", "Asia/Seoul", KOREA),
  MY: calendar("MY", "Asia/Kuala_Lumpur", MALAYSIA),
  TH: calendar("TH", "Asia/Bangkok", THAILAND),
  CRYPTO: calendar("CRYPTO", "UTC", ALWAYS, [], 365),
  FX: calendar("FX", "America/New_York", FOREX, SAT_SUN, 260),
};

export const MARKETS: Readonly<Record<MarketCode, MarketSpec>> = {
  IN: { code: "IN", name: "India", currency: "INR", calendar: CALENDARS.IN },
  US: { code: "US", name: "United States", currency: "USD", calendar: CALENDARS.US },
  KR: { code: "KR", name: "Korea", currency: "KRW", calendar: CALENDARS.KR },
  MY: { code: "MY", name: "Malaysia", currency: "MYR", calendar: CALENDARS.MY },
  TH: { code: "TH", name: "Thailand", currency: "THB", calendar: CALENDARS.TH },
  CRYPTO: { code: "CRYPTO", name: "Crypto", currency: "USD", calendar: CALENDARS.CRYPTO },
  FX: { code: "FX", name: "Forex", currency: "USD", calendar: CALENDARS.FX },
};

/** NSE tick sizes from 2025 (price-dependent). */
const INDIA_TICKS: TickTable = [
  { below: 250, tick: "0.01" },
  { below: 1000, tick: "0.05" },
  { below: 5000, tick: "0.10" },
  { below: 10000, tick: "0.50" },
  { below: 20000, tick: "1.00" },
  { below: null, tick: "5.00" },
];
/** US: one cent, and 1/100 cent below one dollar (Reg NMS rule 612). */
const US_TICKS: TickTable = [
  { below: 1, tick: "0.0001" },
  { below: null, tick: "0.01" },
];
/** KRX and KOSDAQ unified tick table (2023). */
const KOREA_TICKS: TickTable = [
  { below: 2000, tick: "1" },
  { below: 5000, tick: "5" },
  { below: 20000, tick: "10" },
  { below: 50000, tick: "50" },
  { below: 200000, tick: "100" },
  { below: 500000, tick: "500" },
  { below: null, tick: "1000" },
];
const BURSA_TICKS: TickTable = [
  { below: 1, tick: "0.005" },
  { below: 10, tick: "0.01" },
  { below: 100, tick: "0.02" },
  { below: null, tick: "0.10" },
];
const SET_TICKS: TickTable = [
  { below: 2, tick: "0.01" },
  { below: 5, tick: "0.02" },
  { below: 10, tick: "0.05" },
  { below: 25, tick: "0.10" },
  { below: 100, tick: "0.25" },
  { below: 200, tick: "0.50" },
  { below: 400, tick: "1.00" },
  { below: null, tick: "2.00" },
];

function exchange(
  code: ExchangeCode,
  name: string,
  market: MarketCode,
  priceBand: string,
  ticks: TickTable,
  priceDecimals: number,
): ExchangeSpec {
  const spec = MARKETS[market];
  return {
    code,
    name,
    market,
    currency: spec.currency,
    calendar: spec.calendar,
    priceBand,
    ticks,
    priceDecimals,
  };
}

export const EXCHANGES: Readonly<Record<ExchangeCode, ExchangeSpec>> = {
  NSE: exchange("NSE", "National Stock Exchange of India", "IN", "0.20", INDIA_TICKS, 2),
  BSE: exchange("BSE", "BSE", "IN", "0.20", INDIA_TICKS, 2),
  NYSE: exchange("NYSE", "New York Stock Exchange", "US", "0.10", US_TICKS, 2),
  NASDAQ: exchange("NASDAQ", "Nasdaq", "US", "0.10", US_TICKS, 2),
  KRX: exchange("KRX", "Korea Exchange (KOSPI)", "KR", "0.30", KOREA_TICKS, 0),
  KOSDAQ: exchange("KOSDAQ", "KOSDAQ", "KR", "0.30", KOREA_TICKS, 0),
  BURSA: exchange("BURSA", "Bursa Malaysia", "MY", "0.30", BURSA_TICKS, 3),
  SET: exchange("SET", "Stock Exchange of Thailand", "TH", "0.30", SET_TICKS, 2),
  // Crypto and forex instruments carry their own tick sizes; these are defaults.
  CRYPTO: exchange("CRYPTO", "Crypto (24/7)", "CRYPTO", "0.20", fixedTick("0.01"), 2),
  FX: exchange("FX", "Spot forex (24/5)", "FX", "0.05", fixedTick("0.00001"), 5),
};

export const EXCHANGE_CODES = Object.keys(EXCHANGES) as ExchangeCode[];
export const MARKET_CODES = Object.keys(MARKETS) as MarketCode[];

export function exchangeSpec(code: string): ExchangeSpec | undefined {
  return (EXCHANGES as Record<string, ExchangeSpec>)[code];
}

/**
 * Exchanges that set a daily price limit on a share (its limit up and limit down from the previous
 * close), as quotes show them. The limit-order band above (`priceBand`) is the platform's own check on
 * every exchange; these are the exchanges' rules:
 * - NSE and BSE: price bands (circuit filters) of 2, 5, 10 or 20% set per security by the exchanges
 *   under SEBI's price-band framework.
 * - KRX and KOSDAQ: ±30% of the base price (generally the previous close) since 15 June 2015 (KRX, "Daily
 *   Price Limits", global.krx.co.kr, read 2026-12-02).
 * - Bursa Malaysia: static price limits of ±30% of the reference price (±30 sen below RM1.00) for a
 *   trading day (Bursa Malaysia Annual Report 2015, "Price limits mechanism"; reinstated in full on
 *   31 May 2021 after the 2020 temporary revision, SC and Bursa joint statement of 10 May 2021).
 * - SET: ceiling and floor of ±30% of the previous close (SET trading rules).
 * Not the US (Limit Up-Limit Down under the Regulation NMS plan of 2013 sets moving five-minute bands and
 * pauses, not a daily limit), nor crypto or spot forex, which have none.
 */
export const DAILY_PRICE_LIMIT: ReadonlySet<ExchangeCode> = new Set<ExchangeCode>([
  "NSE",
  "BSE",
  "KRX",
  "KOSDAQ",
  "BURSA",
  "SET",
]);
