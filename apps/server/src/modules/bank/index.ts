/** What other modules use of bank (CONTRIBUTING, "A server module"): they import it from here. */
export { countBound } from "./repository.js";
