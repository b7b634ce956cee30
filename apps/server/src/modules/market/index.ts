/** What other modules use of market (CONTRIBUTING, "A server module"): they import it from here. */
export { DEFAULT_MARKET_SEED } from "./provider.js";
export type { MarketService } from "./service.js";
