import { CURRENCIES } from "@brokerage/api";
import {
  INSTRUMENTS,
  MarketSimulator,
  crossRate,
  isFreshRate,
  perUsdFromQuote,
  usdPairsOf,
  type MarketDataProvider,
} from "@brokerage/core";
import { DEFAULT_MARKET_SEED } from "../market/index.js";

/**
 * Mid exchange rates for the wallets' currencies (spec §9: CNY, TWD, HKD, USD, THB, JPY, VND, MYR, KRW,
 * plus INR), read from the market feed the rest of the app shows: each currency's forex pair against the
 * dollar (`USDINR`, …) in `app.market`, the simulator by default or a recording (MARKET_CSV_DIR).
 *
 * A feed that does not carry a currency's pair at all (a recording of stocks only) leaves that currency
 * to the reference feed: the simulator over the forex pairs of `@brokerage/core`
 * (market/instruments/forex.ts, whose base prices are the documented reference rate of each currency
 * per dollar), with its deterministic drift, marked simulated like every simulated price. A feed that
 * carries the pair but has no fresh quote for it (`isFreshRate`) gives no rate: the caller refuses with
 * RATE_UNAVAILABLE rather than use an old or invented number.
 */
export class FxRates {
  private reference: MarketDataProvider | undefined;

  constructor(
    private readonly feed: MarketDataProvider,
    private readonly referenceFeed: () => MarketDataProvider = forexSimulator,
  ) {}

  /** Units of `currency` per US dollar at `at`, or undefined when there is no fresh rate. */
  perUsd(currency: string, at: Date): string | undefined {
    if (currency === "USD") return "1";
    const pairs = usdPairsOf(currency);
    const source = pairs.some((pair) => this.feed.listing(pair))
      ? this.feed
      : (this.reference ??= this.referenceFeed());
    for (const pair of pairs) {
      if (!source.listing(pair)) continue;
      const quote = source.quote(pair, at.getTime());
      if (!quote || !isFreshRate(quote, at)) return undefined;
      return perUsdFromQuote(currency, quote);
    }
    return undefined;
  }

  /** Per-dollar rates of the currencies that have one (the wallets' currencies by default). */
  table(at: Date, currencies: readonly string[] = CURRENCIES): Record<string, string> {
    const rates: Record<string, string> = {};
    for (const currency of currencies) {
      const rate = this.perUsd(currency, at);
      if (rate !== undefined) rates[currency] = rate;
    }
    return rates;
  }

  /** Units of `to` per unit of `from` at the mid rate, or undefined when either has no fresh rate. */
  mid(from: string, to: string, at: Date): string | undefined {
    return crossRate(this.table(at, [from, to]), from, to);
  }
}

const forexSimulator = (): MarketDataProvider =>
  new MarketSimulator({
    seed: DEFAULT_MARKET_SEED,
    instruments: INSTRUMENTS.filter((i) => i.kind === "forex"),
  });

const byFeed = new WeakMap<MarketDataProvider, FxRates>();

/** The one rate source of a market feed (its reference simulator is built once, when first needed). */
export function fxRatesOf(feed: MarketDataProvider): FxRates {
  let rates = byFeed.get(feed);
  if (!rates) {
    rates = new FxRates(feed);
    byFeed.set(feed, rates);
  }
  return rates;
}
