/** The published calendars of each market, one file per market. */
export { FOREX } from "./forex.js";
export { INDIA } from "./india.js";
export { KOREA } from "./korea.js";
export { MALAYSIA } from "./malaysia.js";
export { THAILAND } from "./thailand.js";
export { UNITED_STATES } from "./us.js";
