/** Currency exchange and the account centre's conversions (issue 8): quote math, rate freshness, totals. */
export * from "./quote.js";
export * from "./rates.js";
export * from "./overview.js";
