import type { CorporateAction } from "../adjustment.js";
import type { AdjustmentEvent } from "../adjustment.js";
import { CORPORATE_ACTIONS } from "../corporate-actions.js";
import { crossRate, usdRatesFromQuotes } from "../fx.js";
import { INDICES, INSTRUMENTS } from "../instruments/index.js";
import { hashString } from "../random.js";
import { toMillis, type Instant } from "../time.js";
import type {
  Candle,
  CandleOptions,
  CandlePeriod,
  Instrument,
  Listing,
  MarketDataProvider,
  MarketIndex,
  Quote,
} from "../types.js";
import { seriesCandles } from "./chart.js";
import { IndexSeries } from "./index-series.js";
import { InstrumentSeries } from "./instrument-series.js";
import { LruCache } from "./lru.js";
import type { DayPath, PriceSeries } from "./model.js";
import { buildQuote, type DayStatics } from "./quote.js";

export interface SimulatorOptions {
  /** MARKET_SEED: the same seed gives the same prices in every process. */
  seed: string;
  instruments?: readonly Instrument[];
  indices?: readonly MarketIndex[];
  corporateActions?: readonly CorporateAction[];
  /** How many instrument-days of minute paths to keep (default 2048, ~20 MB at most). */
  pathCacheSize?: number;
}

/**
 * The default market-data provider: a deterministic market simulator. Every price is a pure function of
 * (seed, symbol, time); the caches only memoise.
 */
export class MarketSimulator implements MarketDataProvider {
  readonly id = "simulator";
  readonly simulated = true;
  private readonly seedHash: number;
  private readonly byCode = new Map<string, Listing>();
  private readonly series = new Map<string, PriceSeries>();
  private readonly paths: LruCache<string, DayPath>;
  private readonly statics = new LruCache<string, DayStatics>(4096);
  /**
   * The last quote built for each symbol and the second it is for. Prices move once a second (status
   * changes fall on whole minutes), so every read within that second, by any number of requests and
   * sockets, shares one quote instead of building it again. Quotes are treated as immutable.
   */
  private readonly lastQuotes = new Map<string, { second: number; quote: Quote | undefined }>();
  private readonly instrumentList: readonly Instrument[];
  private readonly indexList: readonly MarketIndex[];
  private readonly actions: readonly CorporateAction[];

  constructor(options: SimulatorOptions) {
    this.seedHash = hashString(options.seed);
    this.instrumentList = options.instruments ?? INSTRUMENTS;
    this.indexList = options.indices ?? (options.instruments ? [] : INDICES);
    this.actions = options.corporateActions ?? CORPORATE_ACTIONS;
    this.paths = new LruCache(options.pathCacheSize ?? 2048);
    for (const listing of [...this.instrumentList, ...this.indexList]) {
      if (this.byCode.has(listing.symbol)) throw new Error(`Duplicate symbol ${listing.symbol}`);
      this.byCode.set(listing.symbol, listing);
    }
  }

  instruments(): readonly Instrument[] {
    return this.instrumentList;
  }

  indices(): readonly MarketIndex[] {
    return this.indexList;
  }

  listing(symbol: string): Listing | undefined {
    return this.byCode.get(symbol);
  }

  quote(symbol: string, at: Instant): Quote | undefined {
    const t = toMillis(at);
    const second = Math.floor(t / 1000);
    const kept = this.lastQuotes.get(symbol);
    if (kept && kept.second === second) return kept.quote;
    const series = this.seriesOf(symbol);
    // Frozen: the one quote of this second is shared by every caller (and a server may write it once
    // for all of them, as it cannot change).
    const quote = series && deepFreeze(buildQuote(series, t, this.statics, true));
    if (series) this.lastQuotes.set(symbol, { second, quote });
    return quote;
  }

  quotes(symbols: readonly string[], at: Instant): Quote[] {
    return symbols.flatMap((s) => this.quote(s, at) ?? []);
  }

  candles(symbol: string, period: CandlePeriod, options: CandleOptions): Candle[] | undefined {
    const series = this.seriesOf(symbol);
    return series && seriesCandles(series, period, options);
  }

  /** The ex-days and factors used for forward/backward adjustment of a symbol. */
  adjustmentEvents(symbol: string): readonly AdjustmentEvent[] {
    return this.seriesOf(symbol)?.adjustmentEvents() ?? [];
  }

  /** Simulated mid rates per US dollar at an instant, from the forex pairs (last close while forex is shut). */
  fxRates(at: Instant): Record<string, string> {
    const pairs = this.instrumentList.filter((i) => i.kind === "forex").map((i) => i.symbol);
    return usdRatesFromQuotes(this.quotes(pairs, at));
  }

  /** Units of `to` per unit of `from` at an instant. */
  crossRate(from: string, to: string, at: Instant): string | undefined {
    return crossRate(this.fxRates(at), from, to);
  }

  private seriesOf(symbol: string): PriceSeries | undefined {
    const existing = this.series.get(symbol);
    if (existing) return existing;
    const listing = this.byCode.get(symbol);
    if (!listing) return undefined;
    let created: PriceSeries;
    if (listing.kind === "index") {
      const members = listing.constituents.flatMap((code) => {
        const s = this.seriesOf(code);
        return s instanceof InstrumentSeries ? [s] : [];
      });
      created = new IndexSeries(listing, members, this.seedHash, this.paths);
    } else {
      created = new InstrumentSeries(listing, this.seedHash, this.actions, this.paths);
    }
    this.series.set(symbol, created);
    return created;
  }
}

/** Freezes `value` and every object or array inside it; answers it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
