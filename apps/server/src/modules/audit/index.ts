/** What other modules use of audit (CONTRIBUTING, "A server module"): they import it from here. */
export {
  readAuditHook,
  readOfList,
  readOfUser,
  userInBody,
  type ReadSubject,
  type StaffRead,
} from "./reads.js";
export { recordStaffAction, recordSystemAction, reviewTarget, userTarget } from "./record.js";
export { auditTrailOf, escapeLike } from "./repository.js";
export { listAudit, toAuditEntry, usersOfAuditPage } from "./service.js";
