/** What other modules use of staff (CONTRIBUTING, "A server module"): they import it from here. */
export { requireStaff, staffAuthPlugin, staffHeaders, staffOf } from "./guard.js";
export { findStaffById } from "./repository.js";
export { staffAnswers } from "./routes.js";
export type { StaffAuth } from "./sessions.js";
