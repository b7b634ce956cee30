import { CRYPTO_ASSETS } from "./crypto.js";
import { FOREX_PAIRS } from "./forex.js";
import { INDIA_STOCKS } from "./india.js";
import { buildIndices } from "./indices.js";
import { KOREA_STOCKS } from "./korea.js";
import { MALAYSIA_STOCKS } from "./malaysia.js";
import { THAILAND_STOCKS } from "./thailand.js";
import { US_STOCKS } from "./us.js";
import type { Instrument, MarketIndex } from "../types.js";

export { CURRENCY_NAMES } from "./forex.js";
export { codeFraction } from "./build.js";

/** The built-in catalogue: stocks of five markets, crypto and forex. */
export const INSTRUMENTS: readonly Instrument[] = [
  ...INDIA_STOCKS,
  ...US_STOCKS,
  ...KOREA_STOCKS,
  ...MALAYSIA_STOCKS,
  ...THAILAND_STOCKS,
  ...CRYPTO_ASSETS,
  ...FOREX_PAIRS,
];

export const INDICES: readonly MarketIndex[] = buildIndices(INSTRUMENTS);
