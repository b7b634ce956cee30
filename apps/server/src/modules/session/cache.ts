import type { SessionsEnded } from "./events.js";
import { endsSession } from "./events.js";

/** What a request needs of its session, kept a few seconds so that a burst of calls reads it once. */
export interface CachedSession {
  sessionId: string;
  userId: string;
  account: string;
  lastSeenAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

/** Entries kept at most; past it the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * Live sessions by token hash, each for at most `ttlMs`. Whatever ends a session (logout, password change,
 * a flag) drops it at once through the sessions-ended event, on every process. Such an event can arrive a
 * moment before the revocation commits, so for `ttlMs` after it the user's sessions are not cached again:
 * a read of the database racing the commit cannot put the ended session back.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: CachedSession; until: number }>();
  private readonly endedAt = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.session;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, session: CachedSession, now: number): void {
    if (this.ttlMs <= 0) return;
    const ended = this.endedAt.get(session.userId);
    if (ended !== undefined && now - ended < this.ttlMs) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(tokenHash); // re-inserted last: the map's order is the age order
    this.entries.set(tokenHash, { session, until: now + this.ttlMs });
  }

  drop(event: SessionsEnded, now: number): void {
    for (const [key, { session }] of this.entries) {
      if (endsSession(event, session)) this.entries.delete(key);
    }
    this.endedAt.set(event.userId, now);
    for (const [userId, at] of this.endedAt) if (now - at >= this.ttlMs) this.endedAt.delete(userId);
  }
}
