import {
  ROLE_PERMISSIONS,
  type StaffLoginRequest,
  type StaffMe,
  type StaffSession,
  type TotpConfirmation,
} from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { adminUsers } from "../../db/schema/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import {
  DEFAULT_LOGIN_THROTTLE,
  LoginThrottle,
  type LoginThrottleRules,
  type Sleep,
} from "../../lib/login-throttle.js";
import { burnPasswordCheck, verifyPassword } from "../../lib/password.js";
import type { RateLimiter } from "../../lib/rate-limiter.js";
import {
  DEFAULT_SECOND_FACTOR_RULES,
  SecondFactorLock,
  type SecondFactorLocked,
  type SecondFactorRules,
  type VerifiedFactor,
} from "../../lib/second-factor.js";
import { newRecoveryCodes, newTotpSecret, totpUri, verifyTotp } from "../../lib/totp.js";
import { appendAudit } from "../admin/index.js";
import type { ClientInfo } from "../session/index.js";
import * as repo from "./repository.js";
import type { StaffAuth, StaffSessionService } from "./sessions.js";

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = "Brokerage back office";

/** Counted apart from app log-ins: a guess at a staff password never slows a user down, or back. */
export const STAFF_LOGIN_SCOPE = "staff-login";
const STAFF_SECOND_FACTOR_SCOPE = "staff-two-step";

export const AUDIT = {
  login: "staff.login",
  loginFailed: "staff.loginFailed",
  logout: "staff.logout",
  totpEnrolStarted: "staff.totpEnrolStarted",
  totpEnrolRefused: "staff.totpEnrolRefused",
  totpEnabled: "staff.totpEnabled",
  totpConfirmFailed: "staff.totpConfirmFailed",
  totpLocked: "staff.totpLocked",
  recoveryCodesLocked: "staff.recoveryCodesLocked",
} as const;

type AdminUserRow = typeof adminUsers.$inferSelect;

interface Deps {
  db: Db;
  clock: Clock;
  sessions: StaffSessionService;
  rateLimiter: RateLimiter;
  limits?: LoginThrottleRules | undefined;
  secondFactor?: Partial<SecondFactorRules> | undefined;
  /** How a slowed log-in waits (tests record the waits instead). */
  sleep?: Sleep | undefined;
}

export const staffTarget = (id: string | undefined) => `staff:${id ?? "unknown"}`;

/** Whom an attempt counts against: the account found, or the typed name folded once (see LoginThrottle). */
const loginSubject = (staff: AdminUserRow | undefined, typed: string) =>
  staff ? `staff:${staff.id}` : `name:${typed.normalize("NFKC").toLowerCase()}`;

const clientDetails = (client: ClientInfo) => ({
  ip: client.ip,
  ...(client.userAgent && { userAgent: client.userAgent.slice(0, 512) }),
});

/**
 * Staff log-in and the staff member's own two-step setup. Every log-in attempt and every action leaves
 * exactly one audit row: a success in the transaction of its effect, a failure on its own.
 */
export class StaffAuthService {
  private readonly throttle: LoginThrottle;
  private readonly secondFactor: SecondFactorLock;

  constructor(private readonly deps: Deps) {
    this.throttle = new LoginThrottle(
      deps.rateLimiter,
      deps.limits ?? DEFAULT_LOGIN_THROTTLE,
      deps.sleep,
      STAFF_LOGIN_SCOPE,
    );
    this.secondFactor = new SecondFactorLock(
      deps.rateLimiter,
      deps.clock,
      { ...DEFAULT_SECOND_FACTOR_RULES, ...deps.secondFactor },
      STAFF_SECOND_FACTOR_SCOPE,
    );
  }

  /**
   * As user log-in: an unknown account and a wrong password answer alike and take as long; a flag is
   * only told to whoever knows the password (and the code). With two-step log-in on, a missing code
   * answers OTP_REQUIRED and a wrong or used one OTP_INVALID; both stay counted as failed attempts, so
   * someone who has the password gets no more guesses at the code than at the password. Wrong codes
   * from anywhere lock the account's code step (TOTP_LOCKED; recovery codes apart), audited once.
   */
  async login(input: StaffLoginRequest, client: ClientInfo): Promise<StaffSession> {
    const staff = await repo.findStaffByAccount(this.deps.db, input.account);
    try {
      return await this.attemptLogin(staff, input, client);
    } catch (error) {
      const known = error instanceof DomainError;
      const audit = appendAudit(this.deps.db, {
        adminUserId: staff?.id ?? null,
        actor: input.account,
        action: AUDIT.loginFailed,
        target: staffTarget(staff?.id),
        reason: known ? error.code : "INTERNAL",
        details: clientDetails(client),
        createdAt: this.deps.clock.now(),
      });
      // A fault (the database gone) is answered as itself, even when its audit row cannot be written.
      await (known ? audit : audit.catch(() => undefined));
      throw error;
    }
  }

  private async attemptLogin(
    staff: AdminUserRow | undefined,
    input: StaffLoginRequest,
    client: ClientInfo,
  ): Promise<StaffSession> {
    const { db, clock, sessions } = this.deps;
    const attempt = await this.throttle.begin(loginSubject(staff, input.account), client.ip);
    const passwordRight = staff
      ? await verifyPassword(staff.passwordHash, input.password)
      : await burnPasswordCheck(input.password).then(() => false);
    if (!staff || !passwordRight) throw new DomainError("WRONG_CREDENTIALS");
    const factor =
      staff.totpEnabledAt && staff.totpSecret
        ? await this.secondFactor.verify(staff.id, staff, input.otp, (locked) =>
            this.auditLock(staff, locked, client),
          )
        : undefined;
    return db.transaction(async (tx) => {
      // OTP_INVALID here: a concurrent log-in spent this very code (a double tap), not a guess.
      if (factor && !(await spend(tx, staff.id, factor))) throw new DomainError("OTP_INVALID");
      await attempt.succeeded();
      if (staff.disabled) throw new DomainError("ACCOUNT_DISABLED");
      const { token, sessionId } = await sessions.start(tx, staff.id, client);
      await appendAudit(tx, {
        adminUserId: staff.id,
        actor: input.account,
        action: AUDIT.login,
        target: staffTarget(staff.id),
        reason: null,
        details: {
          ...clientDetails(client),
          sessionId,
          twoStep: factor !== undefined,
          ...(factor?.kind === "recovery" && { recoveryCode: true }),
        },
        createdAt: clock.now(),
      });
      return { token, account: staff.account, role: staff.role };
    });
  }

  /** A lock set by wrong codes: audited on its own, beside the failed log-in that set it. */
  private async auditLock(staff: AdminUserRow, { kind, until }: SecondFactorLocked, client: ClientInfo) {
    await appendAudit(this.deps.db, {
      adminUserId: staff.id,
      actor: staff.account,
      action: kind === "totp" ? AUDIT.totpLocked : AUDIT.recoveryCodesLocked,
      target: staffTarget(staff.id),
      reason: null,
      details: { ...clientDetails(client), until: until.toISOString() },
      createdAt: this.deps.clock.now(),
    });
  }

  async logout(staff: StaffAuth, client: ClientInfo): Promise<void> {
    const { db, clock, sessions } = this.deps;
    await db.transaction(async (tx) => {
      await sessions.revoke(tx, staff);
      await appendAudit(tx, {
        adminUserId: staff.id,
        actor: staff.account,
        action: AUDIT.logout,
        target: staffTarget(staff.id),
        reason: null,
        details: { ...clientDetails(client), sessionId: staff.sessionId },
        createdAt: clock.now(),
      });
    });
  }

  async me(staff: StaffAuth): Promise<StaffMe> {
    const row = await repo.findStaffById(this.deps.db, staff.id);
    if (!row || row.disabled) throw new DomainError("UNAUTHORIZED");
    return {
      id: row.id,
      account: row.account,
      role: row.role,
      permissions: [...ROLE_PERMISSIONS[row.role]],
      totpEnabled: row.totpEnabledAt !== null,
      totpRequired: this.deps.sessions.mustEnrol({ role: row.role, totpEnabled: row.totpEnabledAt !== null }),
    };
  }

  /**
   * A new secret for the staff member's authenticator, not required at log-in until confirmed. Asking
   * again before confirming replaces it. Once two-step log-in is on, a session alone cannot replace the
   * secret (whoever took over a session could otherwise lock the owner out): TOTP_ALREADY_ENABLED.
   */
  async enrollTotp(staff: StaffAuth): Promise<{ secret: string; uri: string }> {
    const secret = newTotpSecret();
    await this.audited(staff, AUDIT.totpEnrolStarted, AUDIT.totpEnrolRefused, async (tx, now) => {
      if (!(await repo.startTotpEnrolment(tx, { id: staff.id, secret, now })))
        throw new DomainError("TOTP_ALREADY_ENABLED");
    });
    return { secret, uri: totpUri({ secret, issuer: TOTP_ISSUER, label: staff.account }) };
  }

  /**
   * Turns two-step log-in on once a code of the enrolled secret verifies; the code's step counts as
   * used, so it cannot open a log-in afterwards. Answers ten recovery codes, each good for one log-in:
   * the only time they exist outside the staff member's hands (only their hashes are kept). Already
   * on: TOTP_ALREADY_ENABLED; no enrolment started: TOTP_NOT_ENROLLED.
   */
  async confirmTotp(staff: StaffAuth, otp: string): Promise<TotpConfirmation> {
    const { codes, hashes } = newRecoveryCodes();
    await this.audited(staff, AUDIT.totpEnabled, AUDIT.totpConfirmFailed, async (tx, now) => {
      const row = await repo.findStaffById(tx, staff.id);
      const secret = row?.totpSecret;
      if (row?.totpEnabledAt) throw new DomainError("TOTP_ALREADY_ENABLED");
      if (!row || !secret) throw new DomainError("TOTP_NOT_ENROLLED");
      const result = verifyTotp({ secret, code: otp, at: now, lastUsedStep: row.totpLastStep });
      if (!result.ok || !(await repo.claimTotpStep(tx, { id: staff.id, step: result.step })))
        throw new DomainError("OTP_INVALID");
      // Replaced by another enrolment, or confirmed by a concurrent call, since it was read.
      if (!(await repo.enableTotp(tx, { id: staff.id, secret, recoveryHashes: hashes, now })))
        throw new DomainError("TOTP_NOT_ENROLLED");
    });
    // The guard reads two-step state with the session: seen at once where ADMIN_REQUIRE_2FA waits for it.
    await this.deps.sessions.refresh(staff.id);
    return { recoveryCodes: codes };
  }

  /**
   * Runs a staff member's action in one transaction with its audit row; a refusal rolls the action
   * back and is audited on its own, with its code as the reason. Either way: exactly one row.
   */
  private async audited(
    staff: StaffAuth,
    done: string,
    refused: string,
    action: (tx: Db, now: Date) => Promise<void>,
  ): Promise<void> {
    const { db, clock } = this.deps;
    const entry = { adminUserId: staff.id, actor: staff.account, target: staffTarget(staff.id), details: {} };
    try {
      await db.transaction(async (tx) => {
        const now = clock.now();
        await action(tx, now);
        await appendAudit(tx, { ...entry, action: done, reason: null, createdAt: now });
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await appendAudit(db, { ...entry, action: refused, reason: error.code, createdAt: clock.now() });
      throw error;
    }
  }
}

/** Marks a verified factor used; false when a concurrent log-in spent it first. */
function spend(tx: Db, id: string, factor: VerifiedFactor): Promise<boolean> {
  return factor.kind === "totp"
    ? repo.claimTotpStep(tx, { id, step: factor.step })
    : repo.spendRecoveryHash(tx, { id, hash: factor.hash });
}
