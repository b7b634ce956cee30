import { randomUUID } from "node:crypto";
import type { WithdrawListResponse, WithdrawRulesResponse, Withdrawal } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bankCards, journalEntries } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { userIdOf } from "../kyc/testing.js";
import { checkLedger } from "../ledger/index.js";
import { setSetting } from "../settings/index.js";
import { createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import {
  FUND_PASSWORD,
  bindCard,
  decide,
  deposit,
  fund,
  readyUser,
  reviewOf,
  setFundPassword,
  setUser,
  verifyKyc,
  walletOf,
  withdrawBody,
  withdrawOk,
  withdrawalRows,
  type Ready,
} from "./testing.js";

let t: TestApp;
let reviewer: StaffLogin;
// Monday 2026-01-05 08:00 UTC is 13:30 in Kolkata: inside the default window (workdays 09:30–24:00).
const INSIDE = "2026-01-05T08:00:00Z";
// 07:30 in Kolkata on that Monday, and a Saturday afternoon.
const EARLY = "2026-01-05T02:00:00Z";
const SATURDAY = "2026-01-10T08:00:00Z";

beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } } });
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.80.0.1");
});
afterEach(() => t.clock.set(INSIDE));
afterAll(() => t.close());

const rulesOf = async (session: Session, currency = "USD") => {
  const answer = await fund(t, session, "withdrawRules", { currency });
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as WithdrawRulesResponse;
};

/** Nothing moved: no withdrawal, no review, the wallet as it was. */
async function expectNothingChanged(ready: Ready, wallet = { available: "1000", held: "0" }) {
  expect(await withdrawalRows(t, ready.userId)).toEqual([]);
  expect(await walletOf(t, ready.userId)).toEqual(wallet);
}

describe("fund/withdrawRules", () => {
  it("shows every rule met for a user who can withdraw, with the values that rule", async () => {
    const ready = await readyUser(t);
    const rules = await rulesOf(ready.session);
    expect(rules).toEqual({
      currency: "USD",
      canWithdraw: true,
      currencies: ["USD", "THB", "INR"],
      available: "1000.00",
      limits: { min: "100.00", max: "50000.00" },
      networks: [
        { type: "USDT-TRC20", fee: "1.00" },
        { type: "USDT-ERC20", fee: "10.00" },
      ],
      window: { days: [1, 2, 3, 4, 5], from: "09:30", to: "24:00", timeZone: "Asia/Kolkata", open: true },
      arrival: { withinHours: 2, latestDays: 1 },
      fourEyesAbove: "10000.00",
      rules: [
        { id: "account", met: true, code: null, params: {}, fix: null },
        { id: "fundPassword", met: true, code: null, params: {}, fix: null },
        { id: "kyc", met: true, code: null, params: { state: "verified" }, fix: null },
        { id: "bankCard", met: true, code: null, params: { count: "1", wallets: "0" }, fix: null },
        { id: "creditScore", met: true, code: null, params: { score: "100", minScore: "60" }, fix: null },
        {
          id: "window",
          met: true,
          code: null,
          params: { start: "09:30", end: "24:00", days: "1,2,3,4,5", timeZone: "Asia/Kolkata" },
          fix: null,
        },
        { id: "limits", met: true, code: null, params: { min: "100.00", max: "50000.00" }, fix: null },
        { id: "noPending", met: true, code: null, params: {}, fix: null },
        {
          id: "withdrawable",
          met: true,
          code: null,
          params: { available: "1000.00", min: "100.00" },
          fix: null,
        },
      ],
    });
  });

  it("shows a new user each unmet rule with its code and the screen that fixes it", async () => {
    const session = await registerUser(t.app);
    const rules = await rulesOf(session);
    expect(rules.canWithdraw).toBe(false);
    expect(rules.available).toBe("0.00");
    const unmet = rules.rules.filter((r) => !r.met).map(({ id, code, fix }) => ({ id, code, fix }));
    expect(unmet).toEqual([
      { id: "fundPassword", code: "FUND_PASSWORD_NOT_SET", fix: "/information/fundPass" },
      { id: "kyc", code: "KYC_REQUIRED", fix: "/information/authInfo" },
      { id: "bankCard", code: "CARD_NOT_FOUND", fix: "/information/bankList" },
      { id: "withdrawable", code: "INSUFFICIENT_WITHDRAWABLE", fix: "/information/recharge" },
    ]);
    expect(rules.rules.find((r) => r.id === "kyc")?.params).toEqual({ state: "not_verified" });
    expect(rules.rules.find((r) => r.id === "withdrawable")?.params).toEqual({
      available: "0.00",
      min: "100.00",
    });
  });

  it("shows the standing on the account, lock, credit score, window, currency and pending rules", async () => {
    const ready = await readyUser(t);
    const pending = await withdrawOk(t, ready, { amount: "250" });
    t.clock.set(SATURDAY);
    const until = new Date(t.clock.now().getTime() + HOUR);
    await setUser(t, ready.userId, { withdrawBanned: true, creditScore: 59, fundLockedUntil: until });
    const rules = await rulesOf(ready.session, "JPY");
    const byId = new Map(rules.rules.map((r) => [r.id, r]));
    expect(byId.get("account")).toMatchObject({ met: false, code: "WITHDRAW_BANNED", fix: "kefu" });
    expect(byId.get("fundPassword")).toMatchObject({
      met: false,
      code: "FUND_PASSWORD_LOCKED",
      params: { until: until.toISOString() },
    });
    expect(byId.get("creditScore")).toMatchObject({
      met: false,
      code: "INSUFFICIENT_CREDIT_SCORE",
      params: { score: "59", minScore: "60" },
    });
    expect(byId.get("window")).toMatchObject({ met: false, code: "OUTSIDE_WINDOW", fix: null });
    expect(byId.get("limits")).toMatchObject({ met: false, code: "CURRENCY_UNSUPPORTED", params: {} });
    expect(byId.get("noPending")).toMatchObject({
      met: false,
      code: "FUND_OPERATION_PENDING",
      params: { amount: "250.00", currency: "USD", createdAt: pending.createdAt },
    });
    expect(rules).toMatchObject({ currency: "JPY", limits: null, fourEyesAbove: null, available: "0" });
    expect(rules.window.open).toBe(false);
    // The USD wallet shows the amount held out of it.
    expect((await rulesOf(ready.session)).available).toBe("750.00");
  });

  it("follows the configuration", async () => {
    const admin = await createStaff(t.database.db, "administrator");
    const session = (await readyUser(t)).session;
    await setSetting(t.database.db, "withdrawal.minCreditScore", 120, admin.id, t.clock.now());
    await setSetting(
      t.database.db,
      "withdrawal.arrival",
      { withinHours: 24, latestDays: 2 },
      admin.id,
      t.clock.now(),
    );
    try {
      const rules = await rulesOf(session);
      expect(rules.arrival).toEqual({ withinHours: 24, latestDays: 2 });
      expect(rules.rules.find((r) => r.id === "creditScore")).toMatchObject({
        met: false,
        params: { score: "100", minScore: "120" },
      });
    } finally {
      await setSetting(t.database.db, "withdrawal.minCreditScore", 60, admin.id, t.clock.now());
      await setSetting(
        t.database.db,
        "withdrawal.arrival",
        { withinHours: 2, latestDays: 1 },
        admin.id,
        t.clock.now(),
      );
    }
  });
});

describe("fund/withdraw: every rule of spec §5 in order", () => {
  it("answers the first unmet rule, then the next as each is put right, then holds the amount", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    await setUser(t, userId, { withdrawBanned: true, creditScore: 10 });
    t.clock.set(EARLY);
    let cardId: string = randomUUID();
    const body: Record<string, unknown> = { amount: "50", fundPassword: "wrong-fund-pass" };
    const expectCode = async (code: string, params?: Record<string, string>) => {
      const answer = await fund(t, session, "withdraw", withdrawBody(cardId, body));
      expect(answer).toMatchObject({ httpStatus: 200, status: 0, code, ...(params && { params }) });
    };

    await expectCode("WITHDRAW_BANNED");
    await setUser(t, userId, { withdrawBanned: false });
    await expectCode("FUND_PASSWORD_NOT_SET");
    await setFundPassword(t, session);
    await expectCode("KYC_REQUIRED");
    await verifyKyc(t, userId);
    await expectCode("CARD_NOT_FOUND");
    cardId = await bindCard(t, session);
    await t.database.db.update(bankCards).set({ holderName: "Someone Else" }).where(eq(bankCards.id, cardId));
    await expectCode("CARD_NOT_OWNED");
    await t.database.db
      .update(bankCards)
      .set({ holderName: "PRIYA  sharma" })
      .where(eq(bankCards.id, cardId));
    await expectCode("INSUFFICIENT_CREDIT_SCORE");
    await setUser(t, userId, { creditScore: 60 });
    await expectCode("OUTSIDE_WINDOW", { start: "09:30", end: "24:00", timeZone: "Asia/Kolkata" });
    t.clock.set(INSIDE);
    await expectCode("AMOUNT_BELOW_MIN", { min: "100.00" });
    body.amount = "50000.01";
    await expectCode("AMOUNT_ABOVE_MAX", { max: "50000.00" });
    body.amount = "150";
    // A withdrawal already waiting for review.
    await deposit(t, userId, "USD", "100.00");
    const first = await withdrawOk(t, { session, userId, cardId }, { amount: "100" });
    await expectCode("FUND_OPERATION_PENDING");
    expect(await decide(t, reviewer, first.id, "reject", "Test refusal")).toMatchObject({ status: 1 });
    await expectCode("FUND_PASSWORD_WRONG");
    body.fundPassword = FUND_PASSWORD;
    await expectCode("INSUFFICIENT_WITHDRAWABLE", { available: "100.00" });
    await deposit(t, userId, "USD", "50.00");
    const answer = await fund(t, session, "withdraw", withdrawBody(cardId, body));
    expect(answer).toMatchObject({ status: 1, data: { amount: "150.00", state: "pending" } });
    expect(await walletOf(t, userId)).toEqual({ available: "0", held: "150" });
  });
});

describe("fund/withdraw: each rule alone refuses, and nothing moves", () => {
  type Case = [string, (r: Ready) => Promise<Record<string, unknown>>, Record<string, unknown>];
  const cases: Case[] = [
    [
      "frozen (the session still cached)",
      async (r) => (await setUser(t, r.userId, { frozen: true }), {}),
      { code: "ACCOUNT_FROZEN" },
    ],
    [
      "withdraw-banned",
      async (r) => (await setUser(t, r.userId, { withdrawBanned: true }), {}),
      { code: "WITHDRAW_BANNED" },
    ],
    [
      "fund password locked",
      async (r) => {
        await setUser(t, r.userId, { fundLockedUntil: new Date(t.clock.now().getTime() + HOUR) });
        return {};
      },
      { code: "FUND_PASSWORD_LOCKED", params: { until: new Date(Date.parse(INSIDE) + HOUR).toISOString() } },
    ],
    [
      "KYC under review",
      async (r) => (await setUser(t, r.userId, { kycStatus: "under_review" }), {}),
      { code: "KYC_REQUIRED" },
    ],
    [
      "an unknown card",
      async () => ({ bankCardId: randomUUID() }),
      { code: "CARD_NOT_FOUND", params: { field: "bankCardId" } },
    ],
    [
      "a removed card",
      async (r) => {
        expect(await call(t.app, "bank/remove", { id: r.cardId }, r.session.headers)).toMatchObject({
          status: 1,
        });
        return {};
      },
      { code: "CARD_NOT_FOUND" },
    ],
    [
      "another user's card (answered as unknown, not confirming it exists)",
      async () => ({ bankCardId: (await readyUser(t, "0")).cardId }),
      { code: "CARD_NOT_FOUND", params: { field: "bankCardId" } },
    ],
    [
      "a card not in the verified name",
      async (r) => {
        await t.database.db
          .update(bankCards)
          .set({ holderName: "Rahul Verma" })
          .where(eq(bankCards.id, r.cardId));
        return {};
      },
      { code: "CARD_NOT_OWNED", params: { field: "bankCardId" } },
    ],
    [
      "credit score 59",
      async (r) => (await setUser(t, r.userId, { creditScore: 59 }), {}),
      { code: "INSUFFICIENT_CREDIT_SCORE" },
    ],
    [
      "before the window opens",
      async () => (t.clock.set(EARLY), {}),
      { code: "OUTSIDE_WINDOW", params: { start: "09:30", end: "24:00", timeZone: "Asia/Kolkata" } },
    ],
    ["on a Saturday", async () => (t.clock.set(SATURDAY), {}), { code: "OUTSIDE_WINDOW" }],
    [
      "a currency without limits",
      async () => ({ currency: "JPY", amount: "1000" }),
      { code: "CURRENCY_UNSUPPORTED" },
    ],
    [
      "below the minimum",
      async () => ({ amount: "99.99" }),
      { code: "AMOUNT_BELOW_MIN", params: { min: "100.00" } },
    ],
    [
      "above the maximum",
      async () => ({ amount: "50000.01" }),
      { code: "AMOUNT_ABOVE_MAX", params: { max: "50000.00" } },
    ],
    ["a wrong fund password", async () => ({ fundPassword: "not-the-one" }), { code: "FUND_PASSWORD_WRONG" }],
    [
      "more than the available balance",
      async () => ({ amount: "1000.01" }),
      { code: "INSUFFICIENT_WITHDRAWABLE", params: { available: "1000.00" } },
    ],
  ];

  it.each(cases)("%s", async (_name, arrange, expected) => {
    const ready = await readyUser(t);
    // A call first, so the session is cached as a live client's is (a frozen flag set straight in the
    // database, without the announcement users/setFlags makes, then reaches the rule itself).
    await rulesOf(ready.session);
    const overrides = await arrange(ready);
    const answer = await fund(t, ready.session, "withdraw", withdrawBody(ready.cardId, overrides));
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, ...expected });
    await expectNothingChanged(ready);
  });

  it("refuses with the pending rule while another withdrawal waits", async () => {
    const ready = await readyUser(t);
    await withdrawOk(t, ready);
    const answer = await fund(t, ready.session, "withdraw", withdrawBody(ready.cardId));
    expect(answer).toMatchObject({
      status: 0,
      code: "FUND_OPERATION_PENDING",
      msg: "Another fund operation is pending",
    });
    expect(await withdrawalRows(t, ready.userId)).toHaveLength(1);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "900", held: "100" });
  });

  it("counts wrong fund passwords with the fund-password module: the fifth locks fund operations", async () => {
    const ready = await readyUser(t);
    const wrong = () =>
      fund(t, ready.session, "withdraw", withdrawBody(ready.cardId, { fundPassword: "nope-nope" }));
    for (let i = 0; i < 4; i++) expect(await wrong()).toMatchObject({ code: "FUND_PASSWORD_WRONG" });
    expect(await wrong()).toMatchObject({
      code: "FUND_PASSWORD_LOCKED",
      params: { until: expect.any(String) },
    });
    // Even the right one waits for the lock to end.
    const right = await fund(t, ready.session, "withdraw", withdrawBody(ready.cardId));
    expect(right).toMatchObject({ code: "FUND_PASSWORD_LOCKED" });
    await expectNothingChanged(ready);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["more decimals than USD has", { amount: "100.001" }, "amount"],
    ["a negative amount", { amount: "-100" }, "amount"],
    ["a zero amount", { amount: "0.00" }, "amount"],
    ["an amount as a number", { amount: 100 }, "amount"],
    ["a card id that is not a uuid", { bankCardId: "1 or 1=1" }, "bankCardId"],
    ["an unknown currency", { currency: "XAU" }, "currency"],
    ["a short idempotency key", { idempotencyKey: "short" }, "idempotencyKey"],
    ["no fund password", { fundPassword: "" }, "fundPassword"],
  ])("answers INVALID_INPUT for %s", async (_name, overrides, field) => {
    const ready = await readyUser(t);
    const answer = await fund(t, ready.session, "withdraw", withdrawBody(ready.cardId, overrides));
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT", params: { field } });
    await expectNothingChanged(ready);
  });

  it("answers INVALID_INPUT without a body and 401 without a session", async () => {
    const ready = await readyUser(t);
    expect(await fund(t, ready.session, "withdraw", {})).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    for (const action of ["withdraw", "withdrawRules", "withdrawList"])
      expect(await call(t.app, `fund/${action}`, withdrawBody(ready.cardId))).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
  });
});

describe("fund/withdraw: the hold", () => {
  it("holds the amount, opens its review and answers the withdrawal; client fields that do not belong are ignored", async () => {
    const ready = await readyUser(t);
    const other = await readyUser(t);
    const body = withdrawBody(ready.cardId, {
      amount: "120.5",
      state: "approved",
      userId: other.userId,
      balance: "999999",
      reason: "mine",
    });
    const answer = await fund(t, ready.session, "withdraw", body);
    expect(answer).toMatchObject({ status: 1 });
    const withdrawal = answer.data as Withdrawal;
    expect(withdrawal).toEqual({
      id: expect.any(String),
      currency: "USD",
      amount: "120.50",
      fee: "0.00",
      receive: "120.50",
      state: "pending",
      reason: null,
      card: {
        id: ready.cardId,
        holderName: "Priya Sharma",
        bankName: "State Bank of India",
        cardNumber: expect.stringMatching(/^6222\*+\d{4}$/),
      },
      wallet: null,
      createdAt: t.clock.now().toISOString(),
      decidedAt: null,
    });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "879.5", held: "120.5" });
    expect(await walletOf(t, other.userId)).toEqual({ available: "1000", held: "0" });
    const [row] = await withdrawalRows(t, ready.userId);
    expect(row).toMatchObject({ state: "pending", bankCardId: ready.cardId, settleEntryId: null });
    const [entry] = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `withdrawal:${withdrawal.id}`));
    expect(entry).toMatchObject({
      id: row?.holdEntryId,
      type: "withdrawalHold",
      causedBy: "user",
      userId: ready.userId,
    });
    expect(await reviewOf(t, withdrawal.id)).toMatchObject({
      kind: "withdrawal",
      userId: ready.userId,
      state: "pending",
      approvalsNeeded: 1,
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("answers a retry with the same key with the first answer, and moves nothing twice", async () => {
    const ready = await readyUser(t);
    const body = withdrawBody(ready.cardId, { amount: "100" });
    const first = await fund(t, ready.session, "withdraw", body);
    // The same request: "100.00" is "100" in USD; the fund password is not part of what is compared.
    const again = await fund(t, ready.session, "withdraw", {
      ...body,
      amount: "100.00",
      fundPassword: "whatever-1",
    });
    expect(again).toEqual(first);
    expect(await withdrawalRows(t, ready.userId)).toHaveLength(1);
    expect(await fund(t, ready.session, "withdraw", { ...body, amount: "200" })).toMatchObject({
      status: 0,
      code: "IDEMPOTENCY_CONFLICT",
    });
    // Another user's key space is their own.
    const other = await readyUser(t);
    const theirs = await fund(
      t,
      other.session,
      "withdraw",
      withdrawBody(other.cardId, { idempotencyKey: body.idempotencyKey }),
    );
    expect(theirs).toMatchObject({ status: 1 });
    expect((theirs.data as Withdrawal).id).not.toBe((first.data as Withdrawal).id);
  });

  it("tries a refused request again under the same key once the rule is met", async () => {
    const ready = await readyUser(t, "50.00");
    const body = withdrawBody(ready.cardId);
    expect(await fund(t, ready.session, "withdraw", body)).toMatchObject({
      code: "INSUFFICIENT_WITHDRAWABLE",
    });
    await deposit(t, ready.userId, "USD", "50.00");
    expect(await fund(t, ready.session, "withdraw", body)).toMatchObject({ status: 1 });
  });

  it("needs two reviewers above withdrawal.fourEyesAbove, one at it", async () => {
    const ready = await readyUser(t, "30000.00");
    const atLimit = await withdrawOk(t, ready, { amount: "10000" });
    expect(await reviewOf(t, atLimit.id)).toMatchObject({ approvalsNeeded: 1 });
    expect(await decide(t, reviewer, atLimit.id, "reject", "Split it")).toMatchObject({ status: 1 });
    const above = await withdrawOk(t, ready, { amount: "10000.01" });
    expect(await reviewOf(t, above.id)).toMatchObject({ approvalsNeeded: 2 });
  });
});

describe("fund/withdrawList", () => {
  it("lists the user's own withdrawals newest first with state, masked card and reason, 20 a page", async () => {
    const ready = await readyUser(t, "5000.00");
    const other = await readyUser(t);
    await withdrawOk(t, other);
    const made: Withdrawal[] = [];
    for (let i = 0; i < 21; i++) {
      made.push(await withdrawOk(t, ready, { amount: String(100 + i) }));
      expect(await decide(t, reviewer, made[i]!.id, "reject", `Reason ${i}`)).toMatchObject({ status: 1 });
    }
    const first = await fund(t, ready.session, "withdrawList", {});
    expect(first).toMatchObject({ status: 1 });
    const page = first.data as WithdrawListResponse;
    expect(page.items).toHaveLength(20);
    expect(page.items[0]).toMatchObject({ amount: "120.00", state: "rejected", reason: "Reason 20" });
    expect(page.items[0]?.card?.cardNumber).toMatch(/^6222\*+\d{4}$/);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = (await fund(t, ready.session, "withdrawList", { cursor: page.nextCursor }))
      .data as WithdrawListResponse;
    expect(second).toEqual({
      items: [expect.objectContaining({ id: made[0]?.id, amount: "100.00" })],
      nextCursor: null,
    });
    // Only their own; other fields naming someone else are not read.
    const ids = new Set([...page.items, ...second.items].map((w) => w.id));
    expect(ids).toEqual(new Set(made.map((w) => w.id)));
    const theirs = await fund(t, other.session, "withdrawList", { userId: ready.userId });
    expect((theirs.data as WithdrawListResponse).items).toHaveLength(1);
    expect(await fund(t, ready.session, "withdrawList", { cursor: "bm90LWEtY3Vyc29y" })).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });

  it("is empty for a user without withdrawals", async () => {
    const session = await registerUser(t.app);
    expect(await fund(t, session, "withdrawList", {})).toMatchObject({
      status: 1,
      data: { items: [], nextCursor: null },
    });
  });
});

describe("bank/remove while a withdrawal to the card is pending", () => {
  it("is refused while pending, allowed once decided; the withdrawal keeps showing the card", async () => {
    const ready = await readyUser(t);
    const pending = await withdrawOk(t, ready);
    const remove = () => call(t.app, "bank/remove", { id: ready.cardId }, ready.session.headers);
    expect(await remove()).toMatchObject({ status: 0, code: "CARD_WITHDRAWAL_PENDING" });
    // Another card of the user is not held by it.
    const spare = await bindCard(t, ready.session);
    expect(await call(t.app, "bank/remove", { id: spare }, ready.session.headers)).toMatchObject({
      status: 1,
    });
    expect(await decide(t, reviewer, pending.id, "approve")).toMatchObject({ status: 1 });
    expect(await remove()).toMatchObject({ status: 1 });
    const list = (await fund(t, ready.session, "withdrawList", {})).data as WithdrawListResponse;
    expect(list.items[0]).toMatchObject({ id: pending.id, state: "approved", card: { id: ready.cardId } });
  });
});

describe("documentation", () => {
  it("documents the withdrawal calls", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of ["withdrawRules", "withdraw", "withdrawList"])
      expect(paths).toContain(`/api/vue/fund/${path}`);
  });
});
