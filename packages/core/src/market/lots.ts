import type { MarketCode } from "./exchanges.js";

/**
 * The units an order's quantity comes in (DESIGN §5a "Real markets' rules"). Quantities are decimal strings;
 * an order's quantity must be a positive multiple of its instrument's step. Exchange shares step by the
 * market's board lot (where the board lot is one share, the spec's "1 lot is 1 share"), crypto by a
 * fraction of a coin per pair, and US shares by a fraction of a share for market orders only: a limit order
 * rests on the exchange's book, which takes whole shares.
 */

/** The most decimals a quantity may carry (the finest step below, with room); the column's scale. */
export const QUANTITY_DECIMALS = 8;

/**
 * Board lots of exchange shares, by market, in shares.
 * - IN: 1. NSE and BSE trade equities in dematerialised form with a market lot of one share (NSE,
 *   "Equity market: trading system", 2025).
 * - US: 1. NYSE and Nasdaq take odd lots of any whole number of shares (the 100-share round lot of SEC
 *   Regulation NMS matters for quote display only), so a lot here is one share.
 * - KR: 1. KRX's trading unit has been one share for every listed stock since June 2014 (KRX business
 *   regulation on the securities market; it had been 10 shares for stocks below 50,000 won).
 * - MY: 100. Bursa Malaysia's board lot has been 100 units since 2005 (Bursa Malaysia Securities Rules;
 *   it had been 1,000).
 * - TH: 100. The SET's board lot is 100 shares (SET trading rules, 2025); fewer shares trade only on the
 *   odd-lot board, which this product does not offer.
 * - CRYPTO and FX are not exchange shares: their lot is one unit (a coin, a unit of the base currency).
 */
export const BOARD_LOTS: Readonly<Record<MarketCode, number>> = {
  IN: 1,
  US: 1,
  KR: 1,
  MY: 100,
  TH: 100,
  CRYPTO: 1,
  FX: 1,
};

/**
 * A US market order's step: a ten-thousandth of a share, as the fractional-share programmes of US brokers
 * execute them (Interactive Brokers and Charles Schwab both to 4 decimals, 2025). One dollar buys a step of
 * any share priced up to 10,000 USD.
 */
export const US_FRACTIONAL_STEP = "0.0001";

/**
 * Crypto steps by base asset: the spot exchanges' quantity increment (Binance's LOT_SIZE `stepSize` on the
 * USDT pair, from its exchangeInfo, 2025), which keeps one step under one US dollar at the catalogue's base
 * prices so that a ~1 USD order is possible on every pair (the catalogue test checks it): BTC 0.00001 ×
 * 95,000 = 0.95 USD, ETH 0.0001 × 3,300 = 0.33, BNB 0.001 × 650 = 0.65, and so on.
 */
export const CRYPTO_STEPS: Readonly<Record<string, string>> = {
  BTC: "0.00001",
  ETH: "0.0001",
  SOL: "0.001",
  XRP: "0.1",
  BNB: "0.001",
  DOGE: "1",
  ADA: "0.1",
  TRX: "0.1",
  AVAX: "0.01",
  DOT: "0.01",
  LINK: "0.01",
  LTC: "0.001",
};

/** What an instrument's orders step by: `quantityStep` for a limit order, `marketQuantityStep` for a market one. */
export interface QuantityRule {
  /** The board lot (shares), or 1 unit for crypto and forex: what the buy form calls a lot. */
  lotSize: number;
  quantityStep: string;
  marketQuantityStep: string;
}

/** The rule of a stock of `market`: its board lot, and for US shares fractional market orders. */
export function stockQuantityRule(market: MarketCode): QuantityRule {
  const lot = BOARD_LOTS[market];
  return {
    lotSize: lot,
    quantityStep: String(lot),
    marketQuantityStep: market === "US" ? US_FRACTIONAL_STEP : String(lot),
  };
}

/** The rule of a crypto pair by its base asset; an asset without a step of its own trades whole coins. */
export function cryptoQuantityRule(asset: string): QuantityRule {
  const step = CRYPTO_STEPS[asset] ?? "1";
  return { lotSize: 1, quantityStep: step, marketQuantityStep: step };
}

/** Forex: one unit of the base currency, as before (spec §9's "1 lot"). */
export const FOREX_QUANTITY_RULE: QuantityRule = { lotSize: 1, quantityStep: "1", marketQuantityStep: "1" };

/** The step of an order of `priceType` on an instrument. */
export const stepOf = (rule: QuantityRule, priceType: "market" | "limit"): string =>
  priceType === "market" ? rule.marketQuantityStep : rule.quantityStep;
