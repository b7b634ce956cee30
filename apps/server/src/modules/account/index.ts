/** What other modules use of account (CONTRIBUTING, "A server module"): they import it from here. */
export type { PositionValuation } from "./valuation.js";
