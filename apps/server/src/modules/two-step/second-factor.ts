import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { RateLimiter } from "../../lib/rate-limiter.js";
import {
  DEFAULT_SECOND_FACTOR_RULES,
  SecondFactorLock,
  type SecondFactorKind,
  type SecondFactorLocked,
  type SecondFactorRules,
  type SecondFactorState,
} from "../../lib/second-factor.js";
import { MessageService } from "../messages/index.js";
import * as repo from "./repository.js";

/** What the second factor of a log-in (or of turning two-step log-in off) is checked against. */
export interface TwoStepState extends SecondFactorState {
  id: string;
}

/** A second factor that verified: spent in the transaction of what it opens. */
export interface SecondFactor {
  kind: SecondFactorKind;
  /** Marks the code used; OTP_INVALID when a concurrent request spent it first. */
  spend(tx: Db): Promise<void>;
}

/** Counted apart from staff codes, like log-ins. */
const SCOPE = "two-step";

interface Deps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  rules?: Partial<SecondFactorRules> | undefined;
}

/**
 * The second factor of app users, for every call that takes one (log-in, turning two-step log-in off):
 * wrong codes are counted per account (SecondFactorLock), and the lock they set is told to the owner in
 * their inbox, since it means someone has their password.
 */
export class UserSecondFactors {
  private readonly lock: SecondFactorLock;
  private readonly messages: MessageService;

  constructor(private readonly deps: Deps) {
    const rules = { ...DEFAULT_SECOND_FACTOR_RULES, ...deps.rules };
    this.lock = new SecondFactorLock(deps.rateLimiter, deps.clock, rules, SCOPE);
    this.messages = new MessageService({ db: deps.db, clock: deps.clock });
  }

  /** OTP_REQUIRED without a code, OTP_INVALID, TOTP_LOCKED or RECOVERY_CODES_LOCKED {until}. */
  async check(state: TwoStepState, otp: string | undefined): Promise<SecondFactor> {
    const userId = state.id;
    const factor = await this.lock.verify(userId, state, otp, (locked) => this.tellOwner(userId, locked));
    if (factor.kind === "totp") {
      const { secret, step } = factor;
      return {
        kind: "totp",
        spend: async (tx) => {
          if (!(await repo.claimStep(tx, { userId, secret, step }))) throw new DomainError("OTP_INVALID");
        },
      };
    }
    return {
      kind: "recovery",
      spend: async (tx) => {
        if (!(await repo.spendRecoveryHash(tx, { userId, hash: factor.hash })))
          throw new DomainError("OTP_INVALID");
      },
    };
  }

  private async tellOwner(userId: string, { kind, until }: SecondFactorLocked): Promise<void> {
    await this.messages.send(this.deps.db, {
      userId,
      kind: kind === "totp" ? "totpLocked" : "recoveryCodesLocked",
      params: { opensAt: until.toISOString() },
    });
  }
}
