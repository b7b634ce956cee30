import { EXCHANGES } from "../exchanges.js";
import { FOREX_QUANTITY_RULE } from "../lots.js";
import { fixedTick } from "../ticks.js";
import type { Instrument, LocalizedNames } from "../types.js";
import { ZH_TW_CURRENCY_NAMES } from "./names-zh-tw.js";

type NameRow = readonly [en: string, ko: string, zh: string, hi: string];

export const CURRENCY_NAMES: Readonly<Record<string, NameRow>> = {
  USD: ["US Dollar", "미국 달러", "美元", "अमेरिकी डॉलर"],
  EUR: ["Euro", "유로", "欧元", "यूरो"],
  GBP: ["British Pound", "영국 파운드", "英镑", "ब्रिटिश पाउंड"],
  JPY: ["Japanese Yen", "일본 엔", "日元", "जापानी येन"],
  AUD: ["Australian Dollar", "호주 달러", "澳元", "ऑस्ट्रेलियाई डॉलर"],
  CHF: ["Swiss Franc", "스위스 프랑", "瑞士法郎", "स्विस फ़्रैंक"],
  CAD: ["Canadian Dollar", "캐나다 달러", "加元", "कनाडाई डॉलर"],
  INR: ["Indian Rupee", "인도 루피", "印度卢比", "भारतीय रुपया"],
  KRW: ["Korean Won", "한국 원", "韩元", "दक्षिण कोरियाई वॉन"],
  THB: ["Thai Baht", "태국 바트", "泰铢", "थाई बाट"],
  MYR: ["Malaysian Ringgit", "말레이시아 링깃", "马来西亚林吉特", "मलेशियाई रिंगिट"],
  CNY: ["Chinese Yuan", "중국 위안", "人民币", "चीनी युआन"],
  HKD: ["Hong Kong Dollar", "홍콩 달러", "港元", "हांगकांग डॉलर"],
  TWD: ["New Taiwan Dollar", "신 대만 달러", "新台币", "नया ताइवान डॉलर"],
  VND: ["Vietnamese Dong", "베트남 동", "越南盾", "वियतनामी डोंग"],
};

/** pair, base price (quote currency per base unit), annual volatility, tick. */
type PairRow = readonly [pair: string, price: number, volatility: number, tick: string];

const ROWS: readonly PairRow[] = [
  ["EURUSD", 1.08, 0.07, "0.00001"],
  ["GBPUSD", 1.27, 0.08, "0.00001"],
  ["USDJPY", 150, 0.1, "0.001"],
  ["AUDUSD", 0.66, 0.1, "0.00001"],
  ["USDCHF", 0.88, 0.08, "0.00001"],
  ["USDCAD", 1.38, 0.06, "0.00001"],
  ["USDINR", 85.5, 0.04, "0.0001"],
  ["USDKRW", 1400, 0.08, "0.01"],
  ["USDTHB", 34.5, 0.07, "0.001"],
  ["USDMYR", 4.45, 0.06, "0.0001"],
  ["USDCNY", 7.2, 0.03, "0.0001"],
  ["USDHKD", 7.8, 0.004, "0.0001"],
  ["USDTWD", 32, 0.05, "0.001"],
  ["USDVND", 25400, 0.03, "1"],
];

function pairNames(base: string, quote: string): LocalizedNames {
  const b = CURRENCY_NAMES[base] ?? [base, base, base, base];
  const q = CURRENCY_NAMES[quote] ?? [quote, quote, quote, quote];
  return {
    en: `${b[0]} / ${q[0]}`,
    ko: `${b[1]}/${q[1]}`,
    zh: `${b[2]}/${q[2]}`,
    zhTW: `${ZH_TW_CURRENCY_NAMES[base] ?? b[2]}/${ZH_TW_CURRENCY_NAMES[quote] ?? q[2]}`,
    hi: `${b[3]} / ${q[3]}`,
    local: `${base}/${quote}`,
  };
}

/** Spot forex pairs, trading 24/5. Prices are quote-currency units per base unit. */
export const FOREX_PAIRS: Instrument[] = ROWS.map(([pair, price, vol, tick]) => {
  const base = pair.slice(0, 3);
  const quote = pair.slice(3);
  const names = pairNames(base, quote);
  return {
    symbol: pair,
    code: pair,
    kind: "forex",
    name: names.en,
    names,
    exchange: "FX",
    market: "FX",
    currency: quote,
    industry: null,
    sharesOutstanding: null,
    board: "listed",
    ...FOREX_QUANTITY_RULE,
    ticks: fixedTick(tick),
    priceDecimals: tick.split(".")[1]?.length ?? 0,
    priceBand: EXCHANGES.FX.priceBand,
    basePrice: price,
    volatility: vol,
    drift: 0,
    averageDailyVolume: 500_000_000,
    foreignOwnership: null,
  };
});
