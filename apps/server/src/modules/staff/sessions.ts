import type { AdminRole } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { Bus, Channel } from "../../lib/bus.js";
import { HOUR, MINUTE, type Clock } from "../../lib/clock.js";
import { hashToken, newSessionToken, SESSION_TOKEN_PATTERN } from "../../lib/random.js";
import {
  SessionCache,
  SESSIONS_ENDED,
  type CachedSession,
  type ClientInfo,
  type SessionPolicy,
  type SessionsEnded,
} from "../session/index.js";
import * as repo from "./repository.js";

/** Shorter than app sessions: a back-office session left open on a desk is worth more to a thief. */
export const DEFAULT_STAFF_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * MINUTE,
  absoluteMs: 12 * HOUR,
  touchEveryMs: MINUTE,
  cacheMs: 5_000,
};

/** The staff member a request acts as (`request.staff`). */
export interface StaffAuth {
  /** admin_users.id */
  id: string;
  account: string;
  role: AdminRole;
  sessionId: string;
  /** Two-step log-in is on for this staff member. */
  totpEnabled: boolean;
}

/**
 * Staff sessions that ended, on a channel of their own: the app's listeners (sockets, the user session
 * cache) never see staff ids, and `userId` here is an admin_users id.
 */
export const STAFF_SESSIONS_ENDED: Channel<SessionsEnded> = {
  name: "staff-sessions-ended",
  schema: SESSIONS_ENDED.schema,
};

interface CachedStaffSession extends CachedSession {
  role: AdminRole;
  totpEnabled: boolean;
}

/**
 * Back-office sessions, the counterpart of SessionService over `admin_sessions`: an opaque token of which
 * only the SHA-256 is stored, idle and absolute expiry, a few seconds of cache per process, and ends
 * announced on the bus so that every process drops them at once. It never reads `sessions`, and
 * SessionService never reads `admin_sessions`: neither kind of token opens the other API.
 */
export class StaffSessionService {
  private readonly cache: SessionCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
    private readonly bus: Bus,
    /** ADMIN_REQUIRE_2FA: an administrator must turn two-step log-in on before anything else. */
    readonly requireAdminTotp = false,
  ) {
    this.cache = new SessionCache(policy.cacheMs);
    bus.subscribe(STAFF_SESSIONS_ENDED, (event) => this.cache.drop(event, this.clock.now().getTime()));
  }

  /** Opens a session inside the caller's transaction; the token is returned once and never stored. */
  async start(
    tx: Db,
    adminUserId: string,
    client: ClientInfo,
  ): Promise<{ token: string; sessionId: string }> {
    const token = newSessionToken();
    const now = this.clock.now();
    const absoluteExpiresAt = new Date(now.getTime() + this.policy.absoluteMs);
    const { id } = await repo.insertStaffSession(tx, {
      tokenHash: hashToken(token),
      adminUserId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: this.idleExpiry(now, absoluteExpiresAt),
      absoluteExpiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    return { token, sessionId: id };
  }

  /**
   * The live session of this token when it was issued to this account (as stored), else null. A
   * disabled account has none: disabling ends access once announced (endAllOf), and in any case when
   * the few seconds of the cache have passed. The role is read with the session, so a role change
   * applies within those seconds too.
   */
  async authenticate(token: string, account: string): Promise<StaffAuth | null> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return null;
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    const session =
      (this.cache.get(tokenHash, now) as CachedStaffSession | undefined) ?? (await this.load(tokenHash, now));
    if (!session || session.account !== account) return null;
    if (now >= session.idleExpiresAt || now >= session.absoluteExpiresAt) return null;
    if (now - session.lastSeenAt >= this.policy.touchEveryMs) {
      const idleExpiresAt = this.idleExpiry(new Date(now), new Date(session.absoluteExpiresAt));
      await repo.touchStaffSession(this.db, { id: session.sessionId, now: new Date(now), idleExpiresAt });
      Object.assign(session, { lastSeenAt: now, idleExpiresAt: idleExpiresAt.getTime() });
    }
    return {
      id: session.userId,
      account: session.account,
      role: session.role,
      sessionId: session.sessionId,
      totpEnabled: session.totpEnabled,
    };
  }

  private async load(tokenHash: string, now: number): Promise<CachedStaffSession | null> {
    const row = await repo.findStaffSessionByTokenHash(this.db, tokenHash);
    if (!row || row.disabled || row.session.revokedAt !== null) return null;
    const { session } = row;
    const cached: CachedStaffSession = {
      sessionId: session.id,
      userId: session.adminUserId,
      account: row.account,
      role: row.role,
      totpEnabled: row.totpEnabled,
      lastSeenAt: session.lastSeenAt.getTime(),
      idleExpiresAt: session.idleExpiresAt.getTime(),
      absoluteExpiresAt: session.absoluteExpiresAt.getTime(),
    };
    this.cache.set(tokenHash, cached, now);
    return cached;
  }

  /** Ends one session inside the caller's transaction (a logout); announced at once, see SessionsEnded. */
  async revoke(tx: Db, staff: Pick<StaffAuth, "id" | "sessionId">): Promise<void> {
    await repo.revokeStaffSession(tx, { id: staff.sessionId, adminUserId: staff.id, now: this.clock.now() });
    await this.announce({ userId: staff.id, sessionId: staff.sessionId });
  }

  /** Ends every session of a staff member inside the caller's transaction (password reset, removal). */
  async revokeAllOf(tx: Db, adminUserId: string): Promise<void> {
    await repo.revokeAllStaffSessions(tx, { adminUserId, now: this.clock.now() });
    await this.announce({ userId: adminUserId });
  }

  /**
   * Ends the live use of every session of a staff member once their account is disabled (committed):
   * `authenticate` refuses the sessions while the flag is set, on every process from this moment.
   */
  async endAllOf(adminUserId: string): Promise<void> {
    await this.announce({ userId: adminUserId });
  }

  /** Whether this staff member must enrol in two-step log-in before using anything but their own account. */
  mustEnrol(staff: Pick<StaffAuth, "role" | "totpEnabled">): boolean {
    return this.requireAdminTotp && staff.role === "administrator" && !staff.totpEnabled;
  }

  /**
   * Makes every process read this staff member's sessions afresh (a role or two-step change is seen at
   * once instead of when the cache expires). Nothing is revoked.
   */
  async refresh(adminUserId: string): Promise<void> {
    await this.announce({ userId: adminUserId });
  }

  private announce(event: SessionsEnded): Promise<void> {
    this.cache.drop(event, this.clock.now().getTime());
    return this.bus.publish(STAFF_SESSIONS_ENDED, event);
  }

  private idleExpiry(now: Date, absoluteExpiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.policy.idleMs, absoluteExpiresAt.getTime()));
  }
}
