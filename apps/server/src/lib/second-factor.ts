import { OTP_CODE_PATTERN } from "@brokerage/api";
import { MINUTE, type Clock } from "./clock.js";
import { DomainError } from "./errors.js";
import type { RateLimiter } from "./rate-limiter.js";
import { consumeRecoveryCode, verifyTotp } from "./totp.js";

/** The two ways through the code step of a log-in: the authenticator's code, or a recovery code. */
export type SecondFactorKind = "totp" | "recovery";

export const secondFactorKind = (otp: string): SecondFactorKind =>
  OTP_CODE_PATTERN.test(otp) ? "totp" : "recovery";

/** What a second factor is checked against, of a user or a staff member alike. */
export interface SecondFactorState {
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  totpRecoveryHashes: string[];
}

/** A second factor that verified; the caller spends it (the step, or the hash) in what it opens. */
export type VerifiedFactor =
  { kind: "totp"; secret: string; step: number } | { kind: "recovery"; hash: string };

/**
 * The code of the current step (or one either side), never one of a step already used, or an unused
 * recovery code. OTP_INVALID when it does not verify. Pure: nothing is written.
 */
export function verifySecondFactor(state: SecondFactorState, otp: string, at: Date): VerifiedFactor {
  const secret = state.totpSecret;
  if (!state.totpEnabledAt || !secret) throw new Error("verifySecondFactor: two-step log-in is off");
  if (secondFactorKind(otp) === "totp") {
    const result = verifyTotp({ secret, code: otp, at, lastUsedStep: state.totpLastStep });
    if (!result.ok) throw new DomainError("OTP_INVALID");
    return { kind: "totp", secret, step: result.step };
  }
  const remaining = consumeRecoveryCode(state.totpRecoveryHashes, otp);
  const hash = remaining && state.totpRecoveryHashes.find((stored) => !remaining.includes(stored));
  if (!hash) throw new DomainError("OTP_INVALID");
  return { kind: "recovery", hash };
}

export interface SecondFactorRules {
  /** Wrong codes of one kind on one account, from anywhere, within `windowMs` that lock that kind. */
  max: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_SECOND_FACTOR_RULES: SecondFactorRules = {
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
};

/** A lock just set: told to the account's owner (an inbox message) or the audit log (staff). */
export interface SecondFactorLocked {
  kind: SecondFactorKind;
  until: Date;
}

const lockedError = (kind: SecondFactorKind, until: Date) =>
  new DomainError(kind === "totp" ? "TOTP_LOCKED" : "RECOVERY_CODES_LOCKED", { until: until.toISOString() });

/**
 * Wrong second factors counted per account, whatever the address: a password known to an attacker
 * with many addresses (an IPv6 /48 holds 65,536 /64s) must not buy thousands of guesses at six digits.
 * At `max` wrong codes the code step of the account is locked for `lockMs`, the right code included
 * (TOTP_LOCKED {until}); recovery codes are counted and locked apart (RECOVERY_CODES_LOCKED), so the
 * owner whose phone is being guessed at still has a way in.
 *
 * Each code is counted before it is checked, so a parallel burst cannot pass the limit; a right one
 * gives its own count back, while wrong ones stay counted until their window passes.
 */
export class SecondFactorLock {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly rules: SecondFactorRules,
    private readonly scope: string,
  ) {}

  /**
   * Checks `otp` for the account `subject` (OTP_REQUIRED without one). `onLocked` runs once, for the
   * wrong code that locks, before its answer.
   */
  async verify(
    subject: string,
    state: SecondFactorState,
    otp: string | undefined,
    onLocked: (locked: SecondFactorLocked) => Promise<void>,
  ): Promise<VerifiedFactor> {
    if (otp === undefined) throw new DomainError("OTP_REQUIRED");
    const { limiter, clock, rules } = this;
    const kind = secondFactorKind(otp);
    const key = `${this.scope}:${kind}:${subject}`;
    const rule = { max: rules.max, windowMs: rules.windowMs };
    const decision = await limiter.take(key, rule);
    if (!decision.allowed) throw lockedError(kind, new Date(clock.now().getTime() + decision.msBeforeNext));
    try {
      const factor = verifySecondFactor(state, otp, clock.now());
      await limiter.release(key);
      return factor;
    } catch (error) {
      if (!(error instanceof DomainError) || decision.count < rules.max) throw error;
      await limiter.lock(key, rule, rules.lockMs);
      const until = new Date(clock.now().getTime() + rules.lockMs);
      await onLocked({ kind, until });
      throw lockedError(kind, until);
    }
  }
}
