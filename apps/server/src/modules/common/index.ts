/** What other modules use of common (CONTRIBUTING, "A server module"): they import it from here. */
export { ConfigService } from "./service.js";
