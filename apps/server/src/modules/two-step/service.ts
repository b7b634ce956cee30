import type { TotpConfirmation, TwoStepStatus } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import { HOUR, MINUTE, type Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { verifyPassword } from "../../lib/password.js";
import type { RateLimiter, RateRule } from "../../lib/rate-limiter.js";
import { newRecoveryCodes, newTotpSecret, totpUri, verifyTotp } from "../../lib/totp.js";
import { ConfigService } from "../common/index.js";
import * as repo from "./repository.js";
import { UserSecondFactors } from "./second-factor.js";

export interface TwoStepRules {
  /** Enrolments started per user: each one writes a new secret. */
  enrolmentsPerUser: RateRule;
  /**
   * Wrong answers per user when confirming or turning two-step log-in off (a wrong code, a wrong
   * password): the session holder's own guesses, so a stolen session gets few tries at the code.
   */
  checksPerUser: RateRule;
}

export const DEFAULT_TWO_STEP_RULES: TwoStepRules = {
  enrolmentsPerUser: { max: 10, windowMs: HOUR },
  checksPerUser: { max: 5, windowMs: 15 * MINUTE },
};

/** Shown above the code in the authenticator app when the operator has not named the platform. */
const DEFAULT_ISSUER = "Brokerage";

interface Deps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  rules?: Partial<TwoStepRules> | undefined;
}

const enrolmentKey = (userId: string) => `two-step-enrol:user:${userId}`;
const checkKey = (userId: string) => `two-step-check:user:${userId}`;

/**
 * Optional TOTP two-step log-in of app users (DESIGN §5 Users): enrol (a secret for the authenticator
 * app), confirm with a code (it is then asked at every log-in; ten recovery codes are answered once and
 * only their hashes kept), turn off with the login password and a code. Mirrors the staff side
 * (modules/staff/service.ts), with the way back out that users need.
 */
export class TwoStepService {
  private readonly rules: TwoStepRules;
  private readonly config: ConfigService;
  private readonly secondFactors: UserSecondFactors;

  constructor(private readonly deps: Deps) {
    this.rules = { ...DEFAULT_TWO_STEP_RULES, ...deps.rules };
    this.config = new ConfigService(deps.db);
    this.secondFactors = new UserSecondFactors({
      db: deps.db,
      clock: deps.clock,
      rateLimiter: deps.rateLimiter,
    });
  }

  async status(userId: string): Promise<TwoStepStatus> {
    const state = await this.stateOf(this.deps.db, userId);
    const enabled = state.totpEnabledAt !== null;
    return {
      enabled,
      enabledAt: state.totpEnabledAt?.toISOString() ?? null,
      pending: !enabled && state.totpSecret !== null,
      recoveryCodesLeft: enabled ? state.totpRecoveryHashes.length : 0,
    };
  }

  /**
   * A new secret for the user's authenticator, not asked for at log-in until confirmed; asking again
   * before confirming replaces it. Once two-step log-in is on, a session alone cannot replace the secret
   * (whoever took over a session could lock the owner out): TOTP_ALREADY_ENABLED.
   */
  async enroll(userId: string, account: string): Promise<{ secret: string; uri: string }> {
    const { db, clock, rateLimiter } = this.deps;
    const state = await this.stateOf(db, userId);
    if (state.totpEnabledAt) throw new DomainError("TOTP_ALREADY_ENABLED");
    if (!(await rateLimiter.attempt(enrolmentKey(userId), this.rules.enrolmentsPerUser)))
      throw new DomainError("TOO_FREQUENT");
    const secret = newTotpSecret();
    if (!(await repo.startEnrolment(db, { userId, secret, now: clock.now() })))
      throw new DomainError("TOTP_ALREADY_ENABLED");
    const label = withoutColons(account) || userId;
    return { secret, uri: totpUri({ secret, issuer: await this.issuer(), label }) };
  }

  /**
   * Turns two-step log-in on once a code of the enrolled secret verifies; the code's step counts as
   * used, so it cannot open a log-in afterwards. Answers the recovery codes: the only time they exist
   * outside the user's hands.
   */
  async confirm(userId: string, otp: string): Promise<TotpConfirmation> {
    const { db, clock } = this.deps;
    await this.countCheck(userId);
    const { codes, hashes } = newRecoveryCodes();
    await db.transaction(async (tx) => {
      const state = await this.stateOf(tx, userId);
      const secret = state.totpSecret;
      if (state.totpEnabledAt) throw new DomainError("TOTP_ALREADY_ENABLED");
      if (!secret) throw new DomainError("TOTP_NOT_ENROLLED");
      const now = clock.now();
      const result = verifyTotp({ secret, code: otp, at: now, lastUsedStep: state.totpLastStep });
      if (!result.ok || !(await repo.claimStep(tx, { userId, secret, step: result.step })))
        throw new DomainError("OTP_INVALID");
      // Confirmed by a concurrent call, or replaced by a new enrolment, since it was read.
      if (!(await repo.enable(tx, { userId, secret, recoveryHashes: hashes, now }))) {
        const latest = await this.stateOf(tx, userId);
        throw new DomainError(latest.totpEnabledAt ? "TOTP_ALREADY_ENABLED" : "OTP_INVALID");
      }
    });
    await this.deps.rateLimiter.release(checkKey(userId)); // a right code: not a guess
    return { recoveryCodes: codes };
  }

  /**
   * Turns two-step log-in off with the login password and a current code or an unused recovery code
   * (a lost phone): a stolen session alone cannot. The secret and the recovery codes are forgotten.
   * Its codes count towards the account's lock of wrong codes as a log-in's do.
   */
  async disable(userId: string, input: { password: string; otp: string }): Promise<void> {
    const { db, clock } = this.deps;
    await this.countCheck(userId);
    const state = await this.stateOf(db, userId);
    const secret = state.totpSecret;
    if (!state.totpEnabledAt || !secret) throw new DomainError("TOTP_NOT_ENABLED");
    if (!(await verifyPassword(state.passwordHash, input.password)))
      throw new DomainError("PASSWORD_WRONG", { field: "password" });
    const factor = await this.secondFactors.check(state, input.otp);
    await db.transaction(async (tx) => {
      await factor.spend(tx);
      if (!(await repo.disable(tx, { userId, secret, now: clock.now() })))
        throw new DomainError("TOTP_NOT_ENABLED");
    });
    await this.deps.rateLimiter.release(checkKey(userId));
  }

  private async countCheck(userId: string): Promise<void> {
    if (!(await this.deps.rateLimiter.attempt(checkKey(userId), this.rules.checksPerUser)))
      throw new DomainError("TOO_FREQUENT");
  }

  private async stateOf(handle: Db, userId: string) {
    const state = await repo.findTwoStepState(handle, userId);
    if (!state) throw new DomainError("UNAUTHORIZED");
    return state;
  }

  /** The platform's configured title, as authenticator apps show it above the code. */
  private async issuer(): Promise<string> {
    const entries = await this.config.list();
    const title = entries.find((entry) => entry.name === "title")?.value;
    return (title && withoutColons(title)) || DEFAULT_ISSUER;
  }
}

/** The key URI format reserves the colon (it separates issuer and account in the label). */
const withoutColons = (text: string) => text.replaceAll(":", "").trim();
