import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { setFundPassword } from "../withdrawals/testing.js";
import {
  PriceBoard,
  fund,
  newKey,
  orderRows,
  placeOk,
  setTradeBanned,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
} from "./testing.js";

const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

/** Monday 08:00 UTC is 03:00 in New York (shut); 15:00 UTC is 10:00 (trading). */
const US_SHUT = "2026-01-05T08:00:00Z";
const US_OPEN = "2026-01-05T15:00:00Z";

describe("trade/placeOrder refusals, each reached in the fixed order", () => {
  it("answers the first unmet rule, and once it is met the next one, moving nothing until the order passes", async () => {
    t.clock.set(US_SHUT);
    board.set("MSFT", { close: "100.00", prevClose: "100.00", stale: true });
    const who = await trader(t, undefined, { fundPassword: false });
    await setTradeBanned(t, who.userId, true);
    const order: Record<string, unknown> = {
      symbol: "MSFT",
      direction: "long",
      priceType: "limit",
      price: "0",
      quantity: "1.5",
      leverage: 3,
      stopLoss: "105",
    };
    const expectRefusal = async (code: string, params?: Record<string, string>) => {
      const answer = await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...order });
      expect(answer, JSON.stringify(answer)).toMatchObject({
        httpStatus: 200,
        status: 0,
        code,
        ...(params && { params }),
      });
    };

    await expectRefusal("TRADE_BANNED");
    await setTradeBanned(t, who.userId, false);
    await expectRefusal("FUND_PASSWORD_NOT_SET");
    await setFundPassword(t, who.session);
    await expectRefusal("NON_TRADING_HOURS");
    t.clock.set(US_OPEN);
    await expectRefusal("PRICE_UNAVAILABLE");
    board.set("MSFT", { close: "100.00", prevClose: "100.00", missing: true });
    await expectRefusal("PRICE_UNAVAILABLE");
    board.set("MSFT", { close: "100.00", prevClose: "100.00" });
    await expectRefusal("PRICE_NOT_POSITIVE", { field: "price" });
    order.price = "-5";
    await expectRefusal("PRICE_NOT_POSITIVE", { field: "price" });
    delete order.price;
    await expectRefusal("PRICE_NOT_POSITIVE", { field: "price" });
    // US band ±10% of the previous close: 90.00 to 110.00, both allowed.
    order.price = "110.01";
    await expectRefusal("PRICE_BEYOND_LIMIT", { field: "price", min: "90.00", max: "110.00" });
    order.price = "89.99";
    await expectRefusal("PRICE_BEYOND_LIMIT", { field: "price", min: "90.00", max: "110.00" });
    order.price = "100.001";
    await expectRefusal("INVALID_INPUT", { field: "price" });
    order.price = "100";
    // A US limit order takes whole shares (the exchange's book); only market orders are fractional.
    const step = { field: "quantity", step: "1", lotSize: "1" };
    await expectRefusal("QUANTITY_NOT_MULTIPLE_OF_STEP", { ...step, quantity: "1.5" });
    order.quantity = "0";
    await expectRefusal("QUANTITY_NOT_MULTIPLE_OF_STEP", { ...step, quantity: "0" });
    order.quantity = "2";
    await expectRefusal("LEVERAGE_NOT_ALLOWED", { field: "leverage", leverage: "3", allowed: "1, 2, 5" });
    order.leverage = 2;
    await expectRefusal("STOP_PRICE_INVALID", { field: "stopLoss" });
    order.stopLoss = "95";
    // 2 lots at 100, 2×: margin 100.00, fee max(0.06, 1) = 1.00, total 101.00.
    await expectRefusal("INSUFFICIENT_AVAILABLE", { available: "0.00" });
    await fund(t, who.userId, "USD", "100.99");
    await expectRefusal("INSUFFICIENT_AVAILABLE", { available: "100.99" });
    expect(await orderRows(t, who.userId)).toEqual([]);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "100.99", held: "0" });

    await fund(t, who.userId, "USD", "0.01");
    const placed = await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...order });
    expect(placed).toMatchObject({
      status: 1,
      data: { state: "pending", limitPrice: "100.00", margin: "100.00", openFee: "1.00", stopLoss: "95.00" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0", held: "101" });
  });

  it("refuses a frozen account first, an unknown symbol, an index and a share still in subscription", async () => {
    const who = await trader(t, { currency: "USD", amount: "100.00" });
    const base = {
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
      idempotencyKey: newKey(),
    };
    expect(await trade(t, who, "placeOrder", { ...base, symbol: "NOPE" })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
      params: { symbol: "NOPE" },
    });
    expect(await trade(t, who, "placeOrder", { ...base, symbol: "BTCUSD", exchange: "NSE" })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
    });
    expect(await trade(t, who, "placeOrder", { ...base, symbol: "NIFTY50" })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
    });
    expect(await trade(t, who, "placeOrder", { ...base, symbol: "TATACAP" })).toMatchObject({
      code: "NOT_YET_OPEN",
    });
  });

  it("refuses a market order whose margin would round to nothing", async () => {
    board.set("TRXUSD", "0.001");
    const who = await trader(t, { currency: "USD", amount: "100.00" });
    const answer = await trade(t, who, "placeOrder", {
      idempotencyKey: newKey(),
      symbol: "TRXUSD",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    expect(answer).toMatchObject({ code: "BELOW_MIN_AMOUNT", params: { field: "quantity", min: "0.01" } });
  });
});

describe("malformed bodies answer INVALID_INPUT, never a 500", () => {
  it.each<[string, unknown, string]>([
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: 1, leverage: 1 },
      "quantity",
    ],
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "1e3", leverage: 1 },
      "quantity",
    ],
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "0.000000001", leverage: 1 },
      "quantity",
    ],
    [
      "preview",
      { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "-1", leverage: 1 },
      "quantity",
    ],
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "up", priceType: "market", quantity: "1", leverage: 1 },
      "direction",
    ],
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "long", priceType: "stop", quantity: "1", leverage: 1 },
      "priceType",
    ],
    ["placeOrder", { direction: "long", priceType: "market", quantity: "1", leverage: 1 }, "symbol"],
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "1", leverage: null },
      "leverage",
    ],
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "long", priceType: "limit", price: "1e3", quantity: "1", leverage: 1 },
      "price",
    ],
    [
      "placeOrder",
      { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "1000000000000", leverage: 1 },
      "quantity",
    ],
    ["preview", { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "1" }, "leverage"],
    ["cancelOrder", { orderId: "not-a-uuid" }, "orderId"],
    ["cancelOrder", [], "body"],
    ["closePosition", { positionId: "00000000-0000-4000-8000-000000000000" }, "idempotencyKey"],
    [
      "closePosition",
      { positionId: "00000000-0000-4000-8000-000000000000", idempotencyKey: "short" },
      "idempotencyKey",
    ],
    [
      "setStops",
      { positionId: "00000000-0000-4000-8000-000000000000", stopLoss: "x", takeProfit: null },
      "stopLoss",
    ],
    ["orders", { tab: "all" }, "tab"],
    ["positions", { tab: "inProgress", cursor: 5 }, "cursor"],
    ["positionDetail", { id: 42 }, "id"],
  ])("trade/%s %j", async (action, body, field) => {
    const who = await trader(t, undefined, { fundPassword: false });
    const withKey =
      action === "placeOrder" && typeof body === "object" && body !== null && !Array.isArray(body)
        ? { idempotencyKey: newKey(), ...body }
        : body;
    const answer = await trade(t, who, action, withKey);
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT" });
    expect(answer.params?.field ?? "body").toContain(field);
  });

  it("a stop at 0 is refused by the contract with PRICE_NOT_POSITIVE", async () => {
    const who = await trader(t, undefined, { fundPassword: false });
    const answer = await trade(t, who, "setStops", {
      positionId: "00000000-0000-4000-8000-000000000000",
      stopLoss: "0",
      takeProfit: null,
    });
    expect(answer).toMatchObject({ code: "PRICE_NOT_POSITIVE", params: { field: "stopLoss" } });
  });

  it("every call needs a session", async () => {
    const { call } = await import("../../../test/helper.js");
    for (const action of ["preview", "placeOrder", "cancelOrder", "closePosition", "orders", "inventory"])
      expect(await call(t.app, `trade/${action}`, {})).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
  });
});

describe("another user's orders", () => {
  it("answer NOT_FOUND everywhere, and are left as they were", async () => {
    board.set("AVAXUSD", "30.00");
    const owner = await trader(t, { currency: "USD", amount: "1000.00" });
    const other = await trader(t, { currency: "USD", amount: "1000.00" });
    const open = await placeOk(t, owner, {
      symbol: "AVAXUSD",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    const pending = await placeOk(t, owner, {
      symbol: "AVAXUSD",
      direction: "long",
      priceType: "limit",
      price: "29",
      quantity: "1",
      leverage: 1,
    });
    const attempts: [string, unknown][] = [
      ["cancelOrder", { orderId: pending.id }],
      ["closePosition", { positionId: open.id, idempotencyKey: newKey() }],
      ["setStops", { positionId: open.id, stopLoss: "20", takeProfit: null }],
      ["positionDetail", { id: open.id }],
      ["positionDetail", { id: "00000000-0000-4000-8000-000000000000" }],
    ];
    for (const [action, body] of attempts)
      expect(await trade(t, other, action, body), action).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect((await trade(t, other, "orders", { tab: "purchase" })).data).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await trade(t, other, "positions", { tab: "inProgress" })).data).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await trade(t, other, "inventory")).data).toEqual([]);
    const rows = await orderRows(t, owner.userId);
    expect(rows.map((r) => [r.id, r.state, r.stopLoss]).sort()).toEqual(
      [
        [open.id, "open", null],
        [pending.id, "pending", null],
      ].sort(),
    );
  });
});
