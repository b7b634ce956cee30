/** What other modules use of two-step (CONTRIBUTING, "A server module"): they import it from here. */
export { UserSecondFactors, type SecondFactor } from "./second-factor.js";
