/** What other modules use of fund-password (CONTRIBUTING, "A server module"): they import it from here. */
export { FundPasswordService } from "./service.js";
