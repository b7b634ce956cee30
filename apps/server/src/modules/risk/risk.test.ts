import type { RiskDisclosure, SelfProtection, TradeOrder } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { messages, riskAcknowledgements } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import {
  PriceBoard,
  newKey,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  type Trader,
} from "../trading/testing.js";

/** modules/risk through HTTP: the loss share, the acknowledgement, the kill switch, loss limits, guards, ladder. */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

const risk = (who: Trader, path: string, body: unknown = {}) => call(t.app, path, body, who.session.headers);
const dot = (leverage: number, quantity = "10", extra: Record<string, unknown> = {}) => ({
  symbol: "DOTUSD",
  direction: "long",
  priceType: "market",
  quantity,
  leverage,
  ...extra,
});
const round = () => t.app.tradingEngine.round();
const tick = (price: string) => {
  t.clock.advance(1000);
  board.set("DOTUSD", price);
};
/** Past the crypto lock (5 minutes) and closed at the board's price. */
async function closeNow(who: Trader, order: TradeOrder) {
  t.clock.advance(6 * 60_000);
  const answer = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1, data: { state: "closed" } });
  return answer.data as TradeOrder;
}

describe("the risk warning before a first leveraged order", () => {
  it("refuses a leveraged order until the warning is acknowledged, once, whatever the retries", async () => {
    board.set("DOTUSD", "10.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" }, { acknowledged: false });
    const refused = await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...dot(2) });
    expect(refused).toMatchObject({ code: "RISK_DISCLOSURE_REQUIRED", params: { product: "leveraged" } });
    // Unleveraged needs no acknowledgement.
    await placeOk(t, who, dot(1, "1"));
    const shown = await risk(who, "risk/disclosure", { product: "leveraged" });
    expect(shown).toMatchObject({ status: 1, data: { product: "leveraged", acknowledgedAt: null } });
    expect((shown.data as RiskDisclosure).method).toMatch(/2018\/796/);
    // A concurrent duplicate: one row, the first time kept.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => risk(who, "risk/acknowledge", { product: "leveraged" })),
    );
    const times = new Set(answers.map((a) => (a.data as RiskDisclosure).acknowledgedAt));
    expect(times.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(riskAcknowledgements)
      .where(eq(riskAcknowledgements.userId, who.userId));
    expect(rows).toHaveLength(1);
    await placeOk(t, who, dot(2));
  });

  it("refuses malformed bodies, a product it does not know and a call without a session", async () => {
    const who = await trader(t);
    for (const body of [{}, { product: "copy" }, { product: 1 }])
      expect(await risk(who, "risk/disclosure", body)).toMatchObject({ code: "INVALID_INPUT" });
    expect(await risk(who, "risk/acknowledge", { product: "everything" })).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(await call(t.app, "risk/disclosure", { product: "leveraged" })).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("the kill switch", () => {
  it("refuses new orders until it expires, cannot be shortened, only extended; closing stays allowed", async () => {
    board.set("DOTUSD", "10.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const other = await trader(t, { currency: "USD", amount: "1000.00" });
    const open = await placeOk(t, who, dot(1, "1"));
    const locked = await risk(who, "user/killSwitch", { hours: 24 });
    expect(locked).toMatchObject({ status: 1 });
    const until = (locked.data as SelfProtection).lockedUntil;
    expect(until).toBe(new Date(t.clock.now().getTime() + 24 * HOUR).toISOString());
    expect(await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...dot(1, "1") })).toMatchObject({
      code: "TRADING_SELF_LOCKED",
      params: { until },
    });
    // Another user is not locked, nor sees the lock.
    await placeOk(t, other, dot(1, "1"));
    expect(await risk(other, "user/selfProtection")).toMatchObject({ data: { lockedUntil: null } });
    // Not lifted early: a shorter lock is refused, the lock stays.
    expect(await risk(who, "user/killSwitch", { hours: 1 })).toMatchObject({
      code: "KILL_SWITCH_ONLY_EXTENDS",
      params: { until },
    });
    // Closing is allowed while locked.
    await closeNow(who, open);
    // 23 hours later still locked; a longer lock extends it.
    t.clock.advance(23 * HOUR);
    expect(await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...dot(1, "1") })).toMatchObject({
      code: "TRADING_SELF_LOCKED",
    });
    const extended = await risk(who, "user/killSwitch", { hours: 2 });
    const later = (extended.data as SelfProtection).lockedUntil;
    expect(Date.parse(later ?? "")).toBe(t.clock.now().getTime() + 2 * HOUR);
    t.clock.advance(2 * HOUR - 1000);
    expect(await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...dot(1, "1") })).toMatchObject({
      code: "TRADING_SELF_LOCKED",
    });
    // Expired: orders go through again.
    t.clock.advance(1000);
    board.set("DOTUSD", "10.00");
    await placeOk(t, who, dot(1, "1"));
    expect(await risk(who, "user/selfProtection")).toMatchObject({ data: { lockedUntil: null } });
  });

  it("ends concurrent duplicates at one instant and refuses malformed hours", async () => {
    const who = await trader(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => risk(who, "user/killSwitch", { hours: 3 })),
    );
    expect(answers.every((a) => a.status === 1)).toBe(true);
    expect(new Set(answers.map((a) => (a.data as SelfProtection).lockedUntil)).size).toBe(1);
    for (const body of [{}, { hours: 0 }, { hours: 1.5 }, { hours: "2" }, { hours: 9000 }])
      expect(await risk(who, "user/killSwitch", body)).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("the daily loss limit", () => {
  it("stops new orders once today's loss reaches it, lets closes through, and a raise waits for tomorrow", async () => {
    board.set("DOTUSD", "10.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const set = await risk(who, "user/lossLimit", { currency: "USD", amount: "5" });
    expect(set).toMatchObject({
      status: 1,
      data: {
        lossLimits: [{ currency: "USD", amount: "5.00", next: null, reached: false }],
        timeZone: "Asia/Kolkata",
      },
    });
    const open = await placeOk(t, who, dot(2));
    // 10 at 10.00, 2×: fee 0.10 paid. At 9.60 the loss is 4.00 + 0.10: below 5.
    tick("9.60");
    await placeOk(t, who, dot(1, "0.1"));
    const status = await risk(who, "user/selfProtection");
    // The second order's fee (0.01) counts too: 4.00 + 0.10 + 0.01.
    expect(status).toMatchObject({ data: { lossLimits: [{ today: "-4.11", reached: false }] } });
    // At 9.50: 5.00 + 0.11 lost.
    tick("9.50");
    expect(await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...dot(1, "0.1") })).toMatchObject({
      code: "LOSS_LIMIT_REACHED",
    });
    const refused = await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...dot(2, "1") });
    expect(refused).toMatchObject({
      code: "LOSS_LIMIT_REACHED",
      params: { amount: "5.00", currency: "USD" },
    });
    // A raise waits for the next day; a lower limit would apply at once.
    const raised = await risk(who, "user/lossLimit", { currency: "USD", amount: "50" });
    expect(raised).toMatchObject({
      data: { lossLimits: [{ amount: "5.00", next: { amount: "50.00" }, reached: true }] },
    });
    expect(await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...dot(2, "1") })).toMatchObject({
      code: "LOSS_LIMIT_REACHED",
    });
    // Closing stays allowed.
    await closeNow(who, open);
    // The next day (Asia/Kolkata: from 18:30 UTC) the loss counts from zero and the raise is in force.
    t.clock.set("2026-01-05T18:31:00Z");
    board.set("DOTUSD", "9.50");
    expect(await risk(who, "user/selfProtection")).toMatchObject({
      data: { lossLimits: [{ amount: "50.00", next: null, reached: false }] },
    });
    await placeOk(t, who, dot(2, "1"));
  });

  it("applies a lower limit at once, removes one from the next day, refuses malformed bodies, serialises duplicates", async () => {
    const who = await trader(t);
    await risk(who, "user/lossLimit", { currency: "USD", amount: "100" });
    expect(await risk(who, "user/lossLimit", { currency: "USD", amount: "20" })).toMatchObject({
      data: { lossLimits: [{ amount: "20.00", next: null }] },
    });
    expect(await risk(who, "user/lossLimit", { currency: "USD", amount: null })).toMatchObject({
      data: { lossLimits: [{ amount: "20.00", next: { amount: null } }] },
    });
    for (const body of [
      {},
      { currency: "USD" },
      { currency: "USD", amount: "-5" },
      { currency: "USD", amount: "0" },
      { currency: "XXX", amount: "5" },
      { currency: "USD", amount: 5 },
    ])
      expect(await risk(who, "user/lossLimit", body)).toMatchObject({ code: "INVALID_INPUT" });
    const other = await trader(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => risk(other, "user/lossLimit", { currency: "THB", amount: "300" })),
    );
    expect(answers.every((a) => a.status === 1)).toBe(true);
    expect(await risk(other, "user/selfProtection")).toMatchObject({
      data: { lossLimits: [{ currency: "THB", amount: "300.00", next: null }] },
    });
  });
});

describe("fat-finger guards", () => {
  it("asks again for a size far above the usual and a limit far from the price", async () => {
    board.set("DOTUSD", "10.00");
    const who = await trader(t, { currency: "USD", amount: "5000.00" });
    for (let i = 0; i < 5; i++) await placeOk(t, who, dot(1, "1"));
    const big = dot(1, "11");
    const preview = await trade(t, who, "preview", big);
    expect(preview).toMatchObject({
      status: 1,
      data: { warnings: [{ code: "sizeUnusual", value: "11", threshold: "10" }] },
    });
    expect(await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...big })).toMatchObject({
      code: "ORDER_UNUSUAL",
    });
    await placeOk(t, who, { ...big, confirmUnusual: true });
    // A limit 20 % below the price.
    const far = { ...dot(1, "1"), priceType: "limit", price: "8.00" };
    expect(await trade(t, who, "preview", far)).toMatchObject({
      data: { warnings: [{ code: "priceFar", value: "0.2", threshold: "0.1" }] },
    });
    expect(await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...far })).toMatchObject({
      code: "ORDER_UNUSUAL",
    });
    expect(
      await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...far, confirmUnusual: "yes" }),
    ).toMatchObject({
      code: "INVALID_INPUT",
    });
    await placeOk(t, who, { ...far, confirmUnusual: true });
    expect(await trade(t, who, "preview", dot(1, "1"))).toMatchObject({ data: { warnings: [] } });
  });
});

describe("the margin-call ladder", () => {
  it("states the close-out order beforehand and warns at every level before the close-out", async () => {
    board.set("DOTUSD", "10.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const first = await placeOk(t, who, dot(2));
    board.set("DOTUSD", "10.50");
    const second = await placeOk(t, who, dot(2));
    await round();
    // The one opened at 10.50 is nearer its close-out (7.875) than the one at 10.00 (7.50): first in line.
    const ladder = await risk(who, "risk/marginStatus");
    expect(ladder).toMatchObject({
      status: 1,
      data: {
        levels: ["0.8", "0.65"],
        closeOut: "0.5",
        positions: [
          { orderId: second.id, rank: 1, closeOutPrice: "7.875", warnedLevel: null },
          { orderId: first.id, rank: 2, closeOutPrice: "7.5", warnedLevel: null },
        ],
      },
    });
    // Another user sees none of it.
    const other = await trader(t);
    expect(await risk(other, "risk/marginStatus")).toMatchObject({ data: { positions: [] } });
    // The price falls a cent a second from 10.50 to 7.40.
    for (let cents = 1049; cents >= 740; cents -= 5) {
      tick((cents / 100).toFixed(2));
      await round();
    }
    const told = await t.database.db
      .select({ kind: messages.kind, params: messages.params })
      .from(messages)
      .where(eq(messages.userId, who.userId))
      .orderBy(asc(messages.seq));
    const events = told.map((m) => `${m.kind}:${String(m.params.orderNo)}:${String(m.params.level ?? "")}`);
    const of = (order: TradeOrder) => events.filter((e) => e.includes(`:${order.orderNo}:`));
    for (const order of [first, second])
      expect(of(order)).toEqual([
        `marginCall:${order.orderNo}:0.8`,
        `marginCall:${order.orderNo}:0.65`,
        `positionLiquidated:${order.orderNo}:`,
      ]);
    // The second's close-out came first, as stated; each warning named the order.
    expect(events.indexOf(`positionLiquidated:${second.orderNo}:`)).toBeLessThan(
      events.indexOf(`positionLiquidated:${first.orderNo}:`),
    );
    const warning = told.find((m) => m.kind === "marginCall");
    expect(warning?.params.closeOrder).toBe(`${second.orderNo} → ${first.orderNo}`);
    expect(await risk(who, "risk/marginStatus")).toMatchObject({ data: { positions: [] } });
  });
});
