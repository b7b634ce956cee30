import { z } from "zod";
import {
  MARKET_TYPES,
  BOARDS,
  KLINE_TYPES,
  type KlineType,
  ADJUSTMENTS,
  MARKET_CODES,
  KLINE_POINTS_MIN,
  KLINE_POINTS_MAX,
  RANKING_KINDS,
  WATCHLIST_MAX,
  WS_MAX_SYMBOLS,
} from "./constants.js";
import { plainText } from "./envelope.js";

/**
 * Market data contract (spec §3, §7, §9). Prices and money are decimal strings; times are epoch seconds
 * (charts) or ISO-8601 (quote timestamps). Every quote says whether it is simulated.
 */

export const marketType = z.enum(MARKET_TYPES);
export type MarketType = z.infer<typeof marketType>;

export const board = z.enum(BOARDS);
export type Board = z.infer<typeof board>;

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, "decimal");
const symbol = plainText.min(1).max(32);
const exchange = plainText.min(1).max(16);

export const KLINE_TYPE_DESCRIPTION =
  "Chart period: 1 time-share (the current or last session's minute candles), 2 one minute, 3 five " +
  "minutes, 4 fifteen minutes, 5 thirty minutes, 6 day, 7 week, 8 month (2–8: the last 100 candles), " +
  "9 one month, 10 three months, 11 six months, 12 one year (9–12: daily candles over that span). " +
  "Any other value answers BAD_PERIOD.";
/**
 * A whole number sent as a JSON number or as a string of decimal digits (what a form or query string
 * holds). Nothing else is read as a number: not `true`, `[1]`, `"0x10"`, `"1e3"`, `" 7"` or `""`.
 */
export const wholeNumber = (error?: string) =>
  z.union(
    [
      z.number().int(),
      z
        .string()
        .regex(/^-?\d{1,15}$/)
        .transform(Number),
    ],
    error === undefined ? undefined : { error },
  );

/** Any value that is not one of KLINE_TYPES (not a number, not an integer, out of range) is BAD_PERIOD. */
export const klineType = wholeNumber("BAD_PERIOD")
  .pipe(z.number().refine((v) => v in KLINE_TYPES, { message: "BAD_PERIOD" }))
  .describe(KLINE_TYPE_DESCRIPTION) as unknown as z.ZodType<KlineType>;

export const adjustment = z.enum(ADJUSTMENTS);

export const marketCode = z.enum(MARKET_CODES);
export type MarketCodeWire = z.infer<typeof marketCode>;

const localizedNames = z.object({
  en: z.string(),
  ko: z.string(),
  /** Simplified Chinese. */
  zh: z.string(),
  /** Traditional Chinese (Taiwan / Hong Kong usage). */
  zhTW: z.string(),
  hi: z.string(),
  local: z.string(),
});

export const investorTrends = z.object({
  individual: z.number(),
  foreign: z.number(),
  institutional: z.number(),
});

export const quoteDetails = z.object({
  ko_name: z.string(),
  names: localizedNames,
  kind: z.enum(["stock", "crypto", "forex", "index"]),
  /** The exchange's IANA time zone (intraday chart times are shown on the exchange's clock). */
  timeZone: z.string(),
  industry: z.string().nullable(),
  board: board.nullable(),
  /** The board lot in shares (100 in Malaysia and Thailand; 1 share elsewhere; 1 unit for crypto and forex). */
  lotSize: z.number().int(),
  /**
   * What an order's quantity must be a multiple of (a decimal string): `quantityStep` for a limit order,
   * `marketQuantityStep` for a market order (fractional for US shares, "0.0001"); null for an index.
   */
  quantityStep: z.string().nullable(),
  marketQuantityStep: z.string().nullable(),
  sharesOutstanding: z.number().nullable(),
  foreignOwnership: z.string().nullable(),
  shortInterestRatio: z.string().nullable(),
  shortVolume: z.number().nullable(),
  investorTrends: investorTrends.nullable(),
  priceBand: z.string().nullable(),
  limitUp: z.string().nullable(),
  limitDown: z.string().nullable(),
});

/** A quote as `packages/core` computes it (market `Quote`): prices are decimal strings. */
export const quote = z.object({
  code: z.string(),
  name: z.string(),
  exchange: z.string(),
  market: marketCode,
  currency: z.string(),
  close: decimal,
  prev_close: decimal,
  open: decimal,
  high: decimal,
  low: decimal,
  volume: z.number(),
  turnover: decimal,
  gainValue: decimal,
  gain: decimal,
  week52High: decimal,
  week52Low: decimal,
  marketCap: z.string().nullable(),
  /** When the price was made; the app shows how fresh it is. */
  timestamp: z.string(),
  tradingDay: z.string(),
  status: z.enum(["open", "break", "closed"]),
  simulated: z.boolean(),
  details: quoteDetails,
});
export type Quote = z.infer<typeof quote>;

/** `parameter/zhishu {type}` (spec §7): the indices of a market for the home top menu. */
export const zhishuRequest = z.object({ type: marketType });
export const indexItem = z.object({
  symbol: z.string(),
  exchange: z.string(),
  name: z.string(),
  /** The name in every app language, for the home cards. */
  names: localizedNames,
  close: decimal,
  gainValue: decimal,
  gain: decimal,
  timestamp: z.string(),
  simulated: z.boolean(),
});
export const zhishuResponse = z.array(indexItem);
export type IndexItem = z.infer<typeof indexItem>;

/** `trade/kline {symbol, type, exchange, kline_type}` (spec §7), plus the optional price adjustment. */
export const klineRequest = z.object({
  symbol,
  type: marketType,
  exchange,
  kline_type: klineType,
  adjust: adjustment.default("none"),
  /**
   * At most this many candles, picked evenly across the answer (the first and the last always kept):
   * what a small chart such as a sparkline draws, instead of a whole session of minute candles.
   */
  points: wholeNumber().pipe(z.number().min(KLINE_POINTS_MIN).max(KLINE_POINTS_MAX)).optional(),
});
export const candle = z.object({
  time: z.number().int(),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: z.number(),
  turnover: decimal,
});
export const klineResponse = z.array(candle);
export type Candle = z.infer<typeof candle>;

export const quoteRequest = z.object({ symbol, exchange: exchange.optional() });

export const paging = {
  page: wholeNumber().pipe(z.number().min(1)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
};
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const marketListRequest = z.object({ type: marketType, board: board.optional(), ...paging });
export const marketListResponse = page(quote);

export const rankingRequest = z.object({
  type: marketType,
  kind: z.enum(RANKING_KINDS),
  limit: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});
export const rankingResponse = z.array(quote);

/**
 * `market/search {keyword, remember?}`: with a session the keyword is kept in the search history unless
 * `remember` is false (the app searches as the user types with it false, and remembers the keyword the
 * user submits or opens a result of).
 */
export const searchRequest = z.object({
  keyword: plainText.min(1).max(40),
  remember: z.boolean().optional(),
});
export const searchResult = z.object({
  code: z.string(),
  exchange: z.string(),
  market: marketCode,
  name: z.string(),
  names: localizedNames,
  /** The latest price, its currency and its change in percent since the previous close; null: no price now. */
  price: decimal.nullable(),
  currency: z.string().nullable(),
  gain: decimal.nullable(),
});
export const searchResponse = z.array(searchResult);
export const searchHistoryResponse = z.array(z.object({ keyword: z.string(), createdAt: z.string() }));

export const watchlistItemRequest = z.object({ symbol, exchange });
/** The user's whole watchlist in the wanted order: exactly the current set, each once. */
export const watchlistReorderRequest = z.object({
  items: z.array(z.object({ symbol, exchange })).min(1).max(WATCHLIST_MAX),
});
/** Quotes of the watched instruments, in the user's order. */
export const watchlistResponse = z.array(quote);
export const watchlistContainsResponse = z.boolean();

/**
 * WebSocket `/api/ws`. The client authenticates with its first message (tokens stay out of URLs and
 * logs), within WS_AUTH_TIMEOUT_MS, then subscribes per symbol (at most WS_MAX_SYMBOLS per connection).
 * The server quotes the subscribed symbols in rounds and sends each client at most one `ticks` message
 * per round, holding the ticks of its symbols whose price or status moved; a subscribe is answered with
 * one `ticks` message of the new symbols' current quotes. A heartbeat follows every 15 s.
 * Close codes: 4401 not authenticated (no valid auth as the first message, in time, or the session
 * ended: logout, password change, account flags), 4408 too slow to read (its send buffer overflowed),
 * 4429 the account already has the most sockets allowed open, 4430 its address has the most
 * not-yet-authenticated sockets allowed open.
 */

const wsSymbols = z.array(plainText.max(48)).min(1).max(WS_MAX_SYMBOLS);
export const wsClientMessage = z.discriminatedUnion("op", [
  z.object({ op: z.literal("auth"), token: z.string(), account: z.string() }),
  z.object({ op: z.literal("subscribe"), symbols: wsSymbols }),
  z.object({ op: z.literal("unsubscribe"), symbols: wsSymbols }),
  z.object({ op: z.literal("ping") }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

const marketStatus = z.enum(["open", "break", "closed"]);
/** A price change: a symbol's current quote on subscribe, then its new price whenever it moves. */
export const wsTick = z.object({
  symbol: z.string(),
  close: decimal,
  gainValue: decimal,
  gain: decimal,
  volume: z.number(),
  /** The quote's instant (the market time of the price). */
  timestamp: z.string(),
  status: marketStatus,
  /** Server wall-clock time the tick was sent, epoch ms (for latency measurement). */
  sentAt: z.number().int().optional(),
});
export type WsTick = z.infer<typeof wsTick>;
/** The ticks of one round (or of one subscribe) for one client, in one message. */
export const wsTicks = z.object({ type: z.literal("ticks"), ticks: z.array(wsTick) });
export type WsTicks = z.infer<typeof wsTicks>;

/**
 * `market/quotes`: the live part of several quotes in one call, as a socket tick carries it (the polling
 * fallback while the socket is down). Symbols without a price are left out of the answer.
 */
export const quotesRequest = z.object({ symbols: wsSymbols });
export const quotesResponse = z.array(wsTick.omit({ sentAt: true }));

export const wsServerMessage = z.discriminatedUnion("type", [
  wsTicks,
  z.object({ type: z.literal("ready"), account: z.string() }),
  z.object({ type: z.literal("subscribed"), symbols: z.array(z.string()) }),
  z.object({ type: z.literal("unsubscribed"), symbols: z.array(z.string()) }),
  z.object({ type: z.literal("heartbeat"), ts: z.string() }),
  z.object({ type: z.literal("pong"), ts: z.string() }),
  /**
   * To the owner's sockets: a leveraged position's equity fell to `level` of its margin (a fraction,
   * "0.8"), once per position and level, before the automatic close at `closeOut` (also in the inbox).
   */
  z.object({
    type: z.literal("marginCall"),
    orderId: z.string(),
    symbol: z.string(),
    level: z.string(),
    closeOut: z.string(),
  }),
  /**
   * To the owner's sockets: one of the user's price alerts fired (alerts.ts), once. `kind` and `params` are
   * those of the inbox message it also left, so the app words the toast as the inbox does.
   */
  z.object({
    type: z.literal("priceAlert"),
    alertId: z.string(),
    kind: z.enum(["priceAlertAbove", "priceAlertBelow", "priceAlertMove"]),
    params: z.record(z.string(), z.string()),
  }),
  z.object({
    type: z.literal("error"),
    /** UNAUTHORIZED, UNKNOWN_SYMBOL (with `symbols`), INVALID_INPUT (with `params`). */
    code: z.string(),
    symbols: z.array(z.string()).optional(),
    params: z.record(z.string(), z.string()).optional(),
  }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;
