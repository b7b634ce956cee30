import type { FundRecordPage, Loan, LoanListResponse } from "@brokerage/api";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { DAY, MINUTE } from "../../lib/clock.js";
import { inbox } from "../day-trading/testing.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import {
  PriceBoard,
  clearSetting,
  setSetting,
  setUpTradingApp,
  trader,
  walletOf,
} from "../trading/testing.js";
import { setUser } from "../withdrawals/testing.js";
import {
  applyBody,
  applyOk,
  borrower,
  decide,
  entriesOf,
  loanCall,
  loanRows,
  newKey,
  statusOf,
} from "./testing.js";

/** `loan/status`, `loan/apply`, `loan/list` and the review kind `loan`, over HTTP. */
let t: TestApp;
let reviewer: StaffLogin;
let second: StaffLogin;
// One app on a fresh database; after each test the ledger must check clean and the clock goes back.
setUpTradingApp(new PriceBoard(), (app) => (t = app));
beforeAll(async () => {
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.92.0.1");
  second = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), "10.92.0.2");
});

/** Runs `run` under other loan terms, then puts the default back. */
async function withTerms(terms: Record<string, unknown>, run: () => Promise<void>): Promise<void> {
  await setSetting(t, "loan.terms", terms);
  try {
    await run();
  } finally {
    await clearSetting(t, "loan.terms");
  }
}

/** Won have no decimals: the quota and the least amount are rounded to whole units. */
const KRW_TERMS = {
  currency: "KRW",
  perScorePoint: "1234.56",
  maxQuota: "9000000.9",
  minAmount: "10000.1",
  dailyRate: "0.001",
  termDays: 7,
};

const DEFAULT_TERMS = {
  currency: "USD",
  perScorePoint: "100",
  maxQuota: "50000.00",
  minAmount: "100.00",
  dailyRate: "0.0005",
  termDays: 30,
};

describe("loan/status", () => {
  it("shows the terms, the quota from the credit score and why the user may not apply yet", async () => {
    const who = await trader(t);
    expect(await statusOf(t, who)).toEqual({
      terms: DEFAULT_TERMS,
      creditScore: 100,
      quota: "10000.00",
      availableQuota: "10000.00",
      owed: "0.00",
      current: null,
      refusal: "KYC_REQUIRED",
    });
    await setUser(t, who.userId, { kycStatus: "verified", realname: "Priya Sharma" });
    expect(await statusOf(t, who)).toMatchObject({ quota: "10000.00", refusal: null });
    // The quota stops at maxQuota, and a score too low for the least amount leaves none.
    await setUser(t, who.userId, { creditScore: 900 });
    expect(await statusOf(t, who)).toMatchObject({ creditScore: 900, quota: "50000.00", refusal: null });
    await setUser(t, who.userId, { creditScore: 0 });
    expect(await statusOf(t, who)).toMatchObject({ quota: "0.00", refusal: "LOAN_QUOTA_INSUFFICIENT" });
  });

  it("follows the terms in force, rounding the quota down and the least amount up to the currency", async () => {
    await withTerms(KRW_TERMS, async () => {
      const who = await borrower(t);
      expect(await statusOf(t, who)).toMatchObject({
        terms: { currency: "KRW", perScorePoint: "1234.56", maxQuota: "9000000", minAmount: "10001" },
        quota: "123456",
        owed: "0",
        refusal: null,
      });
    });
  });

  it("answers 401 without a session", async () => {
    for (const action of ["status", "apply", "list", "repay"])
      expect(await call(t.app, `loan/${action}`, applyBody())).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
  });
});

describe("loan/apply and the review", () => {
  it("grants an approved loan: the amount lands in available, with its fund record, due date and message", async () => {
    const who = await borrower(t, "50.00");
    const loan = await applyOk(t, who, { amount: "1000" });
    const at = t.clock.now().toISOString();
    expect(loan).toEqual({
      id: expect.any(String),
      currency: "USD",
      amount: "1000.00",
      interest: "15.00",
      total: "1015.00",
      repaid: "0.00",
      owed: "1015.00",
      dailyRate: "0.0005",
      termDays: 30,
      state: "pending",
      reason: null,
      createdAt: at,
      decidedAt: null,
      dueAt: null,
      finishedAt: null,
    });
    expect(await statusOf(t, who)).toMatchObject({
      current: loan,
      // One loan at a time: nothing more may be borrowed while this one waits.
      quota: "10000.00",
      availableQuota: "0.00",
      owed: "0.00",
      refusal: "PENDING_REVIEW_EXISTS",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "50" });

    const listed = await adminCall(t.app, "reviews/list", { kind: "loan" }, reviewer.headers);
    const items = (listed.data as { items: { subject: Record<string, string | null> }[] }).items;
    expect(items.map((i) => i.subject)).toContainEqual({
      loanId: loan.id,
      amount: "1000.00",
      currency: "USD",
      interest: "15.00",
      total: "1015.00",
      dailyRate: "0.05%",
      termDays: "30",
      createdAt: at,
      realName: "Priya Sharma",
      kycStatus: "verified",
      creditScore: "100",
      quota: "10000.00 USD",
      flags: "none",
      available: "50.00 USD",
      loansRepaid: "0",
      loansRefused: "0",
    });

    t.clock.advance(MINUTE);
    const decidedAt = t.clock.now();
    const dueAt = new Date(decidedAt.getTime() + 30 * DAY).toISOString();
    expect(await decide(t, reviewer, loan.id, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1050", held: "0" });
    expect(await entriesOf(t, loan.id)).toEqual(["creditLoan"]);
    const granted = { ...loan, state: "borrowing", decidedAt: decidedAt.toISOString(), dueAt };
    expect(await statusOf(t, who)).toMatchObject({
      current: granted,
      quota: "10000.00",
      availableQuota: "0.00",
      owed: "1015.00",
      refusal: "UNPAID_LOAN",
    });
    expect(await inbox(t, who.userId)).toContainEqual({
      kind: "loanApproved",
      params: {
        amount: "1000.00",
        currency: "USD",
        interest: "15.00",
        total: "1015.00",
        termDays: "30",
        dueAt,
      },
    });
    const records = await call(t.app, "fund/records", { type: "creditLoan" }, who.session.headers);
    expect((records.data as FundRecordPage).items).toEqual([
      expect.objectContaining({
        type: "creditLoan",
        account: "available",
        currency: "USD",
        amount: "1000.00",
        reference: `loan:${loan.id}`,
      }),
    ]);

    // Deciding again changes nothing.
    expect(await decide(t, second, loan.id, "approve")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await decide(t, second, loan.id, "reject", "Late")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await entriesOf(t, loan.id)).toHaveLength(1);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1050" });
  });

  it("a refusal keeps the reviewer's reason, moves no money, tells the user and lets them apply again", async () => {
    const who = await borrower(t);
    const loan = await applyOk(t, who, { amount: "2500.5" });
    const reason = "Income not shown";
    expect(await decide(t, reviewer, loan.id, "reject", reason)).toMatchObject({ status: 1 });
    expect(await entriesOf(t, loan.id)).toEqual([]);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0" });
    expect(await statusOf(t, who)).toMatchObject({
      current: { id: loan.id, state: "rejected", reason, amount: "2500.50", owed: "2538.01" },
      owed: "0.00",
      refusal: null,
    });
    expect(await inbox(t, who.userId)).toContainEqual({
      kind: "loanRejected",
      params: {
        reason,
        amount: "2500.50",
        currency: "USD",
        interest: "37.51",
        total: "2538.01",
        termDays: "30",
      },
    });
    const again = await applyOk(t, who, { amount: "100" });
    const listed = await adminCall(t.app, "reviews/list", { kind: "loan" }, reviewer.headers);
    const items = (listed.data as { items: { subject: Record<string, string | null> }[] }).items;
    expect(items.find((i) => i.subject.loanId === again.id)?.subject).toMatchObject({ loansRefused: "1" });
  });

  it("fixes the interest when applying, rounded up to the currency's scale", async () => {
    const who = await borrower(t);
    // 100.01 × 0.0005 × 30 = 1.50015: 1.51, where rounding half-up would give 1.50.
    const loan = await applyOk(t, who, { amount: "100.01" });
    expect(loan).toMatchObject({ interest: "1.51", total: "101.52", owed: "101.52" });
    // Terms changed afterwards do not change an application made under the old ones.
    await withTerms({ ...DEFAULT_TERMS, dailyRate: "0.001", termDays: 10 }, async () => {
      await decide(t, reviewer, loan.id, "approve");
      expect(await statusOf(t, who)).toMatchObject({
        current: { interest: "1.51", total: "101.52", dailyRate: "0.0005", termDays: 30 },
        owed: "101.52",
      });
    });
  });

  it("computes interest in a currency without decimals by rounding up to a whole unit", async () => {
    await withTerms(KRW_TERMS, async () => {
      const who = await borrower(t);
      // 12345 × 0.001 × 7 = 86.415 → 87.
      expect(await applyOk(t, who, { amount: "12345" })).toMatchObject({
        currency: "KRW",
        amount: "12345",
        interest: "87",
        total: "12432",
      });
      const other = await borrower(t);
      expect(await loanCall(t, other, "apply", applyBody({ amount: "12345.5" }))).toMatchObject({
        code: "INVALID_INPUT",
        params: { field: "amount" },
      });
    });
  });

  it("is idempotent: a retry answers the first application, the key with another amount is refused", async () => {
    const who = await borrower(t);
    const body = applyBody({ amount: "500" });
    const first = await loanCall(t, who, "apply", body);
    expect(first).toMatchObject({ status: 1 });
    expect(await loanCall(t, who, "apply", { ...body, amount: "500.00" })).toEqual(first);
    expect(await loanCall(t, who, "apply", { ...body, amount: "600" })).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    expect(await loanRows(t, who.userId)).toHaveLength(1);
  });
});

describe("loan/apply: refusals, in their order", () => {
  it("refuses a disabled or frozen account first", async () => {
    const disabled = await trader(t);
    await setUser(t, disabled.userId, { disabled: true, frozen: true });
    expect(await loanCall(t, disabled, "apply", applyBody({ amount: "1.001" }))).toMatchObject({
      code: "ACCOUNT_DISABLED",
    });
    const frozen = await trader(t);
    await setUser(t, frozen.userId, { frozen: true });
    expect(await loanCall(t, frozen, "apply", applyBody({ amount: "1.001" }))).toMatchObject({
      code: "ACCOUNT_FROZEN",
    });
    expect(await loanRows(t, frozen.userId)).toEqual([]);
    // The status says so before the user types anything.
    expect(await loanCall(t, frozen, "status", {})).toMatchObject({
      status: 1,
      data: { refusal: "ACCOUNT_FROZEN" },
    });
  });

  it("then KYC, the amount's decimals, the least amount, a waiting application, a loan owed, the quota", async () => {
    const who = await trader(t);
    const refusal = async (amount: string) => {
      const answer = await loanCall(t, who, "apply", applyBody({ amount }));
      expect(answer).toMatchObject({ httpStatus: 200, status: 0 });
      return { code: answer.code, params: answer.params };
    };
    expect(await refusal("1.001")).toMatchObject({ code: "KYC_REQUIRED" });
    await setUser(t, who.userId, { kycStatus: "under_review" });
    expect(await refusal("1.001")).toMatchObject({ code: "KYC_REQUIRED" });
    await setUser(t, who.userId, { kycStatus: "verified", realname: "Priya Sharma" });
    expect(await refusal("1.001")).toEqual({ code: "INVALID_INPUT", params: { field: "amount" } });
    expect(await refusal("99.99")).toEqual({
      code: "AMOUNT_BELOW_MIN",
      params: { field: "amount", min: "100.00" },
    });
    expect(await refusal("10000.01")).toEqual({
      code: "LOAN_QUOTA_INSUFFICIENT",
      params: { field: "amount", max: "10000.00" },
    });
    expect(await loanRows(t, who.userId)).toEqual([]);

    const pending = await applyOk(t, who, { amount: "10000" });
    expect(await refusal("99.99")).toMatchObject({ code: "AMOUNT_BELOW_MIN" });
    expect(await refusal("20000")).toEqual({ code: "PENDING_REVIEW_EXISTS", params: {} });
    await decide(t, reviewer, pending.id, "approve");
    expect(await refusal("20000")).toEqual({ code: "UNPAID_LOAN", params: {} });
    expect(await loanRows(t, who.userId)).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an amount as a number", { amount: 100 }, "amount"],
    ["a zero amount", { amount: "0.00" }, "amount"],
    ["a negative amount", { amount: "-5" }, "amount"],
    ["an amount that is not a number", { amount: "1e3" }, "amount"],
    ["no amount", { amount: undefined }, "amount"],
    ["no idempotency key", { idempotencyKey: undefined }, "idempotencyKey"],
    ["a short idempotency key", { idempotencyKey: "short" }, "idempotencyKey"],
  ])("answers INVALID_INPUT for %s, never a 500", async (_name, overrides, field) => {
    const who = await borrower(t);
    const answer = await loanCall(t, who, "apply", applyBody(overrides));
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT", params: { field } });
    expect(await loanRows(t, who.userId)).toEqual([]);
  });
});

describe("loan/apply: concurrency", () => {
  it("three simultaneous retries of one key make one application and answer it", async () => {
    const who = await borrower(t);
    const body = applyBody({ amount: "300", idempotencyKey: newKey() });
    const answers = await Promise.all(Array.from({ length: 3 }, () => loanCall(t, who, "apply", body)));
    const ids = new Set(answers.map((a) => (a.data as Loan | null)?.id));
    expect([...ids]).toEqual([expect.any(String)]);
    expect(await loanRows(t, who.userId)).toHaveLength(1);
  });

  it("of five simultaneous applications with different keys, exactly one is made", async () => {
    const who = await borrower(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => loanCall(t, who, "apply", applyBody({ amount: "400" }))),
    );
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === "PENDING_REVIEW_EXISTS")).toHaveLength(4);
    expect(await loanRows(t, who.userId)).toHaveLength(1);
  });
});

describe("loan/list", () => {
  const page = async (who: Awaited<ReturnType<typeof borrower>>, cursor?: string) => {
    const answer = await loanCall(t, who, "list", cursor === undefined ? {} : { cursor });
    expect(answer).toMatchObject({ status: 1 });
    return answer.data as LoanListResponse;
  };

  it("lists the user's own loans, newest first, 20 a page", async () => {
    const who = await borrower(t);
    const other = await borrower(t);
    await applyOk(t, other);
    expect(await page(who)).toEqual({ items: [], nextCursor: null });
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const loan = await applyOk(t, who, { amount: String(100 + i) });
      ids.unshift(loan.id);
      if (i < 20) await decide(t, reviewer, loan.id, "reject", "Not now");
    }
    const first = await page(who);
    expect(first.items.map((l) => l.id)).toEqual(ids.slice(0, 20));
    expect(first.items[0]).toMatchObject({ state: "pending", amount: "120.00" });
    expect(first.items[1]).toMatchObject({ state: "rejected", reason: "Not now" });
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await page(who, first.nextCursor ?? "");
    expect(rest).toEqual({ items: [expect.objectContaining({ id: ids[20] })], nextCursor: null });
  });

  it("refuses a malformed or foreign cursor as INVALID_INPUT", async () => {
    const who = await borrower(t);
    for (const cursor of ["bad", Buffer.from("wdr.5").toString("base64url")])
      expect(await loanCall(t, who, "list", { cursor })).toMatchObject({
        code: "INVALID_INPUT",
        params: { field: "cursor" },
      });
  });
});
