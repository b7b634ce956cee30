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
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../lib/password.js";
import { randomCode } from "../../lib/random.js";
import { addressBucket, type RateLimiter, type RateRule } from "../../lib/rate-limiter.js";
import type { AuthSession, ClientInfo, SessionService } from "../session/service.js";
import * as repo from "./repository.js";

export interface AuthLimits {
  /** Failed log-ins (and wrong original passwords) per account. */
  perAccount: RateRule;
  /** Failed log-ins per client address. */
  perAddress: RateRule;
  /** Registration attempts per client address: each one costs a password hash. */
  registrationsPerAddress: RateRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perAccount: { max: 5, windowMs: 15 * MINUTE },
  perAddress: { max: 20, windowMs: 15 * MINUTE },
  registrationsPerAddress: { max: 20, windowMs: 60 * MINUTE },
};

interface Deps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
}

const accountKey = (account: string) => `login:account:${account.toLowerCase()}`;
const addressKey = (ip: string) => `login:address:${addressBucket(ip)}`;
const registrationKey = (ip: string) => `register:address:${addressBucket(ip)}`;

export class UserService {
  constructor(private readonly deps: Deps) {}

  async register(input: RegisterRequest, client: ClientInfo): Promise<SessionResponse> {
    const { db, clock, sessions, rateLimiter, limits } = this.deps;
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
   * accounts exist. Flags are only revealed to someone who knows the password.
   */
  async login(input: LoginRequest, client: ClientInfo): Promise<SessionResponse> {
    const { db, sessions, rateLimiter, limits } = this.deps;
    const [account, address] = [accountKey(input.account), addressKey(client.ip)];
    // Every attempt is counted before the password is checked; a success gives its count back.
    if (!(await rateLimiter.attempt(account, limits.perAccount))) throw new DomainError("TOO_FREQUENT");
    if (!(await rateLimiter.attempt(address, limits.perAddress))) {
      await rateLimiter.release(account);
      throw new DomainError("TOO_FREQUENT");
    }
    const user = await repo.findUserByAccount(db, input.account);
    const passwordRight = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await burnPasswordCheck(input.password).then(() => false);
    if (!user || !passwordRight) throw new DomainError("WRONG_CREDENTIALS");
    assertMayLogIn(user);
    await rateLimiter.reset(account);
    await rateLimiter.release(address);
    const token = await db.transaction((tx) => sessions.start(tx, user.id, client));
    return { token, account: user.account };
  }

  async logout(session: AuthSession): Promise<void> {
    await this.deps.sessions.revoke(session);
  }

  async getUserinfo(session: AuthSession): Promise<UserInfo> {
    const user = await repo.findUserById(this.deps.db, session.userId);
    if (!user) throw new DomainError("UNAUTHORIZED");
    return toUserInfo(user);
  }

  /** On success every session of the user ends, this one included: the app logs in again. */
  async changeLoginPassword(session: AuthSession, input: ChangeLoginPasswordRequest): Promise<void> {
    const { db, clock, sessions, rateLimiter, limits } = this.deps;
    const key = accountKey(session.account);
    if (!(await rateLimiter.attempt(key, limits.perAccount))) throw new DomainError("TOO_FREQUENT");
    const user = await repo.findUserById(db, session.userId);
    if (!user) throw new DomainError("UNAUTHORIZED");
    if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
      throw new DomainError("ORIGINAL_PASSWORD_WRONG");
    await rateLimiter.release(key); // the right original password: not a guess
    if (input.newPassword === input.oldPassword) throw new DomainError("SAME_PASSWORD");
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

function toUserInfo(user: UserRow): UserInfo {
  return {
    account: user.account,
    realname: user.realname,
    inviteCode: user.inviteCode,
    kycStatus: user.kycStatus,
    fundPasswordSet: user.fundPasswordHash !== null,
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
