import type { OrderPreview, TradeOrder } from "@brokerage/api";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { createStaff, staffLogin, type StaffLogin, type StaffMember } from "../staff/testing.js";
import {
  PriceBoard,
  fundRecords,
  newKey,
  placeOk,
  setTradeBanned,
  trade,
  trader,
  walletOf,
  type Trader,
} from "../trading/testing.js";
import { applyOk, approved, decide, inbox, statusOf } from "./testing.js";

/**
 * Day-trade orders (`trade/placeOrder {dayTrade: true}`) of approved users, and their close at the market's
 * close by the app's own engine, its rounds run by the test after moving the clock. The clock starts on
 * Monday 2026-01-05 15:00 UTC, 10:00 in New York: the US trades (fee 0.03% at least $1, SEC fee 0.00206% on
 * the close, T+1 lock for ordinary positions); India (INR) is shut.
 */
const US_OPEN = "2026-01-05T15:00:00Z";
const US_CLOSE = "2026-01-05T21:00:00Z";
const board = new PriceBoard();
let t: TestApp;
let staff: StaffMember;
let reviewer: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } },
  });
  staff = await createStaff(t.database.db, "reviewer");
});
// Each test starts with the US trading and a fresh staff session (sessions end after the clock's idle time).
beforeEach(async () => {
  t.clock.set(US_OPEN);
  board.set("NVDA", "100.00");
  reviewer = await staffLogin(t.app, staff, "10.92.0.1");
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

const round = () => t.app.tradingEngine.round();
const detail = async (who: Trader, id: string) =>
  (await trade(t, who, "positionDetail", { id })).data as TradeOrder;
const nvda = (overrides: Record<string, unknown> = {}) => ({
  symbol: "NVDA",
  direction: "long",
  priceType: "market",
  quantity: "5",
  leverage: 1,
  dayTrade: true,
  ...overrides,
});

/** A user with 2,000 USD and an approved allowance of `amount` USD. */
async function dayTrader(amount = "1000"): Promise<Trader> {
  const who = await trader(t, { currency: "USD", amount: "2000.00" });
  await approved(t, reviewer, who, { amount });
  return who;
}

describe("day trades of an approved user", () => {
  it("open without a lock within the allowance and are closed at the market's close with P&L booked", async () => {
    const who = await dayTrader("1000");
    const preview = async (dayTrade: boolean) =>
      ((await trade(t, who, "preview", nvda({ dayTrade }))).data as OrderPreview).lockedUntil;
    expect(await preview(false)).toEqual(expect.any(String));
    expect(await preview(true)).toBeNull();

    // 5 at $100, 1×: margin 500.00, fee max(0.15, 1) = 1.00.
    const order = await placeOk(t, who, nvda());
    expect(order).toMatchObject({ kind: "dayTrade", state: "open", lockedUntil: null, margin: "500.00" });
    expect(await statusOf(t, who)).toMatchObject({
      allowance: { amount: "1000.00", used: "500.00", remaining: "500.00" },
    });
    // 6 more would take 600.00 of margin: beyond the 500.00 left.
    expect(
      await trade(t, who, "placeOrder", { ...nvda({ quantity: "6" }), idempotencyKey: newKey() }),
    ).toMatchObject({ status: 0, code: "DAY_TRADE_ALLOWANCE_EXCEEDED", params: { available: "500.00" } });
    // With no lock, a day trade can be closed at once: 4 at 2× (margin 200.00, fee 1.00), closed at 100.00
    // (fee 1.00, SEC fee 400 × 0.0000206 = 0.00824 → 0.01 and FINRA 4 × 0.000195 → 0.01: a charge rounds up).
    const quick = await placeOk(t, who, nvda({ quantity: "4", leverage: 2 }));
    const closed = await trade(t, who, "closePosition", { positionId: quick.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({
      status: 1,
      data: { state: "closed", closeReason: "user", pnlGross: "0.00", pnl: "-2.02" },
    });

    await round();
    board.set("NVDA", "103.00");
    t.clock.set("2026-01-05T20:59:59Z");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open" });
    t.clock.set(US_CLOSE);
    await round();
    // P&L +15.00; commission 1.00, SEC fee 515 × 0.0000206 = 0.0106 → 0.02, FINRA 5 × 0.000195 → 0.01.
    expect(await detail(who, order.id)).toMatchObject({
      state: "closed",
      closeReason: "dayEnd",
      closePrice: "103.00",
      // Net: 15.00 less 1.00 to open and 1.03 to close.
      pnlGross: "15.00",
      pnl: "12.97",
      closeFee: "1.03",
      stampDuty: "0.00",
    });
    // 2,000 − 501.00 − 201.00 + 198.98 + 513.97.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "2010.95", margin: "0" });
    const records = await fundRecords(t, who, "USD");
    expect(records.filter((r) => r.type === "realisedPnl").map((r) => r.amount)).toContain("15.00");
    expect(await inbox(t, who.userId)).toContainEqual({
      kind: "dayTradeClosed",
      params: {
        orderNo: order.orderNo,
        symbol: "NVDA",
        name: order.name,
        quantity: "5",
        closePrice: "103.00",
        pnl: "12.97",
        currency: "USD",
      },
    });
    expect(await statusOf(t, who)).toMatchObject({ allowance: { used: "0.00", remaining: "1000.00" } });
  });

  it("a day-trade limit order counts against the allowance while it waits and fills without a lock", async () => {
    const who = await dayTrader("600");
    const order = await placeOk(t, who, nvda({ priceType: "limit", price: "95.00" }));
    expect(order).toMatchObject({
      kind: "dayTrade",
      state: "pending",
      expiresAt: `${US_CLOSE.slice(0, 19)}.000Z`,
    });
    expect(await statusOf(t, who)).toMatchObject({ allowance: { used: "475.00", remaining: "125.00" } });
    await round();
    t.clock.advance(1000);
    board.set("NVDA", "94.50");
    await round();
    expect(await detail(who, order.id)).toMatchObject({
      kind: "dayTrade",
      state: "open",
      openPrice: "94.50",
      lockedUntil: null,
      margin: "472.50",
    });
    const closed = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({ status: 1, data: { state: "closed" } });
  });
});

describe("day trades at once", () => {
  it("six simultaneous orders of 300.00 margin against an allowance of 1,000.00: exactly three open", async () => {
    const who = await dayTrader("1000");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        trade(t, who, "placeOrder", { ...nvda({ quantity: "3" }), idempotencyKey: newKey() }),
      ),
    );
    expect(answers.filter((a) => a.status === 1)).toHaveLength(3);
    expect(answers.filter((a) => a.code === "DAY_TRADE_ALLOWANCE_EXCEEDED")).toHaveLength(3);
    expect(await statusOf(t, who)).toMatchObject({ allowance: { used: "900.00", remaining: "100.00" } });
    for (const answer of answers.filter((a) => a.status === 1))
      await trade(t, who, "closePosition", {
        positionId: (answer.data as TradeOrder).id,
        idempotencyKey: newKey(),
      });
  });
});

describe("day-trade refusals", () => {
  it("refuses MARGIN_NOT_ENABLED without an application, while it waits and after a refusal", async () => {
    const who = await trader(t, { currency: "USD", amount: "2000.00" });
    const place = () => trade(t, who, "placeOrder", { ...nvda(), idempotencyKey: newKey() });
    expect(await place()).toMatchObject({ status: 0, code: "MARGIN_NOT_ENABLED" });
    const application = await applyOk(t, who, { amount: "500" });
    expect(await place()).toMatchObject({ code: "MARGIN_NOT_ENABLED" });
    await decide(t, reviewer, application.id, "reject", "Not this time");
    expect(await place()).toMatchObject({ code: "MARGIN_NOT_ENABLED" });
    // The same order without the flag is an ordinary one, locked.
    const ordinary = await placeOk(t, who, nvda({ dayTrade: false }));
    expect(ordinary).toMatchObject({ kind: "normal", lockedUntil: expect.any(String) });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1499", held: "0" });
  });

  it("checks the account first, and refuses an instrument outside the allowance's currency", async () => {
    t.clock.set("2026-01-05T08:00:00Z"); // 13:30 in India: NSE trades.
    board.set("RELIANCE", "1000.00");
    const who = await dayTrader("1000");
    // The allowance is in USD; RELIANCE settles in INR.
    const reliance = { ...nvda({ symbol: "RELIANCE" }), idempotencyKey: newKey() };
    expect(await trade(t, who, "placeOrder", reliance)).toMatchObject({
      code: "CURRENCY_UNSUPPORTED",
      params: { field: "dayTrade" },
    });
    await setTradeBanned(t, who.userId, true);
    expect(await trade(t, who, "placeOrder", { ...reliance, idempotencyKey: newKey() })).toMatchObject({
      code: "TRADE_BANNED",
    });
  });

  it("answers NOT_FOUND for another user's day trade", async () => {
    const owner = await dayTrader("1000");
    const other = await dayTrader("1000");
    const order = await placeOk(t, owner, nvda());
    expect(await trade(t, other, "positionDetail", { id: order.id })).toMatchObject({ code: "NOT_FOUND" });
    expect(
      await trade(t, other, "closePosition", { positionId: order.id, idempotencyKey: newKey() }),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(await statusOf(t, other)).toMatchObject({ allowance: { used: "0.00" } });
    expect(await detail(owner, order.id)).toMatchObject({ state: "open" });
    await trade(t, owner, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
  });

  it("refuses a malformed flag as bad input", async () => {
    const who = await dayTrader("1000");
    expect(
      await trade(t, who, "placeOrder", { ...nvda({ dayTrade: "yes" }), idempotencyKey: newKey() }),
    ).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "dayTrade" } });
  });
});
