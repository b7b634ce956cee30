import type { TradeOrder } from "@brokerage/api";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import {
  PriceBoard,
  clearSetting,
  newKey,
  placeOk,
  setSetting,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
} from "./testing.js";
import { DEFAULT_TRADING_CONFIG } from "@brokerage/core";

/** Retail leverage caps per class of underlying (ESMA's limits by default), through trade/placeOrder. */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

/** Monday 15:00 UTC: New York trades (10:00), and so does forex. */
const US_OPEN = "2026-01-05T15:00:00Z";

const order = (symbol: string, leverage: number, quantity = 1) => ({
  symbol,
  direction: "long",
  priceType: "market",
  quantity,
  leverage,
});

describe("leverage caps per class", () => {
  it("refuses a 10× order on a share, naming the leverages on offer (5:1 for single shares)", async () => {
    t.clock.set(US_OPEN);
    board.set("AAPL", "200.00");
    const who = await trader(t, { currency: "USD", amount: "10000.00" });
    expect(
      await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...order("AAPL", 10) }),
    ).toMatchObject({
      status: 0,
      code: "LEVERAGE_NOT_ALLOWED",
      params: { field: "leverage", leverage: "10", allowed: "1, 2, 5" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "10000", margin: "0" });
    // 5× is the cap: 200 ÷ 5 = 40.00 of margin.
    expect(await placeOk(t, who, order("AAPL", 5))).toMatchObject({ leverage: 5, margin: "40.00" });
  });

  it("accepts a major pair at 30× and refuses another pair at 30× (20:1)", async () => {
    t.clock.set(US_OPEN);
    board.set("EURUSD", "1.10000");
    board.set("USDINR", "85.0000");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    // 3,000 EUR at 1.1: notional 3,300.00, margin 110.00.
    expect(await placeOk(t, who, order("EURUSD", 30, 3000))).toMatchObject({
      leverage: 30,
      margin: "110.00",
    });
    const inr = await trader(t, { currency: "INR", amount: "100000.00" });
    expect(
      await trade(t, inr, "placeOrder", { idempotencyKey: newKey(), ...order("USDINR", 30, 100) }),
    ).toMatchObject({
      status: 0,
      code: "LEVERAGE_NOT_ALLOWED",
      params: { leverage: "30", allowed: "1, 2, 5, 10, 20" },
    });
    expect(await placeOk(t, inr, order("USDINR", 20, 100))).toMatchObject({ leverage: 20, margin: "425.00" });
  });

  it("refuses crypto above 2×", async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    expect(
      await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...order("BTCUSD", 5) }),
    ).toMatchObject({
      code: "LEVERAGE_NOT_ALLOWED",
      params: { allowed: "1, 2" },
    });
    expect(await placeOk(t, who, order("BTCUSD", 2))).toMatchObject({ margin: "50.00" });
  });

  it("keeps a position at the leverage it opened with after the cap is lowered", async () => {
    t.clock.set(US_OPEN);
    board.set("MSFT", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    // An operator's earlier terms allowed shares at 10×.
    await setSetting(t, "trading.US", { ...DEFAULT_TRADING_CONFIG.US, leverageCaps: { share: 10 } });
    let opened: TradeOrder;
    try {
      opened = await placeOk(t, who, order("MSFT", 10, 10));
    } finally {
      await clearSetting(t, "trading.US");
    }
    expect(opened).toMatchObject({ leverage: 10, margin: "100.00" });
    // Back at 5×: a new 10× order is refused, the open one stays as it was.
    expect(
      await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...order("MSFT", 10) }),
    ).toMatchObject({
      code: "LEVERAGE_NOT_ALLOWED",
    });
    const detail = await trade(t, who, "positions", { tab: "inProgress" });
    expect((detail.data as { items: TradeOrder[] }).items).toEqual([
      expect.objectContaining({ id: opened.id, leverage: 10, margin: "100.00", state: "open" }),
    ]);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ margin: "100" });
  });
});
