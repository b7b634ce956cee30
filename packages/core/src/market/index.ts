/** The market domain: exchanges and calendars, instruments, the simulator and replay providers. */
export * from "./adjustment.js";
export * from "./calendar.js";
export * from "./candles.js";
export * from "./corporate-actions.js";
export * from "./csv.js";
export * from "./exchanges.js";
export * from "./fx.js";
export * from "./lots.js";
export { CURRENCY_NAMES, INDICES, INSTRUMENTS } from "./instruments/index.js";
export * from "./rankings.js";
export * from "./replay.js";
export * from "./search.js";
export { MarketSimulator, type SimulatorOptions } from "./simulator/simulator.js";
export { PIVOT_DATE } from "./simulator/instrument-series.js";
export * from "./ticks.js";
export * from "./time.js";
export * from "./types.js";
export * from "./boards.js";
