import type { ChangeFundPasswordRequest, SetFundPasswordRequest } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import { HOUR, MINUTE, type Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import type { RateLimiter, RateRule } from "../../lib/rate-limiter.js";
import * as repo from "./repository.js";

export interface FundPasswordRules {
  /** Wrong fund passwords in a row that lock fund operations. */
  maxFailures: number;
  /** How long the lock lasts, from the failure that set it. */
  lockMs: number;
  /**
   * Changes per user whose new fund password is compared with the login password. Every answer of that
   * comparison tells whether a guess is the login password, so a stolen session that knows its own fund
   * password must not be able to ask it over and over.
   */
  changesPerUser: RateRule;
}

export const DEFAULT_FUND_PASSWORD_RULES: FundPasswordRules = {
  maxFailures: 5,
  lockMs: 30 * MINUTE,
  changesPerUser: { max: 5, windowMs: HOUR },
};

export interface FundPasswordStatus {
  set: boolean;
  /** ISO instant while fund operations are locked, else null. */
  lockedUntil: string | null;
}

interface Deps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  rules?: Partial<FundPasswordRules> | undefined;
}

const changeKey = (userId: string) => `fund-password-change:user:${userId}`;

/**
 * The fund password (DESIGN §5 Users): separate from the login password, set once, changed with the old
 * one. `verify` is the gate every fund operation (withdrawal, trading) passes; wrong passwords are
 * counted in the database, and `maxFailures` in a row lock fund operations for `lockMs`.
 */
export class FundPasswordService {
  private readonly rules: FundPasswordRules;

  constructor(private readonly deps: Deps) {
    this.rules = { ...DEFAULT_FUND_PASSWORD_RULES, ...deps.rules };
  }

  /**
   * Resolves when `fundPassword` is the user's fund password; throws FUND_PASSWORD_NOT_SET,
   * FUND_PASSWORD_LOCKED {until} or FUND_PASSWORD_WRONG (FUND_PASSWORD_LOCKED when this failure
   * reached the limit). The failure is counted through `handle`: pass the database and call it before
   * opening the operation's transaction, because a failure counted inside a transaction is rolled back
   * with it when the error propagates, and the lock would never come.
   */
  async verify(handle: Db, userId: string, fundPassword: string): Promise<void> {
    await this.check(handle, userId, fundPassword);
  }

  async status(userId: string): Promise<FundPasswordStatus> {
    const state = await repo.findFundPasswordState(this.deps.db, userId);
    if (!state) throw new DomainError("UNAUTHORIZED");
    const lockedUntil = this.activeLock(state.lockedUntil);
    return { set: state.fundPasswordHash !== null, lockedUntil: lockedUntil?.toISOString() ?? null };
  }

  async set(userId: string, input: SetFundPasswordRequest): Promise<void> {
    const { db, clock } = this.deps;
    const state = await repo.findFundPasswordState(db, userId);
    if (!state) throw new DomainError("UNAUTHORIZED");
    if (state.fundPasswordHash !== null) throw new DomainError("FUND_PASSWORD_ALREADY_SET");
    // One guess at the login password at most: any other answer sets the fund password, and from then on
    // this call answers ALREADY_SET before comparing.
    if (await verifyPassword(state.passwordHash, input.fundPassword))
      throw new DomainError("FUND_PASSWORD_SAME_AS_LOGIN", { field: "fundPassword" });
    const fundPasswordHash = await hashPassword(input.fundPassword);
    // The conditional write, not the read above, decides between two concurrent first settings.
    if (!(await repo.setFundPasswordHashOnce(db, { userId, fundPasswordHash, now: clock.now() })))
      throw new DomainError("FUND_PASSWORD_ALREADY_SET");
  }

  async change(userId: string, input: ChangeFundPasswordRequest): Promise<void> {
    const { db, clock, rateLimiter } = this.deps;
    const state = await this.check(db, userId, input.oldFundPassword);
    if (input.fundPassword === input.oldFundPassword)
      throw new DomainError("SAME_PASSWORD", { field: "fundPassword" });
    if (!(await rateLimiter.attempt(changeKey(userId), this.rules.changesPerUser)))
      throw new DomainError("TOO_FREQUENT");
    if (await verifyPassword(state.passwordHash, input.fundPassword))
      throw new DomainError("FUND_PASSWORD_SAME_AS_LOGIN", { field: "fundPassword" });
    const fundPasswordHash = await hashPassword(input.fundPassword);
    const replaced = await repo.replaceFundPasswordHash(db, {
      userId,
      expectedHash: state.fundPasswordHash,
      fundPasswordHash,
      now: clock.now(),
    });
    // A concurrent change won: the old password given here is no longer the fund password.
    if (!replaced) throw new DomainError("FUND_PASSWORD_WRONG");
  }

  /** `verify`, answering the state it checked against (with the hash a change must replace). */
  private async check(handle: Db, userId: string, fundPassword: string) {
    const { clock } = this.deps;
    const state = await repo.findFundPasswordState(handle, userId);
    if (!state) throw new DomainError("UNAUTHORIZED");
    const { fundPasswordHash } = state;
    if (fundPasswordHash === null) throw new DomainError("FUND_PASSWORD_NOT_SET");
    const lock = this.activeLock(state.lockedUntil);
    if (lock) throw lockedError(lock);
    if (await verifyPassword(fundPasswordHash, fundPassword)) {
      if (state.failures > 0) await repo.clearFundPasswordFailures(handle, userId);
      return { ...state, fundPasswordHash };
    }
    const now = clock.now();
    const counted = await repo.recordFundPasswordFailure(handle, {
      userId,
      now,
      maxFailures: this.rules.maxFailures,
      lockUntil: new Date(now.getTime() + this.rules.lockMs),
    });
    // No row counted: a parallel failure locked the user meanwhile.
    const lockNow = counted ? this.activeLock(counted.lockedUntil) : await this.currentLock(handle, userId);
    throw lockNow ? lockedError(lockNow) : new DomainError("FUND_PASSWORD_WRONG");
  }

  private async currentLock(handle: Db, userId: string): Promise<Date | undefined> {
    const state = await repo.findFundPasswordState(handle, userId);
    return this.activeLock(state?.lockedUntil ?? null);
  }

  private activeLock(lockedUntil: Date | null): Date | undefined {
    return lockedUntil && lockedUntil.getTime() > this.deps.clock.now().getTime() ? lockedUntil : undefined;
  }
}

const lockedError = (until: Date) => new DomainError("FUND_PASSWORD_LOCKED", { until: until.toISOString() });
