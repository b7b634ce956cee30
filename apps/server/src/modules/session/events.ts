import { z } from "zod";
import type { Channel } from "../../lib/bus.js";

const sessionsEnded = z.object({ userId: z.string(), sessionId: z.string().optional() });

/**
 * Sessions that stopped granting access on some process: one session (`sessionId`: a logout) or every
 * session of the user (a password change, an account flag). Whatever holds on to a session (an open
 * socket, a cache of sessions) drops it. An event of a revocation made inside a transaction can arrive
 * a moment before that transaction commits, so a reader must not trust a session it loads from the
 * database just after the event more than it trusts the event.
 */
export type SessionsEnded = z.infer<typeof sessionsEnded>;

export const SESSIONS_ENDED: Channel<SessionsEnded> = { name: "sessions-ended", schema: sessionsEnded };

export function endsSession(event: SessionsEnded, session: { userId: string; sessionId: string }): boolean {
  return event.userId === session.userId && (event.sessionId ?? session.sessionId) === session.sessionId;
}
