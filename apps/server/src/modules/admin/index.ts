/** What other modules use of admin (CONTRIBUTING, "A server module"): they import it from here. */
export { appendAudit } from "./repository.js";
