/** What other modules use of user (CONTRIBUTING, "A server module"): they import it from here. */
export { inviteCodeTaken } from "./repository.js";
