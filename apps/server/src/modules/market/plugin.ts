import { BoardOverlay, type MarketDataProvider } from "@brokerage/core";
import { shared } from "../../plugins/shared.js";
import { createMarketProvider, type MarketSource } from "./provider.js";
import { MarketService } from "./service.js";
import { LocalTickHub, type TickHub } from "./stream/hub.js";
import { RedisTickHub } from "./stream/redis-hub.js";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The process's one market-data provider: every price is read through it. Its boards can move (a new
     * share listed by its offering: modules/ipo/boards.ts).
     */
    market: BoardOverlay;
    /** Quotes, candles, lists and search on top of the provider at the clock's "now". */
    marketData: MarketService;
    /** Pushes price changes to socket subscribers. */
    ticks: TickHub;
  }
}

export interface MarketOptions extends MarketSource {
  /** A ready provider (tests); otherwise built from `csvDir` or `seed`. */
  provider?: MarketDataProvider;
  /** REDIS_URL: ticks fan out through Redis so that one process computes them for all. */
  redisUrl?: string;
  /** How often subscribed symbols are re-quoted for the stream (default 1 s). */
  tickIntervalMs?: number;
}

export const marketPlugin = shared<MarketOptions>(async (app, options) => {
  const provider = new BoardOverlay(options.provider ?? createMarketProvider(options, app.log));
  const hubOptions = { provider, clock: app.clock, intervalMs: options.tickIntervalMs ?? 1000 };
  const hub: TickHub = options.redisUrl
    ? new RedisTickHub({ ...hubOptions, url: options.redisUrl, log: app.log })
    : new LocalTickHub(hubOptions);
  app.decorate("market", provider);
  app.decorate("marketData", new MarketService(provider, app.clock));
  app.decorate("ticks", hub);
  app.addHook("onClose", () => hub.close());
});
