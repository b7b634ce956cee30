import { MINUTE } from "./clock.js";
import { DomainError } from "./errors.js";
import { addressBucket, type RateLimiter, type RateRule } from "./rate-limiter.js";

export interface LoginThrottleRules {
  /** Failed attempts on one account from one address; that pair is then refused until the window passes. */
  perPair: RateRule;
  /** Failed attempts from one address on any accounts (password spraying). */
  perAddress: RateRule;
  /**
   * Failed attempts on one account from anywhere within `accountWindowMs` after which every further
   * attempt on it waits, longer with each failure. Never a refusal: strangers guessing must not lock
   * the owner out, so the right password still opens the account, only later.
   */
  slowAfter: number;
  accountWindowMs: number;
  /** The first wait, doubled with each further failure up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleRules = {
  perPair: { max: 5, windowMs: 15 * MINUTE },
  perAddress: { max: 20, windowMs: 15 * MINUTE },
  slowAfter: 5,
  accountWindowMs: 15 * MINUTE,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

/** An attempt let through to its password check. A failure needs no report: it is already counted. */
export interface LoginAttempt {
  /** The wait this attempt was given before its password could be checked (0 when none). */
  readonly delayMs: number;
  /** The password was right: this attempt is not a failure, and its address's pair starts afresh. */
  succeeded(): Promise<void>;
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Log-in throttling for users and staff alike. `subject` names the account the lookup found (its id),
 * or, for an unknown account, the typed name folded once: never two spellings of one account (such as
 * "İ" and "i") counted apart, and an unknown account slowed exactly like a known one, so the wait does
 * not tell whether an account exists.
 *
 * Each attempt is counted before its password is checked (a parallel burst cannot pass a limit checked
 * before any of its attempts is counted); a success gives its own counts back, but strangers' failures
 * on the account stay counted, so an attack that goes on while the owner logs in stays slowed.
 */
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rules: LoginThrottleRules,
    private readonly sleep: Sleep = realSleep,
    private readonly scope = "login",
  ) {}

  async begin(subject: string, ip: string): Promise<LoginAttempt> {
    const { limiter, rules, scope } = this;
    const address = addressBucket(ip);
    const pairKey = `${scope}:pair:${subject}:${address}`;
    const addressKey = `${scope}:address:${address}`;
    const accountKey = `${scope}:account:${subject}`;
    if (!(await limiter.attempt(pairKey, rules.perPair))) throw new DomainError("TOO_FREQUENT");
    if (!(await limiter.attempt(addressKey, rules.perAddress))) {
      await limiter.release(pairKey);
      throw new DomainError("TOO_FREQUENT");
    }
    const earlier = await limiter.countAndAdd(accountKey, rules.accountWindowMs);
    const delayMs = this.delayAfter(earlier);
    if (delayMs > 0) await this.sleep(delayMs);
    return {
      delayMs,
      succeeded: async () => {
        await limiter.reset(pairKey);
        await limiter.release(addressKey);
        await limiter.release(accountKey);
      },
    };
  }

  /** The wait before an attempt that follows `failures` recent failures on its account. */
  delayAfter(failures: number): number {
    const { slowAfter, baseDelayMs, maxDelayMs } = this.rules;
    if (failures < slowAfter) return 0;
    const doublings = Math.min(failures - slowAfter, 30);
    return Math.min(baseDelayMs * 2 ** doublings, maxDelayMs);
  }
}
