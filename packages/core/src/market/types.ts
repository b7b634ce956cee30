import type { ExchangeCode, MarketCode } from "./exchanges.js";
import type { TickTable } from "./ticks.js";
import type { Instant } from "./time.js";

export interface LocalizedNames {
  en: string;
  ko: string;
  /** Simplified Chinese (zh-CN). */
  zh: string;
  /** Traditional Chinese as used in Taiwan and Hong Kong (zh-TW): 輝達, not a conversion of 英伟达. */
  zhTW: string;
  hi: string;
  /** The name in the market's own language (Hindi for India, Thai for Thailand …). */
  local: string;
}

export type Board = "listed" | "otc" | "subscription" | "auction";
export type InstrumentKind = "stock" | "crypto" | "forex";

export interface Instrument {
  /** Unique key across all markets; equals `code`. */
  symbol: string;
  code: string;
  kind: InstrumentKind;
  name: string;
  names: LocalizedNames;
  exchange: ExchangeCode;
  market: MarketCode;
  /** The currency prices are quoted and settled in. */
  currency: string;
  industry: string | null;
  /** Shares outstanding (circulating supply for crypto); null for forex. */
  sharesOutstanding: number | null;
  board: Board;
  /** The board lot in shares (100 in Malaysia and Thailand), 1 unit for crypto and forex (market/lots.ts). */
  lotSize: number;
  /** What a limit order's quantity is a multiple of: the board lot, or a fraction of a coin (decimal string). */
  quantityStep: string;
  /** What a market order's quantity is a multiple of: a fraction of a share for US shares, else `quantityStep`. */
  marketQuantityStep: string;
  ticks: TickTable;
  priceDecimals: number;
  /** Limit-order band around the previous close, a fraction ("0.3"). */
  priceBand: string;
  /** Simulation parameters: price level around mid-2025, annual volatility and drift (fractions). */
  basePrice: number;
  volatility: number;
  drift: number;
  /** Typical shares (units) traded per day. */
  averageDailyVolume: number;
  /** Foreign ownership as a fraction, for stocks. */
  foreignOwnership: number | null;
}

export interface MarketIndex {
  symbol: string;
  code: string;
  kind: "index";
  name: string;
  names: LocalizedNames;
  exchange: ExchangeCode;
  market: MarketCode;
  currency: string;
  /** Level on the pivot date; the divisor is chosen so the index starts there. */
  baseLevel: number;
  constituents: readonly string[];
}

export type Listing = Instrument | MarketIndex;

/** Epoch seconds: the minute's start for intraday candles, 00:00 UTC of the trading date for daily and longer. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  turnover: string;
}

/**
 * Chart periods of spec §9. `timeshare` is the current (or last) session's minute candles; the ranges
 * `1M`…`1Y` are daily candles over that span ending at the requested instant.
 */
export type CandlePeriod =
  "timeshare" | "1min" | "5min" | "15min" | "30min" | "day" | "week" | "month" | "1M" | "3M" | "6M" | "1Y";

export const CANDLE_PERIODS: readonly CandlePeriod[] = [
  "timeshare",
  "1min",
  "5min",
  "15min",
  "30min",
  "day",
  "week",
  "month",
  "1M",
  "3M",
  "6M",
  "1Y",
];

export type PriceAdjustment = "none" | "forward" | "backward";

export interface CandleOptions {
  /** The "now" of the request: no candle after it; the candle containing it is partial. */
  at: Instant;
  /** How many candles, counting back from `at` (default 100, spec §9); ignored for timeshare and ranges. */
  limit?: number;
  /** Instead of `limit`: every candle from this instant on (capped at MAX_CANDLES). */
  from?: Instant;
  adjust?: PriceAdjustment;
}

export const DEFAULT_CANDLE_LIMIT = 100;
export const MAX_CANDLES = 20_000;

export interface InvestorTrends {
  /** Net shares bought (+) or sold (−) by each investor group on the trading day; they sum to zero. */
  individual: number;
  foreign: number;
  institutional: number;
}

export interface QuoteDetails {
  ko_name: string;
  names: LocalizedNames;
  kind: InstrumentKind | "index";
  /** The exchange's IANA time zone: charts show intraday times as the exchange's wall clock. */
  timeZone: string;
  industry: string | null;
  board: Board | null;
  /** The board lot (shares; 1 unit for crypto, forex and indices). */
  lotSize: number;
  /** An order's quantity step by price type (market/lots.ts); null for an index, which is not traded. */
  quantityStep: string | null;
  marketQuantityStep: string | null;
  sharesOutstanding: number | null;
  /** Percent with 2 decimals ("23.45"). */
  foreignOwnership: string | null;
  /** Short interest as a percent of shares outstanding, 2 decimals. */
  shortInterestRatio: string | null;
  shortVolume: number | null;
  investorTrends: InvestorTrends | null;
  priceBand: string | null;
  /** Band limits for limit orders today, on the tick grid. */
  limitUp: string | null;
  limitDown: string | null;
}

export type MarketStatus = "open" | "break" | "closed";

export interface Quote {
  code: string;
  name: string;
  exchange: ExchangeCode;
  market: MarketCode;
  currency: string;
  /** Latest price. */
  close: string;
  prev_close: string;
  open: string;
  high: string;
  low: string;
  volume: number;
  turnover: string;
  /** close − prev_close. */
  gainValue: string;
  /** Percent change, 2 decimals. */
  gain: string;
  week52High: string;
  week52Low: string;
  marketCap: string | null;
  /** ISO instant of the price: the request instant while trading, else the last session close. */
  timestamp: string;
  /** The trading day the quote belongs to (YYYY-MM-DD, exchange time). */
  tradingDay: string;
  status: MarketStatus;
  simulated: boolean;
  details: QuoteDetails;
}

/** What every feature reads prices through. Unknown symbols answer `undefined`. */
export interface MarketDataProvider {
  readonly id: string;
  readonly simulated: boolean;
  instruments(): readonly Instrument[];
  indices(): readonly MarketIndex[];
  listing(symbol: string): Listing | undefined;
  quote(symbol: string, at: Instant): Quote | undefined;
  candles(symbol: string, period: CandlePeriod, options: CandleOptions): Candle[] | undefined;
}

export type Unsubscribe = () => void;

/** The streaming side, implemented by the server (timers, Redis fan-out) on top of a provider. */
export interface TickSource {
  subscribe(symbols: readonly string[], onQuote: (quote: Quote) => void): Unsubscribe;
}
