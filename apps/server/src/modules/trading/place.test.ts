import type { TradeOrder } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { users } from "../../db/schema/index.js";
import {
  PriceBoard,
  newKey,
  orderRows,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
  type Trader,
} from "./testing.js";

/**
 * The one-statement placement (`order_place`, migration 0010; place.ts) as the API uses it: once a user's
 * accounts exist (their first order goes in steps and creates them), an order is placed in one call, with
 * the same answers, refusals and idempotency as the general path. Each test checks that the call ran.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));
afterEach(() => vi.restoreAllMocks());

const market = {
  symbol: "BTCUSD",
  direction: "long",
  priceType: "market",
  quantity: 1,
  leverage: 1,
} as const;

/** A trader whose accounts exist: one order placed and closed already (margin, fees, P&L accounts made). */
async function warmTrader(amount: string): Promise<Trader> {
  board.set("BTCUSD", "100.00");
  const who = await trader(t, { currency: "USD", amount });
  await placeOk(t, who, market);
  return who;
}

/** Counts the root database's calls of `order_place` from here on. */
function countPlacements() {
  const execute = vi.spyOn(t.database.db, "execute");
  return () => execute.mock.calls.filter(([query]) => JSON.stringify(query).includes("order_place")).length;
}

describe("placing an order in one statement", () => {
  it("opens a market order and holds a limit order, answering as the general path does", async () => {
    const who = await warmTrader("1000.00");
    const placed = countPlacements();
    const key = newKey();
    // 2 lots at $100, 1×: margin 200.00, fee 0.20 (0.1 %).
    const answer = await trade(t, who, "placeOrder", { ...market, quantity: 2, idempotencyKey: key });
    expect(answer).toMatchObject({ status: 1, data: { state: "open", margin: "200.00", openFee: "0.20" } });
    const order = answer.data as TradeOrder;
    expect(order.orderNo).toMatch(/^T\d{10,}$/);
    const detail = await trade(t, who, "positionDetail", { id: order.id });
    expect(detail.data).toMatchObject({ orderNo: order.orderNo, state: "open", openPrice: order.openPrice });
    const [row] = (await orderRows(t, who.userId)).filter((r) => r.id === order.id);
    expect(row?.openEntryId).not.toBeNull();
    // The same key again: the same answer, nothing moved twice; with another request: a conflict.
    expect(await trade(t, who, "placeOrder", { ...market, quantity: 2, idempotencyKey: key })).toEqual(
      answer,
    );
    expect(await trade(t, who, "placeOrder", { ...market, quantity: 3, idempotencyKey: key })).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });

    const limit = await placeOk(t, who, { ...market, priceType: "limit", price: "90" });
    expect(limit).toMatchObject({ state: "pending", margin: "90.00" });
    const [held] = (await orderRows(t, who.userId)).filter((r) => r.id === limit.id);
    expect(held?.holdEntryId).not.toBeNull();
    expect(await trade(t, who, "cancelOrder", { orderId: limit.id })).toMatchObject({ status: 1 });
    expect(placed()).toBeGreaterThanOrEqual(4);
    // 1000 − (100 + 0.10) − (200 + 0.20), the limit order's hold given back.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "699.7", held: "0" });
  });

  it("refuses the account's flags in their order and more than the balance, writing nothing", async () => {
    const who = await warmTrader("150.00");
    const placed = countPlacements();
    const before = (await orderRows(t, who.userId)).length;
    const flag = (flags: Partial<typeof users.$inferInsert>) =>
      t.database.db.update(users).set(flags).where(eq(users.id, who.userId));
    const place = () => trade(t, who, "placeOrder", { ...market, idempotencyKey: newKey() });

    await flag({ disabled: true, frozen: true, tradeBanned: true });
    expect(await place()).toMatchObject({ code: "ACCOUNT_DISABLED" });
    await flag({ disabled: false });
    expect(await place()).toMatchObject({ code: "ACCOUNT_FROZEN" });
    await flag({ frozen: false });
    expect(await place()).toMatchObject({ code: "TRADE_BANNED" });
    await flag({ tradeBanned: false, fundPasswordHash: null });
    expect(await place()).toMatchObject({ code: "FUND_PASSWORD_NOT_SET" });
    expect(placed()).toBe(4);
    expect(await orderRows(t, who.userId)).toHaveLength(before);
  });

  it("refuses more than the balance with the available amount, and a key refused is free again", async () => {
    const who = await warmTrader("150.00");
    const placed = countPlacements();
    const before = (await orderRows(t, who.userId)).length;
    const key = newKey();
    // 49.90 left; 1 lot costs 100.10.
    expect(await trade(t, who, "placeOrder", { ...market, idempotencyKey: key })).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "49.90" },
    });
    expect(await orderRows(t, who.userId)).toHaveLength(before);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "49.9" });
    board.set("BTCUSD", "40.00");
    expect(await trade(t, who, "placeOrder", { ...market, idempotencyKey: key })).toMatchObject({
      status: 1,
    });
    expect(placed()).toBe(2);
  });
});
