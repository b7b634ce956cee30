import { MARKET_OF_TYPE } from "@brokerage/api/constants";
import type { MarketCodeWire, MarketType, Quote } from "@brokerage/api";
import { formatMoneySafe } from "./money";

type Names = Quote["details"]["names"];

/** Chinese tags written in Traditional characters: zh-TW (the app's), and zh-HK, zh-MO, zh-Hant… */
const TRADITIONAL_CHINESE = /^zh-(tw|hk|mo|hant)\b/i;

/** Which of the names a UI language tag reads: zh-TW → `zhTW` (Traditional), zh-CN and other zh → `zh`. */
function nameKey(language: string): keyof Names {
  if (TRADITIONAL_CHINESE.test(language)) return "zhTW";
  if (language.startsWith("zh")) return "zh";
  return language === "ko" ? "ko" : language === "hi" ? "hi" : "en";
}

/** The instrument name for the UI language: Traditional Chinese for zh-TW, Simplified for zh-CN. */
export function localName(names: Names | undefined, language: string, fallback: string): string {
  if (!names) return fallback;
  const key = nameKey(language);
  return names[key] || (key === "zhTW" ? names.zh : "") || names.en || fallback;
}

export const decimalsOf = (value: string) => value.split(".")[1]?.length ?? 0;

/** A price as sent (its own decimals: forex has five), with thousands separators. */
export const formatPrice = (value: string) => formatMoneySafe(value, decimalsOf(value));

/** "+1.23" / "-1.23": a change with its sign. */
export const signed = (value: string) =>
  value.startsWith("-") ? formatPrice(value) : `+${formatPrice(value)}`;
export const percentText = (gain: string) => `${signed(gain)}%`;

/** Spec §9: up is red, down is green. */
export function trendOf(change: string | number): "up" | "down" | "flat" {
  const n = Number(change);
  return n > 0 ? "up" : n < 0 ? "down" : "flat";
}

/** Volumes, turnover and market caps in the UI language's compact notation (万/억/lakh …). */
export function compactNumber(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === "") return "—";
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(language, { notation: "compact", maximumFractionDigits: 2 }).format(n);
}

const TYPE_OF_MARKET = Object.fromEntries(
  Object.entries(MARKET_OF_TYPE).map(([type, market]) => [market, type]),
) as Record<MarketCodeWire, MarketType>;
export const marketTypeOf = (market: MarketCodeWire): MarketType => TYPE_OF_MARKET[market];

/** What the stock detail screens read from local storage (spec §2: no route parameters). */
export interface StockRef {
  symbol: string;
  exchange: string;
  type: MarketType;
}
export const STOCK_DETAIL_KEY = "stockDetail";
export const MARKET_BUY_KEY = "marketBuy";

export function saveStockRef(ref: StockRef, key = STOCK_DETAIL_KEY): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(ref));
  } catch {
    // storage unavailable: the detail screen shows its empty state
  }
}

export function readStockRef(key = STOCK_DETAIL_KEY): StockRef | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? "null") as Partial<StockRef> | null;
    if (value && typeof value.symbol === "string" && typeof value.exchange === "string" && value.type)
      return value as StockRef;
  } catch {
    // a broken entry counts as none
  }
  return null;
}
