/** What other modules use of support (CONTRIBUTING, "A server module"): they import it from here. */
export { complaintEscalation, escalateDue } from "./escalation.js";
