/** What other modules use of records (CONTRIBUTING, "A server module"): they import it from here. */
export { zonedDateTime } from "./period.js";
