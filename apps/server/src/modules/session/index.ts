/** What other modules use of session (CONTRIBUTING, "A server module"): they import it from here. */
export { SessionCache, type CachedSession } from "./cache.js";
export { endsSession, SESSIONS_ENDED, type SessionsEnded } from "./events.js";
export type { AuthSession, ClientInfo, LiveSession, SessionPolicy, SessionService } from "./service.js";
