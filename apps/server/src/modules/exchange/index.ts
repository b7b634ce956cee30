/** What other modules use of exchange (CONTRIBUTING, "A server module"): they import it from here. */
export { FxRates, fxRatesOf } from "./rates.js";
