import { EXCHANGES, MARKETS, type ExchangeCode, type MarketCode } from "../exchanges.js";
import { stockQuantityRule } from "../lots.js";
import { hashString, uniform } from "../random.js";
import type { Board, Instrument, LocalizedNames } from "../types.js";
import { ZH_TW_NAMES } from "./names-zh-tw.js";

/**
 * One stock per row: code, exchange, English, Korean, Simplified Chinese and Hindi names, industry, shares
 * outstanding (millions), base price (local currency, around mid-2025), annual volatility, board (default
 * listed), local-language name (default per market). Traditional Chinese names come from `names-zh-tw.ts`.
 */
export type StockRow = readonly [
  code: string,
  exchange: ExchangeCode,
  en: string,
  ko: string,
  zh: string,
  hi: string,
  industry: Industry,
  sharesMillions: number,
  basePrice: number,
  volatility: number,
  board?: Board,
  local?: string,
];

export type Industry =
  | "Energy"
  | "Financials"
  | "Technology"
  | "Consumer"
  | "Healthcare"
  | "Industrials"
  | "Materials"
  | "Telecom"
  | "Utilities"
  | "Real Estate"
  | "Automobiles";

/** Long-run annual drift per industry; each stock gets ±3 points of its own around it. */
const INDUSTRY_DRIFT: Record<Industry, number> = {
  Energy: 0.03,
  Financials: 0.07,
  Technology: 0.12,
  Consumer: 0.06,
  Healthcare: 0.07,
  Industrials: 0.08,
  Materials: 0.04,
  Telecom: 0.05,
  Utilities: 0.04,
  "Real Estate": 0.03,
  Automobiles: 0.06,
};

export interface StockMarketProfile {
  market: MarketCode;
  /** Which name is the local one when a row gives none. */
  localName: (names: Omit<LocalizedNames, "local">) => string;
  /** Share of shares outstanding traded on a typical day. */
  dailyTurnoverRate: number;
  /** Range of foreign ownership (fractions). */
  foreignOwnership: readonly [number, number];
}

/**
 * The listing's Traditional Chinese name from `names-zh-tw.ts`; the Simplified one stands in for a code the
 * table lacks (the catalogue test fails on that).
 */
export const zhTWName = (code: string, zh: string): string => ZH_TW_NAMES[code] ?? zh;

/** A stable per-code number in (0, 1) for data that is not seed-dependent. */
export const codeFraction = (code: string, salt: string): number => uniform(hashString(`${salt}:${code}`));

export function buildStocks(profile: StockMarketProfile, rows: readonly StockRow[]): Instrument[] {
  return rows.map((row) => {
    const [code, exchange, en, ko, zh, hi, industry, sharesMillions, basePrice, volatility, board, local] =
      row;
    const spec = EXCHANGES[exchange];
    const shares = Math.round(sharesMillions * 1_000_000);
    const [foMin, foMax] = profile.foreignOwnership;
    const activity = 0.5 + codeFraction(code, "activity");
    const zhTW = zhTWName(code, zh);
    return {
      symbol: code,
      code,
      kind: "stock",
      name: en,
      names: { en, ko, zh, zhTW, hi, local: local ?? profile.localName({ en, ko, zh, zhTW, hi }) },
      exchange,
      market: profile.market,
      currency: MARKETS[profile.market].currency,
      industry,
      sharesOutstanding: shares,
      board: board ?? "listed",
      ...stockQuantityRule(profile.market),
      ticks: spec.ticks,
      priceDecimals: spec.priceDecimals,
      priceBand: spec.priceBand,
      basePrice,
      volatility,
      drift: INDUSTRY_DRIFT[industry] + (codeFraction(code, "drift") - 0.5) * 0.06,
      averageDailyVolume: Math.max(1000, Math.round(shares * profile.dailyTurnoverRate * activity)),
      foreignOwnership: foMin + (foMax - foMin) * codeFraction(code, "foreign"),
    };
  });
}
