/** Trading: orders and positions, margin and P&L, states, locks, the limit-order book, ledger entries. */
export * from "./blockTrade.js";
export * from "./placement.js";
export * from "./offeringCheck.js";
export * from "./checks.js";
export * from "./config.js";
export * from "./entries.js";
export * from "./errors.js";
export * from "./leverage.js";
export * from "./locks.js";
export * from "./maths.js";
export * from "./net.js";
export * from "./orderbook.js";
export * from "./quantity.js";
export * from "./states.js";
export * from "./charges.js";
export * from "./charges-config.js";
export * from "./charges-defaults.js";
