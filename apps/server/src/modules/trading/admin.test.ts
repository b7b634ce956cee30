import { randomUUID } from "node:crypto";
import {
  ADMIN_ROLES,
  SETTING_DEFAULTS,
  can,
  type AdminRole,
  type TradeOrder,
  type TradeOrderPage,
} from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG } from "@brokerage/core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { adminCall, createStaff, staffLogin, unauthorized, type StaffLogin } from "../staff/testing.js";
import { PriceBoard, placeOk, setUpTradingApp, trade, trader, type Trader } from "./testing.js";

/** The back office's view of a user's orders (`users/orders`) and its trading configuration (`config/set`). */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

const staff = new Map<AdminRole, StaffLogin>();
beforeAll(async () => {
  let address = 0;
  for (const role of ADMIN_ROLES)
    staff.set(role, await staffLogin(t.app, await createStaff(t.database.db, role), `10.91.${++address}.1`));
});
const as = (role: AdminRole) => staff.get(role) as StaffLogin;

const orders = (body: Record<string, unknown>, role: AdminRole = "reviewer") =>
  adminCall(t.app, "users/orders", body, as(role).headers);
async function page(body: Record<string, unknown>): Promise<TradeOrderPage> {
  const answer = await orders(body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as TradeOrderPage;
}

const market = { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "1", leverage: 1 };

describe("users/orders", () => {
  let who: Trader;
  let opened: TradeOrder[];
  beforeAll(async () => {
    board.set("BTCUSD", "100.00");
    who = await trader(t, { currency: "USD", amount: "10000.00" });
    opened = [];
    for (let i = 0; i < 22; i++) opened.push(await placeOk(t, who, market));
  });

  it.each(ADMIN_ROLES)("is open to the %s iff the role has trading.read", async (role) => {
    const answer = await orders({ userId: who.userId, tab: "positions" }, role);
    if (can(role, "trading.read")) expect(answer).toMatchObject({ httpStatus: 200, status: 1 });
    else expect(answer).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
  });

  it("is refused to a role without trading.read (support) and without a staff session", async () => {
    expect(can("support", "trading.read")).toBe(false);
    expect(await orders({ userId: who.userId, tab: "positions" }, "support")).toMatchObject({
      httpStatus: 403,
      code: "FORBIDDEN",
    });
    expect(await adminCall(t.app, "users/orders", { userId: who.userId, tab: "positions" })).toMatchObject(
      unauthorized,
    );
    // A user's own session never opens the back office.
    expect(
      await adminCall(t.app, "users/orders", { userId: who.userId, tab: "positions" }, who.session.headers),
    ).toMatchObject(unauthorized);
  });

  it("answers NOT_FOUND for an unknown user and INVALID_INPUT for a malformed body", async () => {
    expect(await orders({ userId: randomUUID(), tab: "positions" })).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "NOT_FOUND",
    });
    expect(await orders({ userId: "nope", tab: "positions" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "userId" },
    });
    expect(await orders({ userId: who.userId, tab: "all" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "tab" },
    });
    expect(await orders({ userId: who.userId, tab: "positions", cursor: "bm9wZQ" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });

  it("pages the open positions newest first, valued as the user sees them", async () => {
    board.set("BTCUSD", "101.00");
    const first = await page({ userId: who.userId, tab: "positions" });
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page({ userId: who.userId, tab: "positions", cursor: first.nextCursor });
    expect(second).toMatchObject({ nextCursor: null });
    expect([...first.items, ...second.items].map((o) => o.id)).toEqual(opened.map((o) => o.id).reverse());
    expect(first.items[0]).toMatchObject({
      state: "open",
      currentPrice: "101.00",
      pnlGross: "1.00",
      pnl: "0.90",
    });
    // The same page the user's own trade screen reads.
    expect((await trade(t, who, "positions", { tab: "inProgress" })).data).toEqual(first);
    // A positions cursor is not an orders cursor.
    expect(await orders({ userId: who.userId, tab: "finished", cursor: first.nextCursor })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });

  it("lists pending orders, then finished ones once cancelled or closed, and no one else's", async () => {
    const other = await trader(t, { currency: "USD", amount: "1000.00" });
    await placeOk(t, other, { ...market, priceType: "limit", price: "95.00" });
    expect((await page({ userId: who.userId, tab: "pending" })).items).toEqual([]);

    // 10% from the price: the fat-finger guard asks again, and the order is confirmed.
    const limit = await placeOk(t, who, {
      ...market,
      priceType: "limit",
      price: "90.00",
      confirmUnusual: true,
    });
    expect((await page({ userId: who.userId, tab: "pending" })).items).toEqual([
      expect.objectContaining({ id: limit.id, state: "pending", limitPrice: "90.00" }),
    ]);
    expect(await trade(t, who, "cancelOrder", { orderId: limit.id })).toMatchObject({ status: 1 });
    const closing = opened[0] as TradeOrder;
    expect(
      await trade(t, who, "closePosition", { positionId: closing.id, idempotencyKey: `close-${closing.id}` }),
    ).toMatchObject({ status: 1, data: { state: "closed" } });

    expect(await page({ userId: who.userId, tab: "pending" })).toEqual({ items: [], nextCursor: null });
    const finished = await page({ userId: who.userId, tab: "finished" });
    expect(finished.items.map((o) => [o.id, o.state])).toEqual([
      [limit.id, "cancelled"],
      [closing.id, "closed"],
    ]);
    expect(finished.items[1]).toMatchObject({ pnlGross: "1.00", pnl: "0.79", closePrice: "101.00" });
    expect((await page({ userId: other.userId, tab: "pending" })).items).toHaveLength(1);
  });
});

describe("config/set of trading.<market>", () => {
  const set = (value: unknown) =>
    adminCall(
      t.app,
      "config/set",
      { key: "trading.KR", value, reason: "Fee review" },
      as("operator").headers,
    );
  const terms = async (who: Trader) => (await trade(t, who, "terms", { market: "KR" })).data;
  const defaults = SETTING_DEFAULTS["trading.KR"];
  const stt = DEFAULT_TRADING_CONFIG.KR.charges[0];

  it("refuses what the core's check refuses, naming the field, and stores nothing", async () => {
    const who = await trader(t);
    const before = await terms(who);
    // The key's schema accepts it; the core knows won have no decimals.
    expect(await set({ ...defaults, minFee: "0.5" })).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field: "value.minFee" },
    });
    expect(await set({ ...defaults, charges: [{ ...stt, max: "10.5" }] })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "value.charges.0.max" },
    });
    expect(await set({ ...defaults, feeRate: "1" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "value.feeRate" },
    });
    expect(await set({ ...defaults, lock: { kind: "tradingDays", n: 21 } })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "value.lock.n" },
    });
    expect(await terms(who)).toEqual(before);
  });

  // Raising its leverage caps too would be a control setting's change, which waits for two administrators.
  it("stores a sound value, which trade/terms publishes at once", async () => {
    const who = await trader(t);
    const value = {
      ...defaults,
      minFee: "150",
      charges: [{ ...stt, max: "5000" }],
      lock: { kind: "minutes", n: 30 },
    };
    expect(await set(value)).toMatchObject({ status: 1, data: { key: "trading.KR", overridden: true } });
    expect(await terms(who)).toEqual({
      market: "KR",
      currency: "KRW",
      leverages: [1, 2, 5],
      ...value,
    });
  });
});
