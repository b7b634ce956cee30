/** What other modules use of securities lending (CONTRIBUTING, "A server module"): they import it from here. */
export { LendingRebates, referenceOf } from "./rebates.js";
