import type { Db } from "../../db/index.js";
import type { Bus } from "../../lib/bus.js";
import { DAY, MINUTE, type Clock } from "../../lib/clock.js";
import { hashToken, newSessionToken, SESSION_TOKEN_PATTERN } from "../../lib/random.js";
import { SessionCache, type CachedSession } from "./cache.js";
import { SESSIONS_ENDED, type SessionsEnded } from "./events.js";
import * as repo from "./repository.js";

export interface SessionPolicy {
  /** A session unused this long expires. */
  idleMs: number;
  /** A session expires this long after login, however active. */
  absoluteMs: number;
  /** last_seen_at is written at most this often, to spare the database a write per request. */
  touchEveryMs: number;
  /** A live session is read from the database at most this often per process (0: every request). */
  cacheMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 7 * DAY,
  absoluteMs: 30 * DAY,
  touchEveryMs: MINUTE,
  cacheMs: 5_000,
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

/** A session as authenticated now, with the moment it stops granting access unless it is used again. */
export interface LiveSession extends AuthSession {
  /** Epoch ms: the idle expiry, or the absolute one when that comes first. */
  expiresAt: number;
}

export class SessionService {
  private readonly cache: SessionCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
    private readonly bus: Bus,
  ) {
    this.cache = new SessionCache(policy.cacheMs);
    // Ended on any process (this one included): no request here may use it from the cache again.
    bus.subscribe(SESSIONS_ENDED, (event) => this.cache.drop(event, this.clock.now().getTime()));
  }

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
   * The live session of this token, when it was issued to this account; otherwise null. Setting a flag
   * that refuses log-in (frozen, login banned, disabled) revokes the account's sessions; the flag is also
   * checked here, so a session that escaped the revocation grants nothing while the flag is set.
   */
  async authenticate(token: string, account: string): Promise<LiveSession | null> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return null;
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    const session = this.cache.get(tokenHash, now) ?? (await this.load(tokenHash, now));
    if (!session || session.account !== account) return null;
    if (now >= session.idleExpiresAt || now >= session.absoluteExpiresAt) return null;
    if (now - session.lastSeenAt >= this.policy.touchEveryMs) {
      const idleExpiresAt = this.idleExpiry(new Date(now), new Date(session.absoluteExpiresAt));
      await repo.touchSession(this.db, { id: session.sessionId, now: new Date(now), idleExpiresAt });
      Object.assign(session, { lastSeenAt: now, idleExpiresAt: idleExpiresAt.getTime() });
    }
    return {
      sessionId: session.sessionId,
      userId: session.userId,
      account: session.account,
      expiresAt: Math.min(session.idleExpiresAt, session.absoluteExpiresAt),
    };
  }

  /** A session that is not revoked and whose account is not blocked, from the database, then cached. */
  private async load(tokenHash: string, now: number): Promise<CachedSession | null> {
    const row = await repo.findSessionByTokenHash(this.db, tokenHash);
    if (!row || row.blocked || row.session.revokedAt !== null) return null;
    const { session } = row;
    const cached: CachedSession = {
      sessionId: session.id,
      userId: session.userId,
      account: row.account,
      lastSeenAt: session.lastSeenAt.getTime(),
      idleExpiresAt: session.idleExpiresAt.getTime(),
      absoluteExpiresAt: session.absoluteExpiresAt.getTime(),
    };
    this.cache.set(tokenHash, cached, now);
    return cached;
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
   * Announces, once the caller has committed the revocation of every session of the user (a staff action,
   * a flag that refuses log-in), that they have ended: the caches drop them and the quote sockets close,
   * on every process.
   */
  async endAllOf(userId: string): Promise<void> {
    await this.announce({ userId });
  }

  /** Runs `listener` on every process whenever sessions end (see SessionsEnded); returns the unsubscribe. */
  onEnded(listener: (event: SessionsEnded) => void): () => void {
    return this.bus.subscribe(SESSIONS_ENDED, listener);
  }

  /** Dropped here at once, and on the other processes when the event reaches them. */
  private announce(event: SessionsEnded): Promise<void> {
    this.cache.drop(event, this.clock.now().getTime());
    return this.bus.publish(SESSIONS_ENDED, event);
  }

  private idleExpiry(now: Date, absoluteExpiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.policy.idleMs, absoluteExpiresAt.getTime()));
  }
}
