/** What other modules use of common (CONTRIBUTING, "A server module"): they import it from here. */
export { insertMissingConfig } from "./repository.js";
export { ConfigService, DEFAULT_CONFIG } from "./service.js";
