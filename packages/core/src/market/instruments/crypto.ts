import { EXCHANGES } from "../exchanges.js";
import { cryptoQuantityRule } from "../lots.js";
import { fixedTick } from "../ticks.js";
import type { Instrument } from "../types.js";
import { zhTWName } from "./build.js";

/**
 * code, English, Korean, Simplified Chinese, Hindi, circulating supply (millions), base price (USD),
 * volatility, tick. Traditional Chinese names come from `names-zh-tw.ts`.
 */
type CryptoRow = readonly [string, string, string, string, string, number, number, number, string];

// prettier-ignore
const ROWS: readonly CryptoRow[] = [
  ["BTC", "Bitcoin", "비트코인", "比特币", "बिटकॉइन", 19.9, 95000, 0.55, "0.01"],
  ["ETH", "Ethereum", "이더리움", "以太坊", "एथेरियम", 120.7, 3300, 0.7, "0.01"],
  ["SOL", "Solana", "솔라나", "索拉纳", "सोलाना", 540, 180, 0.85, "0.01"],
  ["XRP", "XRP", "리플", "瑞波币", "एक्सआरपी", 59000, 2.3, 0.85, "0.0001"],
  ["BNB", "BNB", "바이낸스 코인", "币安币", "बीएनबी", 141, 650, 0.55, "0.01"],
  ["DOGE", "Dogecoin", "도지코인", "狗狗币", "डॉजकॉइन", 148000, 0.32, 0.95, "0.00001"],
  ["ADA", "Cardano", "카르다노", "艾达币", "कार्डानो", 35800, 0.9, 0.9, "0.0001"],
  ["TRX", "TRON", "트론", "波场", "ट्रॉन", 86000, 0.25, 0.6, "0.00001"],
  ["AVAX", "Avalanche", "아발란체", "雪崩", "एवलांच", 410, 35, 0.95, "0.01"],
  ["DOT", "Polkadot", "폴카닷", "波卡", "पोल्काडॉट", 1520, 6.5, 0.9, "0.001"],
  ["LINK", "Chainlink", "체인링크", "Chainlink", "चेनलिंक", 640, 18, 0.9, "0.001"],
  ["LTC", "Litecoin", "라이트코인", "莱特币", "लाइटकॉइन", 75, 100, 0.75, "0.01"],
];

/** Main cryptocurrencies against the US dollar, trading 24/7. */
export const CRYPTO_ASSETS: Instrument[] = ROWS.map(([asset, en, ko, zh, hi, supplyM, price, vol, tick]) => {
  const supply = Math.round(supplyM * 1_000_000);
  return {
    symbol: `${asset}USD`,
    code: `${asset}USD`,
    kind: "crypto",
    name: `${en} / US Dollar`,
    names: { en, ko, zh, zhTW: zhTWName(`${asset}USD`, zh), hi, local: en },
    exchange: "CRYPTO",
    market: "CRYPTO",
    currency: "USD",
    industry: "Crypto",
    sharesOutstanding: supply,
    board: "listed",
    ...cryptoQuantityRule(asset),
    ticks: fixedTick(tick),
    priceDecimals: tick.split(".")[1]?.length ?? 0,
    priceBand: EXCHANGES.CRYPTO.priceBand,
    basePrice: price,
    volatility: vol,
    drift: 0,
    averageDailyVolume: Math.round(supply * 0.02),
    foreignOwnership: null,
  };
});
