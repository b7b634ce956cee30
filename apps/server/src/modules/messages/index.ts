/** What other modules use of messages (CONTRIBUTING, "A server module"): they import it from here. */
export { MessageService, type NewMessage } from "./service.js";
