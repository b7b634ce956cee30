import {
  DEFAULT_TRADING_CONFIG,
  TradingConfigError,
  checkTradingConfig,
  fixedText,
  isOpen,
  lastClose,
  money,
  scheduleOn,
  sessionDay,
  type ExchangeCode,
  type Instrument,
  type MarketCode,
  type MarketDataProvider,
  type Money,
  type Quote,
  type TradingMarketConfig,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import { getSetting } from "../settings/index.js";

/**
 * What trading reads of the market: the instrument, whether its exchange trades, a price fresh enough to
 * act on, and the market's trading rules.
 *
 * A fresh price. The simulator stamps a quote with the second it is for while its market trades, and with
 * the session's close otherwise; a recording (MARKET_CSV_DIR) with its minute candle's start. So a price
 * is fresh enough to open or close a position at when its market is open, the quote says so (`status`
 * "open") and it is at most PRICE_MAX_AGE_MS old: one minute candle plus a minute of slack. A feed that
 * stopped (a recording that ended, a provider that lost its connection) goes stale within two minutes,
 * and a stale price refuses the order (PRICE_UNAVAILABLE) instead of filling it at an old number.
 *
 * Valuing a position (the lists, the account centre) may also use the last close while the market is
 * shut, provided it is the close of the last session (stamped at or after it, less the same slack):
 * anything older means the feed stopped, and the position is shown without a price rather than at a guess.
 */
export const PRICE_MAX_AGE_MS = 2 * 60_000;
/** A quote stamped slightly after "now" (two processes' clocks) still counts. */
const FUTURE_TOLERANCE_MS = 60_000;

const stampOf = (quote: Pick<Quote, "timestamp">): number => Date.parse(quote.timestamp);

/** A price to trade at now: the exchange open, the quote live and recent. */
export function isTradable(quote: Pick<Quote, "status" | "timestamp" | "exchange">, at: Date): boolean {
  const age = at.getTime() - stampOf(quote);
  if (Number.isNaN(age) || age < -FUTURE_TOLERANCE_MS) return false;
  return isOpen(quote.exchange, at) && quote.status === "open" && age <= PRICE_MAX_AGE_MS;
}

/** A price to value a position at now: tradable while the market trades, else the last session's close. */
export function isCurrent(quote: Pick<Quote, "status" | "timestamp" | "exchange">, at: Date): boolean {
  if (isOpen(quote.exchange, at)) return isTradable(quote, at);
  const stamped = stampOf(quote);
  if (Number.isNaN(stamped) || stamped - at.getTime() > FUTURE_TOLERANCE_MS) return false;
  return stamped >= lastClose(quote.exchange, at) - PRICE_MAX_AGE_MS;
}

/** The latest price of a symbol if it is current (see `isCurrent`), else undefined. */
export function currentPrice(market: MarketDataProvider, symbol: string, at: Date): string | undefined {
  const quote = market.quote(symbol, at);
  return quote && isCurrent(quote, at) ? quote.close : undefined;
}

/**
 * The tradable instrument a symbol names: UNKNOWN_SYMBOL for an unknown symbol, an index, or an exchange
 * other than the one the client named; NOT_YET_OPEN for a share still on the subscription board (an
 * offering not listed yet).
 */
export function instrumentOf(market: MarketDataProvider, symbol: string, exchange?: string): Instrument {
  const listing = market.listing(symbol);
  if (!listing || listing.kind === "index" || (exchange !== undefined && listing.exchange !== exchange))
    throw new DomainError("UNKNOWN_SYMBOL", { symbol });
  if (listing.board === "subscription") throw new DomainError("NOT_YET_OPEN");
  return listing;
}

/** The end of the trading day `at` falls in: its last session's close (epoch ms). */
export function dayClose(exchange: ExchangeCode, at: Date): number {
  const sessions = scheduleOn(exchange, sessionDay(exchange, at)).sessions;
  const last = sessions[sessions.length - 1];
  if (!last) throw new RangeError(`no session on the trading day of ${at.toISOString()}`);
  return last.close;
}

/**
 * The market's trading rules (`trading.<market>`): the stored value when it passes the core's own check
 * (with the settlement currency's scale), else the default. Read in the caller's transaction, so an order
 * and the rules it was priced by are of one moment.
 */
export async function tradingConfig(db: Db, market: MarketCode): Promise<TradingMarketConfig> {
  const kept = terms.get(market);
  if (kept && Date.now() - kept.readAt < TERMS_TTL_MS) return kept.config;
  const stored = await getSetting(db, `trading.${market}`);
  let config: TradingMarketConfig;
  try {
    config = checkTradingConfig(stored, market);
  } catch (error) {
    if (!(error instanceof TradingConfigError)) throw error;
    config = DEFAULT_TRADING_CONFIG[market];
  }
  terms.set(market, { config, readAt: Date.now() });
  return config;
}

/**
 * Each market's terms as last read, for TERMS_TTL_MS: every order reads them, and they change only when
 * the back office sets them. `config/set` forgets them in its own process at once (`forgetTradingConfig`);
 * another process uses the new terms within the second.
 */
const TERMS_TTL_MS = 1_000;
const terms = new Map<string, { config: TradingMarketConfig; readAt: number }>();

/** Forgets the terms read so far (a market's configuration was just set). */
export function forgetTradingConfig(): void {
  terms.clear();
}

/** A price as the lists show it: at least the instrument's decimals, never cut short. */
export function priceText(value: Money | string, decimals: number): string {
  const d = money(value);
  return fixedText(d, Math.max(decimals, d.decimalPlaces()));
}
