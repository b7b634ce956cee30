import type {
  ChangeLoginPasswordRequest,
  LoginRequest,
  RegisterRequest,
  SessionResponse,
  UserInfo,
} from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { UserRow } from "../../db/schema/index.js";
import { MINUTE, type Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import {
  DEFAULT_LOGIN_THROTTLE,
  LoginThrottle,
  type LoginThrottleRules,
  type Sleep,
} from "../../lib/login-throttle.js";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../lib/password.js";
import { passwordWeakness } from "../../lib/password-policy.js";
import { randomCode } from "../../lib/random.js";
import { addressBucket, type RateLimiter, type RateRule } from "../../lib/rate-limiter.js";
import type { AuthSession, ClientInfo, SessionService } from "../session/index.js";
import { UserSecondFactors, type SecondFactor } from "../two-step/index.js";
import * as repo from "./repository.js";

export interface AuthLimits extends LoginThrottleRules {
  /** Wrong original passwords per user when changing the password: the session holder's own guesses. */
  passwordChecksPerUser: RateRule;
  /** Registration attempts per client address: each one costs a password hash. */
  registrationsPerAddress: RateRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  ...DEFAULT_LOGIN_THROTTLE,
  passwordChecksPerUser: { max: 5, windowMs: 15 * MINUTE },
  registrationsPerAddress: { max: 20, windowMs: 60 * MINUTE },
};

interface Deps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  /** How a slowed log-in waits (tests record the waits instead). */
  sleep?: Sleep | undefined;
}

const registrationKey = (ip: string) => `register:address:${addressBucket(ip)}`;
const passwordCheckKey = (userId: string) => `password-check:user:${userId}`;

/**
 * Whom a log-in attempt is counted against: the account the lookup found, however it was spelled, or
 * else the typed name folded once (an unknown account is throttled like a known one).
 */
const loginSubject = (user: UserRow | undefined, typed: string) =>
  user ? `user:${user.id}` : `name:${typed.normalize("NFKC").toLowerCase()}`;

async function assertStrongPassword(password: string, account: string, field: string): Promise<void> {
  const weakness = await passwordWeakness(password, account);
  if (weakness) throw new DomainError(weakness, { field });
}

export class UserService {
  private readonly throttle: LoginThrottle;
  private readonly secondFactors: UserSecondFactors;

  constructor(private readonly deps: Deps) {
    this.throttle = new LoginThrottle(deps.rateLimiter, deps.limits, deps.sleep);
    this.secondFactors = new UserSecondFactors(deps);
  }

  async register(input: RegisterRequest, client: ClientInfo): Promise<SessionResponse> {
    const { db, clock, sessions, rateLimiter, limits } = this.deps;
    await assertStrongPassword(input.password, input.account, "password");
    const key = registrationKey(client.ip);
    if (!(await rateLimiter.attempt(key, limits.registrationsPerAddress)))
      throw new DomainError("TOO_FREQUENT");
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction(async (tx) => {
        const inviter = await this.resolveInviter(tx, input.inviteCode);
        if (await repo.findUserByAccount(tx, input.account)) throw new DomainError("ACCOUNT_EXISTS");
        const now = clock.now();
        const user = await repo.insertUser(tx, {
          account: input.account,
          passwordHash,
          inviteCode: await this.freshInviteCode(tx),
          inviterUserId: inviter.inviterUserId,
          institutionId: inviter.institutionId,
          createdAt: now,
          updatedAt: now,
        });
        const token = await sessions.start(tx, user.id, client);
        return { token, account: user.account };
      });
    } catch (error) {
      // Two registrations of one account racing past the check above: the unique index decides.
      if (uniqueViolation(error) === "users_account_lower_unique") throw new DomainError("ACCOUNT_EXISTS");
      if (uniqueViolation(error) !== undefined) throw new DomainError("REGISTRATION_FAILED");
      throw error;
    }
  }

  /**
   * Unknown account and wrong password answer alike (and take as long), so logins cannot probe which
   * accounts exist. Flags are only revealed to someone who knows the password. Strangers' failures slow
   * an account down but never lock its owner out (LoginThrottle); the owner hears of them at the next
   * log-in.
   */
  async login(input: LoginRequest, client: ClientInfo): Promise<SessionResponse> {
    const { db, clock, sessions } = this.deps;
    const user = await repo.findUserByAccount(db, input.account);
    const attempt = await this.throttle.begin(loginSubject(user, input.account), client.ip);
    const passwordRight = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await burnPasswordCheck(input.password).then(() => false);
    if (!user || !passwordRight) {
      if (user) await repo.recordFailedLogin(db, { userId: user.id, at: clock.now() });
      throw new DomainError("WRONG_CREDENTIALS");
    }
    // With two-step log-in on, an attempt without the code or with a wrong one stays counted as failed:
    // whoever has the password gets no more guesses at the code than at the password.
    const secondFactor = user.totpEnabledAt ? await this.secondFactorOf(user, input.otp) : undefined;
    return db.transaction(async (tx) => {
      // OTP_INVALID here: a concurrent log-in spent this very code (a double tap), not a guess.
      await secondFactor?.spend(tx);
      await attempt.succeeded();
      // Flags are only told to whoever knows the password and, with two-step log-in on, the code.
      assertMayLogIn(user);
      const failed = await repo.takeFailedLogins(tx, user.id);
      const token = await sessions.start(tx, user.id, client);
      return {
        token,
        account: user.account,
        ...(failed?.lastAt && { failedLogins: { count: failed.count, lastAt: failed.lastAt.toISOString() } }),
      };
    });
  }

  /**
   * The code of a log-in with two-step log-in on (see two-step/second-factor.ts): wrong codes lock the
   * account's code step, whatever the address. A refused code is told to the owner at the next log-in
   * like a wrong password: whoever typed it knew the password.
   */
  private async secondFactorOf(user: UserRow, otp: string | undefined): Promise<SecondFactor> {
    try {
      return await this.secondFactors.check(user, otp);
    } catch (error) {
      if (error instanceof DomainError && error.code !== "OTP_REQUIRED")
        await repo.recordFailedLogin(this.deps.db, { userId: user.id, at: this.deps.clock.now() });
      throw error;
    }
  }

  async logout(session: AuthSession): Promise<void> {
    await this.deps.sessions.revoke(session);
  }

  async getUserinfo(session: AuthSession): Promise<UserInfo> {
    const user = await repo.findUserProfile(this.deps.db, session.userId);
    if (!user) throw new DomainError("UNAUTHORIZED");
    return toUserInfo(user);
  }

  /** On success every session of the user ends, this one included: the app logs in again. */
  async changeLoginPassword(session: AuthSession, input: ChangeLoginPasswordRequest): Promise<void> {
    const { db, clock, sessions, rateLimiter, limits } = this.deps;
    const key = passwordCheckKey(session.userId);
    if (!(await rateLimiter.attempt(key, limits.passwordChecksPerUser)))
      throw new DomainError("TOO_FREQUENT");
    const user = await repo.findUserById(db, session.userId);
    if (!user) throw new DomainError("UNAUTHORIZED");
    if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
      throw new DomainError("ORIGINAL_PASSWORD_WRONG");
    await rateLimiter.release(key); // the right original password: not a guess
    if (input.newPassword === input.oldPassword) throw new DomainError("SAME_PASSWORD");
    await assertStrongPassword(input.newPassword, user.account, "newPassword");
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, { userId: user.id, passwordHash, now: clock.now() });
      await sessions.revokeAllOf(tx, user.id);
    });
  }

  /** An invitation code is an institution's code or any user's own code. */
  private async resolveInviter(tx: Db, inviteCode: string) {
    const institution = await repo.findInstitutionByInviteCode(tx, inviteCode);
    if (institution) return { inviterUserId: null, institutionId: institution.id };
    const inviter = await repo.findUserByInviteCode(tx, inviteCode);
    if (inviter) return { inviterUserId: inviter.id, institutionId: inviter.institutionId };
    throw new DomainError("INVITER_NOT_FOUND");
  }

  private async freshInviteCode(tx: Db): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = randomCode();
      if (!(await repo.inviteCodeTaken(tx, code))) return code;
    }
    throw new DomainError("REGISTRATION_FAILED");
  }
}

function assertMayLogIn(user: UserRow): void {
  if (user.disabled) throw new DomainError("ACCOUNT_DISABLED");
  if (user.frozen) throw new DomainError("ACCOUNT_FROZEN");
  if (user.loginBanned) throw new DomainError("LOGIN_BANNED");
}

function toUserInfo(user: NonNullable<Awaited<ReturnType<typeof repo.findUserProfile>>>): UserInfo {
  return {
    account: user.account,
    realname: user.realname,
    inviteCode: user.inviteCode,
    kycStatus: user.kycStatus,
    fundPasswordSet: user.fundPasswordSet,
    creditScore: user.creditScore,
    flags: {
      frozen: user.frozen,
      loginBanned: user.loginBanned,
      disabled: user.disabled,
      tradeBanned: user.tradeBanned,
      withdrawBanned: user.withdrawBanned,
    },
    createdAt: user.createdAt.toISOString(),
  };
}
