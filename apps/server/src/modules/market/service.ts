import {
  MARKET_OF_TYPE,
  type Board,
  type Candle,
  type IndexItem,
  type KlineType,
  type MarketType,
} from "@brokerage/api";
import {
  pickEvenly,
  rankQuotes,
  searchListings,
  type CandlePeriod,
  type Listing,
  type MarketDataProvider,
  type PriceAdjustment,
  type Quote,
  type RankingKind,
} from "@brokerage/core";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";

/** The wire's kline_type (packages/api KLINE_TYPES) as the core's candle period. */
const PERIOD_OF_KLINE: Record<KlineType, CandlePeriod> = {
  1: "timeshare",
  2: "1min",
  3: "5min",
  4: "15min",
  5: "30min",
  6: "day",
  7: "week",
  8: "month",
  9: "1M",
  10: "3M",
  11: "6M",
  12: "1Y",
};

/** Spec §9: the chart shows the last 100 candles. */
export const KLINE_LIMIT = 100;
/** Markets without indices (crypto, forex) show their leading instruments in the home top menu. */
const BENCHMARKS_WITHOUT_INDEX = 3;

export interface KlineQuery {
  symbol: string;
  exchange: string;
  kline_type: KlineType;
  adjust: PriceAdjustment;
  /** At most this many candles, picked evenly (a sparkline's outline). */
  points?: number | undefined;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** Read-only market data: every price comes from the process's provider at the clock's "now". */
export class MarketService {
  private readonly byMarket = new Map<string, readonly Listing[]>();

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly clock: Clock,
  ) {
    for (const instrument of [...provider.instruments()].sort(byCode)) {
      this.byMarket.set(instrument.market, [...(this.byMarket.get(instrument.market) ?? []), instrument]);
    }
  }

  /** The listing of a symbol, checked against the exchange the client named (when it named one). */
  listing(symbol: string, exchange?: string): Listing {
    const listing = this.provider.listing(symbol);
    if (!listing || (exchange !== undefined && listing.exchange !== exchange)) {
      throw new DomainError("UNKNOWN_SYMBOL", { symbol });
    }
    return listing;
  }

  exists(symbol: string): boolean {
    return this.provider.listing(symbol) !== undefined;
  }

  quote(symbol: string, exchange?: string): Quote {
    const listing = this.listing(symbol, exchange);
    const quote = this.provider.quote(listing.symbol, this.clock.now());
    if (!quote) throw new DomainError("PRICE_UNAVAILABLE");
    return quote;
  }

  /** Quotes of symbols that have a price now, in the given order. */
  quotes(symbols: readonly string[]): Quote[] {
    const now = this.clock.now();
    return symbols.flatMap((symbol) => this.provider.quote(symbol, now) ?? []);
  }

  /**
   * `parameter/zhishu`: the market's indices, or its leading instruments when it has none. When every
   * quote is a frozen one the provider shares (the simulator's, one per symbol per second), the list made
   * from them is kept, frozen, until one of them is replaced, so the callers of that second share it.
   */
  zhishu(type: MarketType): readonly IndexItem[] {
    const quotes = this.quotes(this.zhishuSymbols(type));
    const kept = this.zhishuKept.get(type);
    if (kept && kept.quotes.length === quotes.length && kept.quotes.every((q, i) => q === quotes[i]))
      return kept.items;
    const items = quotes.map((q) => this.indexItem(q));
    if (quotes.every((q) => Object.isFrozen(q))) {
      const frozen = Object.freeze(items.map((item) => Object.freeze(item)));
      this.zhishuKept.set(type, { quotes, items: frozen });
      return frozen;
    }
    return items;
  }

  private readonly zhishuKept = new Map<MarketType, { quotes: Quote[]; items: readonly IndexItem[] }>();
  private readonly zhishuLists = new Map<MarketType, readonly string[]>();

  /** The symbols `zhishu` lists for a market type (they never change while the process runs). */
  private zhishuSymbols(type: MarketType): readonly string[] {
    let symbols = this.zhishuLists.get(type);
    if (!symbols) {
      const market = MARKET_OF_TYPE[type];
      const indices = this.provider.indices().filter((i) => i.market === market);
      const listings =
        indices.length > 0
          ? indices
          : this.provider
              .instruments()
              .filter((i) => i.market === market)
              .slice(0, BENCHMARKS_WITHOUT_INDEX);
      symbols = listings.map((l) => l.symbol);
      this.zhishuLists.set(type, symbols);
    }
    return symbols;
  }

  private indexItem(q: Quote): IndexItem {
    return {
      symbol: q.code,
      exchange: q.exchange,
      name: q.name,
      names: q.details.names,
      close: q.close,
      gainValue: q.gainValue,
      gain: q.gain,
      timestamp: q.timestamp,
      simulated: q.simulated,
    };
  }

  /**
   * `trade/kline`: the symbol and exchange name the instrument; `type` is the spec's currency type and
   * does not narrow it (the original app sends "inr" for every chart).
   */
  kline(query: KlineQuery): Candle[] {
    const listing = this.listing(query.symbol, query.exchange);
    const period = PERIOD_OF_KLINE[query.kline_type];
    if (!period) throw new DomainError("BAD_PERIOD");
    const candles = this.provider.candles(listing.symbol, period, {
      at: this.clock.now(),
      limit: KLINE_LIMIT,
      adjust: query.adjust,
    });
    if (!candles) throw new DomainError("UNKNOWN_SYMBOL", { symbol: query.symbol });
    return query.points === undefined ? candles : pickEvenly(candles, query.points);
  }

  /** `market/list`: a page of the market's instruments (optionally one board), ordered by code. */
  list(query: { type: MarketType; board?: Board; page: number; pageSize: number }): Page<Quote> {
    // The board as the provider says now: a new share moves from `subscription` to `listed` when its
    // offering lists, after this service sorted the instruments.
    const all = this.instrumentsOf(query.type).filter((l) => {
      if (query.board === undefined) return true;
      const now = this.provider.listing(l.symbol) ?? l;
      return now.kind !== "index" && now.board === query.board;
    });
    const start = (query.page - 1) * query.pageSize;
    if (query.page > 1 && start >= all.length) {
      const pages = Math.max(1, Math.ceil(all.length / query.pageSize));
      throw new DomainError("INVALID_INPUT", { field: "page", max: String(pages) });
    }
    const items = this.quotes(all.slice(start, start + query.pageSize).map((l) => l.symbol));
    return { items, total: all.length, page: query.page, pageSize: query.pageSize };
  }

  rankings(query: { type: MarketType; kind: RankingKind; limit: number }): Quote[] {
    const quotes = this.quotes(this.instrumentsOf(query.type).map((l) => l.symbol));
    return rankQuotes(quotes, query.kind, query.limit);
  }

  /** Instruments and indices by code or by name in any language, best match first. */
  /** Listings by code or name in any language, at most 20, each with its price now (when it has one). */
  search(keyword: string) {
    const listings = [...this.provider.indices(), ...this.provider.instruments()];
    const now = this.clock.now();
    return searchListings(listings, keyword).map((l) => {
      const quote = this.provider.quote(l.symbol, now);
      return {
        code: l.code,
        exchange: l.exchange,
        market: l.market,
        name: l.name,
        names: l.names,
        price: quote?.close ?? null,
        currency: quote?.currency ?? null,
        gain: quote?.gain ?? null,
      };
    });
  }

  private instrumentsOf(type: MarketType): readonly Listing[] {
    return this.byMarket.get(MARKET_OF_TYPE[type]) ?? [];
  }
}
