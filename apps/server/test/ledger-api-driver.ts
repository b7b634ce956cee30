import { randomBytes } from "node:crypto";
import { SETTING_DEFAULTS } from "@brokerage/api";
import {
  LedgerModel,
  money,
  adjustment,
  credit,
  exchange,
  exchangeEntryType,
  hold,
  postHold,
  voidHold,
  type EntryDraft,
} from "@brokerage/core";
import fc from "fast-check";
import { expect } from "vitest";
import { demoChannelId, recharge, reviewOf as depositReviewOf } from "../src/modules/deposits/testing.js";
import { userIdOf } from "../src/modules/kyc/testing.js";
import { BOOTSTRAP_ADMIN, adminCall, staffLogin, type StaffLogin } from "../src/modules/staff/testing.js";
import {
  bindCard,
  reviewOf as withdrawalReviewOf,
  setFundPassword,
  verifyKyc,
  withdrawBody,
} from "../src/modules/withdrawals/testing.js";
import { call, registerUser, type Answer, type Session, type TestApp } from "./helper.js";
import { cents } from "./ledger-testing.js";

/**
 * Drives the money API for the ledger's property test (test/ledger-property.test.ts): each step is one
 * user action or staff decision sent through HTTP, its outcome predicted by the ledger model and the
 * features' rules (one pending deposit and one pending withdrawal per user), and the model moved by
 * exactly the entries the feature books.
 */

const DEPOSIT_CURRENCIES = ["USD", "THB", "INR"] as const;
type Currency = (typeof DEPOSIT_CURRENCIES)[number];

/** Amounts in cents within each feature's limits (recharge min, exchange minimum, adjustment four-eyes). */
const RANGES: Record<string, Record<Currency, [number, number]>> = {
  recharge: { USD: [1_000, 300_000], THB: [30_000, 5_000_000], INR: [50_000, 10_000_000] },
  exchange: { USD: [100, 20_000], THB: [5_000, 500_000], INR: [10_000, 1_000_000] },
  adjust: { USD: [1, 100_000], THB: [1, 3_000_000], INR: [1, 8_000_000] },
};

type Step =
  | {
      kind: "recharge" | "exchange" | "adjust";
      user: number;
      currency: Currency;
      to: Currency;
      at: number;
      debit: boolean;
    }
  | { kind: "decideDeposit" | "decideWithdrawal"; user: number; approve: boolean }
  | { kind: "withdraw"; user: number; cents: number }
  | { kind: "retry" };

const amountIn = (kind: string, currency: Currency, at: number) => {
  const [min, max] = RANGES[kind]?.[currency] ?? [1, 1];
  return cents(min + Math.floor(at * (max - min)));
};

interface RunUser {
  session: Session;
  userId: string;
  cardId: string;
}

class Run {
  readonly model = new LedgerModel();
  private readonly deposits = new Map<number, { reviewId: string; currency: string; amount: string }>();
  private readonly withdrawals = new Map<number, { reviewId: string; amount: string }>();
  /** The absolute amounts of this run's adjustments not refused, per user and currency. */
  private readonly adjusted = new Map<string, string>();
  /** The last call that moved money, to send again with its key. */
  private last: { send: () => Promise<Answer>; data: unknown } | undefined;

  constructor(
    private readonly driver: ApiDriver,
    readonly users: RunUser[],
  ) {}

  get userIds() {
    return this.users.map((u) => u.userId);
  }

  /** Books the entry on the model when the answer says the feature booked it; checks the prediction. */
  private expectOutcome(answer: Answer, entry: EntryDraft | undefined, refusal: string | undefined) {
    if (refusal) {
      expect(answer).toMatchObject({ status: 0, code: refusal });
      this.driver.refusals.add(refusal);
      return false;
    }
    expect(answer).toMatchObject({ status: 1 });
    if (entry) {
      expect(this.model.book(entry)).toBeDefined();
      this.driver.booked.set(entry.type, (this.driver.booked.get(entry.type) ?? 0) + 1);
    }
    return true;
  }

  private remember(send: () => Promise<Answer>, answer: Answer) {
    if (answer.status === 1) this.last = { send, data: answer.data };
  }

  async apply(step: Step): Promise<void> {
    if (step.kind === "retry") {
      if (!this.last) return;
      // The same request with the same key: the first answer again, and nothing moves (the model neither).
      expect(await this.last.send()).toMatchObject({ status: 1, data: this.last.data });
      return;
    }
    const u = this.users[step.user] as RunUser;
    const { driver, model } = this;
    switch (step.kind) {
      case "recharge": {
        const amount = amountIn("recharge", step.currency, step.at);
        const answer = await recharge(driver.t.app, u.session, {
          channelId: driver.channelId,
          currency: step.currency,
          amount,
        });
        const pending = this.deposits.has(step.user);
        if (this.expectOutcome(answer, undefined, pending ? "PENDING_REVIEW_EXISTS" : undefined)) {
          const id = (answer.data as { id: string }).id;
          const reviewId = (await depositReviewOf(driver.t.database.db, id)).id;
          this.deposits.set(step.user, { reviewId, currency: step.currency, amount });
        }
        return;
      }
      case "decideDeposit": {
        const pending = this.deposits.get(step.user);
        if (!pending) return;
        const answer = await driver.decide("deposit", pending.reviewId, step.approve);
        this.deposits.delete(step.user);
        this.expectOutcome(
          answer,
          step.approve ? credit("deposit", u.userId, pending.currency, pending.amount) : undefined,
          undefined,
        );
        return;
      }
      case "withdraw": {
        const amount = cents(step.cents);
        const body = withdrawBody(u.cardId, { amount });
        const send = () => call(driver.t.app, "fund/withdraw", body, u.session.headers);
        const answer = await send();
        const entry = hold("withdrawalHold", u.userId, "USD", amount);
        const refusal = this.withdrawals.has(step.user)
          ? "FUND_OPERATION_PENDING"
          : model.allows(entry)
            ? undefined
            : "INSUFFICIENT_WITHDRAWABLE";
        if (this.expectOutcome(answer, entry, refusal)) {
          const id = (answer.data as { id: string }).id;
          this.withdrawals.set(step.user, { reviewId: (await withdrawalReviewOf(driver.t, id)).id, amount });
          this.remember(send, answer);
        }
        return;
      }
      case "decideWithdrawal": {
        const pending = this.withdrawals.get(step.user);
        if (!pending) return;
        const answer = await driver.decide("withdrawal", pending.reviewId, step.approve);
        this.withdrawals.delete(step.user);
        const settle = step.approve ? postHold : voidHold;
        this.expectOutcome(
          answer,
          settle(step.approve ? "withdrawalPayout" : "withdrawalRefusal", u.userId, "USD", pending.amount),
          undefined,
        );
        return;
      }
      case "exchange": {
        const to =
          step.to === step.currency
            ? (DEPOSIT_CURRENCIES[(DEPOSIT_CURRENCIES.indexOf(step.to) + 1) % 3] as Currency)
            : step.to;
        const amount = amountIn("exchange", step.currency, step.at);
        const quote = await call(
          driver.t.app,
          "fund/exchangeQuote",
          { from: step.currency, to, amount },
          u.session.headers,
        );
        expect(quote).toMatchObject({ status: 1 });
        const { quoteId, receive } = quote.data as { quoteId: string; receive: string };
        const body = { quoteId, idempotencyKey: `x-${randomBytes(8).toString("hex")}` };
        const send = () => call(driver.t.app, "fund/exchange", body, u.session.headers);
        const answer = await send();
        const entry = exchange(
          exchangeEntryType(step.currency, to),
          u.userId,
          step.currency,
          amount,
          to,
          receive,
        );
        if (this.expectOutcome(answer, entry, model.allows(entry) ? undefined : "INSUFFICIENT_AVAILABLE"))
          this.remember(send, answer);
        return;
      }
      case "adjust": {
        const size = amountIn("adjust", step.currency, step.at);
        const amount = `${step.debit ? "-" : ""}${size}`;
        const body = {
          userId: u.userId,
          currency: step.currency,
          amount,
          reason: "Property test adjustment",
          idempotencyKey: `a-${randomBytes(8).toString("hex")}`,
        };
        const send = () => adminCall(driver.t.app, "users/adjust", body, driver.staff.headers);
        const answer = await send();
        const entry = adjustment("adjustment", u.userId, step.currency, amount);
        const refusal = model.allows(entry) ? undefined : "INSUFFICIENT_BALANCE";
        // The four-eyes sums run over the user's and the staff member's adjustments of the day (the clock
        // stands still here): the one that takes either above the threshold waits, moving nothing.
        const userKey = `${step.user}:${step.currency}`;
        const threshold = SETTING_DEFAULTS["adjustment.fourEyesAbove"][step.currency] ?? "0";
        const sums = [this.adjusted.get(userKey) ?? "0", driver.adjusted.get(step.currency) ?? "0"];
        const waits = sums.some((sum) => money(sum).plus(size).greaterThan(threshold));
        if (waits && !refusal)
          expect(answer).toMatchObject({ status: 1, data: { state: "pending", available: null } });
        else if (!this.expectOutcome(answer, entry, refusal)) return;
        this.remember(send, answer);
        this.adjusted.set(
          userKey,
          money(sums[0] ?? "0")
            .plus(size)
            .toString(),
        );
        driver.adjusted.set(
          step.currency,
          money(sums[1] ?? "0")
            .plus(size)
            .toString(),
        );
        return;
      }
    }
  }
}

export class ApiDriver {
  /** Every refusal code seen and every kind of step that moved money, so the test can say they were reached. */
  readonly refusals = new Set<string>();
  readonly booked = new Map<string, number>();
  /** The absolute amounts of the staff member's adjustments not refused, per currency, over every run. */
  readonly adjusted = new Map<string, string>();

  private constructor(
    readonly t: TestApp,
    readonly staff: StaffLogin,
    readonly channelId: string,
  ) {}

  static async start(t: TestApp): Promise<ApiDriver> {
    const staff = await staffLogin(t.app, BOOTSTRAP_ADMIN, "10.90.0.1");
    return new ApiDriver(t, staff, await demoChannelId(t.database.db));
  }

  static readonly step: fc.Arbitrary<Step> = (() => {
    const user = fc.integer({ min: 0, max: 1 });
    const money = (kind: "recharge" | "exchange" | "adjust") =>
      fc.record({
        kind: fc.constant(kind),
        user,
        currency: fc.constantFrom(...DEPOSIT_CURRENCIES),
        to: fc.constantFrom(...DEPOSIT_CURRENCIES),
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        debit: fc.boolean(),
      });
    const decision = (kind: "decideDeposit" | "decideWithdrawal") =>
      fc.record({ kind: fc.constant(kind), user, approve: fc.boolean() });
    return fc.oneof(
      { weight: 3, arbitrary: money("recharge") },
      { weight: 3, arbitrary: decision("decideDeposit") },
      { weight: 3, arbitrary: money("exchange") },
      { weight: 2, arbitrary: money("adjust") },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("withdraw"),
          user,
          cents: fc.integer({ min: 10_000, max: 100_000 }),
        }),
      },
      { weight: 2, arbitrary: decision("decideWithdrawal") },
      { weight: 1, arbitrary: fc.constant({ kind: "retry" as const }) },
    );
  })();

  decide(kind: "deposit" | "withdrawal", reviewId: string, approve: boolean): Promise<Answer> {
    const decision = approve ? "approve" : "reject";
    const reason = approve ? "" : "Property test refusal";
    return adminCall(
      this.t.app,
      "reviews/decide",
      { kind, id: reviewId, decision, reason },
      this.staff.headers,
    );
  }

  /** Fresh users who meet every withdrawal rule (fund password, KYC, a card) and hold no money yet. */
  async newRun(count: number): Promise<Run> {
    const users: RunUser[] = [];
    for (let i = 0; i < count; i++) {
      const session = await registerUser(this.t.app);
      const userId = await userIdOf(this.t.database.db, session);
      await setFundPassword(this.t, session);
      await verifyKyc(this.t, userId);
      users.push({ session, userId, cardId: await bindCard(this.t, session) });
    }
    const run = new Run(this, users);
    // Each user starts with approved deposits (through the API), so money moves from the first step.
    for (const [user] of users.entries())
      for (const currency of ["USD", "INR"] as const) {
        await run.apply({ kind: "recharge", user, currency, to: currency, at: 0.2, debit: false });
        await run.apply({ kind: "decideDeposit", user, approve: true });
      }
    return run;
  }
}
