/** What other modules use of day-trading (CONTRIBUTING, "A server module"): they import it from here. */
export { checkWithinAllowance, lockedAllowance } from "./allowance.js";
