import type { Db } from "../../db/index.js";
import type { Bus } from "../../lib/bus.js";
import { DAY, MINUTE, type Clock } from "../../lib/clock.js";
import { hashToken, newSessionToken, SESSION_TOKEN_PATTERN } from "../../lib/random.js";
import { SESSIONS_ENDED, type SessionsEnded } from "./events.js";
import * as repo from "./repository.js";

export interface SessionPolicy {
  /** A session unused this long expires. */
  idleMs: number;
  /** A session expires this long after login, however active. */
  absoluteMs: number;
  /** last_seen_at is written at most this often, to spare the database a write per request. */
  touchEveryMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 7 * DAY,
  absoluteMs: 30 * DAY,
  touchEveryMs: MINUTE,
};

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface AuthSession {
  sessionId: string;
  userId: string;
  account: string;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
    private readonly bus: Bus,
  ) {}

  /** Opens a session inside the caller's transaction and returns the token (shown once, never stored). */
  async start(tx: Db, userId: string, client: ClientInfo): Promise<string> {
    const token = newSessionToken();
    const now = this.clock.now();
    const absoluteExpiresAt = new Date(now.getTime() + this.policy.absoluteMs);
    await repo.insertSession(tx, {
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: this.idleExpiry(now, absoluteExpiresAt),
      absoluteExpiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    return token;
  }

  /**
   * The live session of this token, when it was issued to this account; otherwise null. A frozen,
   * login-banned or disabled account has no live session: the flag ends access at the next request,
   * and the log-in screen then tells the user why.
   */
  async authenticate(token: string, account: string): Promise<AuthSession | null> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return null;
    const row = await repo.findSessionByTokenHash(this.db, hashToken(token));
    if (!row || row.account !== account || row.blocked) return null;
    const { session } = row;
    const now = this.clock.now();
    if (session.revokedAt !== null) return null;
    if (now >= session.idleExpiresAt || now >= session.absoluteExpiresAt) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= this.policy.touchEveryMs) {
      await repo.touchSession(this.db, {
        id: session.id,
        now,
        idleExpiresAt: this.idleExpiry(now, session.absoluteExpiresAt),
      });
    }
    return { sessionId: session.id, userId: session.userId, account: row.account };
  }

  async revoke(session: AuthSession): Promise<void> {
    await repo.revokeSession(this.db, {
      id: session.sessionId,
      userId: session.userId,
      now: this.clock.now(),
    });
    await this.announce({ userId: session.userId, sessionId: session.sessionId });
  }

  /**
   * Revokes every session of the user inside the caller's transaction. The event goes out at once, before
   * the commit, since this service never sees the commit; see SessionsEnded.
   */
  async revokeAllOf(tx: Db, userId: string): Promise<void> {
    await repo.revokeUserSessions(tx, { userId, now: this.clock.now() });
    await this.announce({ userId });
  }

  /**
   * Ends the user's live use of every session, on every process, once a frozen, login-banned or
   * disabled flag is committed. The sessions stay unrevoked: `authenticate` refuses them while the flag
   * is set, and what lifting it should bring back is the flag's business.
   */
  async endAllOf(userId: string): Promise<void> {
    await this.announce({ userId });
  }

  /** Runs `listener` on every process whenever sessions end (see SessionsEnded); returns the unsubscribe. */
  onEnded(listener: (event: SessionsEnded) => void): () => void {
    return this.bus.subscribe(SESSIONS_ENDED, listener);
  }

  private announce(event: SessionsEnded): Promise<void> {
    return this.bus.publish(SESSIONS_ENDED, event);
  }

  private idleExpiry(now: Date, absoluteExpiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.policy.idleMs, absoluteExpiresAt.getTime()));
  }
}
