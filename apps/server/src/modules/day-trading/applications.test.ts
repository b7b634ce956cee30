import type { DayTradingApplication } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, type TestApp } from "../../../test/helper.js";
import { dayTradingApplications, users } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import { setTradeBanned, trader, walletOf, type Trader } from "../trading/testing.js";
import {
  applyBody,
  applyOk,
  approved,
  dayTrading,
  decide,
  entriesOf,
  inbox,
  newKey,
  statusOf,
} from "./testing.js";

/** `dayTrading/status`, `dayTrading/apply` and the review kind `dayTrading`, over HTTP. */
let t: TestApp;
let reviewer: StaffLogin;
let second: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } } });
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.91.0.1");
  second = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), "10.91.0.2");
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

const usd = (amount = "2000.00") => trader(t, { currency: "USD", amount });
const rowsOf = (userId: string) =>
  t.database.db.select().from(dayTradingApplications).where(eq(dayTradingApplications.userId, userId));

/** Nothing was held or written for the user: the whole deposit is still available. */
async function expectNothingChanged(who: Trader, available = "2000") {
  expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available, held: "0" });
  expect(await rowsOf(who.userId)).toEqual([]);
}

describe("dayTrading/apply and the review", () => {
  it("holds the amount while it waits; approval releases it, makes it the allowance and tells the user", async () => {
    const who = await usd();
    expect(await statusOf(t, who)).toEqual({ application: null, allowance: null, canApply: true });
    const application = await applyOk(t, who, { amount: "1000" });
    expect(application).toMatchObject({
      currency: "USD",
      amount: "1000.00",
      state: "pending",
      reason: null,
      createdAt: t.clock.now().toISOString(),
      decidedAt: null,
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1000", held: "1000" });
    expect(await statusOf(t, who)).toEqual({ application, allowance: null, canApply: false });

    const listed = await adminCall(t.app, "reviews/list", { kind: "dayTrading" }, reviewer.headers);
    expect(listed).toMatchObject({ status: 1 });
    const items = (listed.data as { items: { subject: Record<string, string | null> }[] }).items;
    expect(items.map((i) => i.subject)).toContainEqual(
      expect.objectContaining({
        applicationId: application.id,
        amount: "1000.00",
        currency: "USD",
        available: "1000.00 USD",
        held: "1000.00 USD",
        currentAllowance: null,
      }),
    );

    expect(await decide(t, reviewer, application.id, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "2000", held: "0" });
    expect(await entriesOf(t, application.id)).toEqual([
      { type: "dayTradeReview", reason: null },
      { type: "dayTradeReview", reason: null },
    ]);
    const [row] = await rowsOf(who.userId);
    expect(row).toMatchObject({ state: "approved", decidedAt: t.clock.now() });
    expect(row?.releaseEntryId).toEqual(expect.any(Number));
    expect(await statusOf(t, who)).toEqual({
      application: { ...application, state: "approved", decidedAt: t.clock.now().toISOString() },
      allowance: { currency: "USD", amount: "1000.00", used: "0.00", remaining: "1000.00" },
      canApply: true,
    });
    expect(await inbox(t, who.userId)).toContainEqual({
      kind: "dayTradingApproved",
      params: { amount: "1000.00", currency: "USD" },
    });
    // Deciding again changes nothing.
    expect(await decide(t, second, application.id, "approve")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await decide(t, second, application.id, "reject", "Late")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await entriesOf(t, application.id)).toHaveLength(2);
  });

  it("a refusal gives the money back with the reviewer's reason, shown in the status, the entry and the message", async () => {
    const who = await usd();
    const application = await applyOk(t, who, { amount: "300.5" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1699.5", held: "300.5" });
    const reason = "Trading experience not shown";
    expect(await decide(t, reviewer, application.id, "reject", reason)).toMatchObject({ status: 1 });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "2000", held: "0" });
    expect(await entriesOf(t, application.id)).toEqual([
      { type: "dayTradeReview", reason: null },
      { type: "dayTradeReview", reason },
    ]);
    expect(await statusOf(t, who)).toMatchObject({
      application: { id: application.id, state: "rejected", reason, amount: "300.50" },
      allowance: null,
      canApply: true,
    });
    expect(await inbox(t, who.userId)).toContainEqual({
      kind: "dayTradingRejected",
      params: { reason, amount: "300.50", currency: "USD" },
    });
    // A new application may follow at once.
    await applyOk(t, who, { amount: "2000" });
  });

  it("a newer application leaves the approved allowance in force until it is approved itself", async () => {
    const who = await usd();
    await approved(t, reviewer, who, { amount: "500" });
    const newer = await applyOk(t, who, { amount: "800" });
    expect(await statusOf(t, who)).toMatchObject({
      application: { id: newer.id, state: "pending" },
      allowance: { amount: "500.00", remaining: "500.00" },
      canApply: false,
    });
    await decide(t, reviewer, newer.id, "reject", "One allowance is enough");
    expect(await statusOf(t, who)).toMatchObject({ allowance: { amount: "500.00" } });
    await approved(t, reviewer, who, { amount: "800" });
    expect(await statusOf(t, who)).toMatchObject({ allowance: { amount: "800.00", remaining: "800.00" } });
  });

  it("is idempotent: a retry answers the first application, the key with another amount is refused", async () => {
    const who = await usd();
    const body = applyBody({ amount: "100" });
    const first = await dayTrading(t, who, "apply", body);
    expect(await dayTrading(t, who, "apply", { ...body, amount: "100.00" })).toEqual(first);
    expect(await dayTrading(t, who, "apply", { ...body, amount: "200" })).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    expect(await rowsOf(who.userId)).toHaveLength(1);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1900", held: "100" });
  });
});

describe("dayTrading/apply: refusals", () => {
  it("refuses without a fund password, when trade-banned or frozen", async () => {
    const bare = await trader(t, { currency: "USD", amount: "2000.00" }, { fundPassword: false });
    expect(await dayTrading(t, bare, "apply", applyBody())).toMatchObject({ code: "FUND_PASSWORD_NOT_SET" });
    await expectNothingChanged(bare);
    const banned = await usd();
    await setTradeBanned(t, banned.userId, true);
    expect(await dayTrading(t, banned, "apply", applyBody())).toMatchObject({ code: "TRADE_BANNED" });
    await expectNothingChanged(banned);
    const frozen = await usd();
    await t.database.db.update(users).set({ frozen: true }).where(eq(users.id, frozen.userId));
    expect(await dayTrading(t, frozen, "apply", applyBody())).toMatchObject({ code: "ACCOUNT_FROZEN" });
  });

  it("refuses an amount beyond the available balance, naming the balance", async () => {
    const who = await usd();
    expect(await dayTrading(t, who, "apply", applyBody({ amount: "2000.01" }))).toMatchObject({
      status: 0,
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "2000.00" },
    });
    expect(await dayTrading(t, who, "apply", applyBody({ currency: "INR" }))).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "0.00" },
    });
    await expectNothingChanged(who);
  });

  it("refuses a second application while one waits", async () => {
    const who = await usd();
    await applyOk(t, who, { amount: "100" });
    expect(await dayTrading(t, who, "apply", applyBody({ amount: "200" }))).toMatchObject({
      code: "DAY_TRADING_PENDING",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1900", held: "100" });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["more decimals than USD has", { amount: "100.001" }, "amount"],
    ["a fraction of a won", { currency: "KRW", amount: "1000.5" }, "amount"],
    ["a zero amount", { amount: "0.00" }, "amount"],
    ["a negative amount", { amount: "-5" }, "amount"],
    ["an amount as a number", { amount: 100 }, "amount"],
    ["an unknown currency", { currency: "XAU" }, "currency"],
    ["a short idempotency key", { idempotencyKey: "short" }, "idempotencyKey"],
  ])("answers INVALID_INPUT for %s", async (_name, overrides, field) => {
    const who = await usd();
    const answer = await dayTrading(t, who, "apply", applyBody(overrides));
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT", params: { field } });
    await expectNothingChanged(who);
  });

  it("answers INVALID_INPUT without a body and 401 without a session", async () => {
    const who = await usd();
    expect(await dayTrading(t, who, "apply", {})).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    for (const action of ["apply", "status"])
      expect(await call(t.app, `dayTrading/${action}`, applyBody())).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
  });

  it("shows each user only their own application", async () => {
    const owner = await usd();
    const other = await usd();
    await applyOk(t, owner);
    expect(await statusOf(t, other)).toEqual({ application: null, allowance: null, canApply: true });
  });
});

describe("dayTrading/apply: concurrency", () => {
  it("of five simultaneous applications with different keys, one is held and four refused", async () => {
    const who = await usd();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => dayTrading(t, who, "apply", applyBody({ amount: "400" }))),
    );
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === "DAY_TRADING_PENDING")).toHaveLength(4);
    expect(await rowsOf(who.userId)).toHaveLength(1);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1600", held: "400" });
  });

  it("three simultaneous retries of one key hold once and answer the same application", async () => {
    const who = await usd();
    const body = applyBody({ amount: "250", idempotencyKey: newKey() });
    const answers = await Promise.all(Array.from({ length: 3 }, () => dayTrading(t, who, "apply", body)));
    const ids = answers.map((a) => (a.data as DayTradingApplication | null)?.id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toEqual(expect.any(String));
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1750", held: "250" });
  });
});
