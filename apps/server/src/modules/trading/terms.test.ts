import type { TradeOrder, TradeOrderPage } from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG } from "@brokerage/core";
import { describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import {
  PriceBoard,
  newKey,
  placeOk,
  setSetting,
  setUpTradingApp,
  trade,
  trader,
  type Trader,
} from "./testing.js";

/** `trade/terms` (the buy form's rules) and `trade/trades` (the transaction records' trades tab). */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

describe("trade/terms", () => {
  it("publishes the defaults of each market, amounts at the settlement currency's scale", async () => {
    const who = await trader(t);
    expect(await trade(t, who, "terms", { market: "IN" })).toMatchObject({
      status: 1,
      data: {
        market: "IN",
        currency: "INR",
        leverages: [1, 2, 5],
        leverageCaps: { share: 5 },
        feeRate: "0.0003",
        minFee: "20.00",
        charges: DEFAULT_TRADING_CONFIG.IN.charges,
        lock: { kind: "tradingDays", n: 1 },
        liquidationShare: "0.5",
        marginCallLevels: ["0.8", "0.65"],
      },
    });
    expect((await trade(t, who, "terms", { market: "MY" })).data).toMatchObject({
      currency: "MYR",
      minFee: "8.00",
      charges: DEFAULT_TRADING_CONFIG.MY.charges,
    });
    // The stamp duty of RM1 per RM1,000 or part, at most RM1,000 a contract, on both sides.
    expect((await trade(t, who, "terms", { market: "MY" })).data).toMatchObject({
      charges: expect.arrayContaining([
        expect.objectContaining({ id: "stampDuty", basis: { kind: "blocks", block: "1000", rate: "1" } }),
      ]),
    });
    expect((await trade(t, who, "terms", { market: "FX" })).data).toMatchObject({
      leverages: [1, 2, 5, 10, 20, 30],
      leverageCaps: { fxMajor: 30, fxOther: 20 },
      lock: { kind: "minutes", n: 0 },
    });
    // Named, an instrument gets its class's list (a major pair 30, another pair 20) and its settlement
    // currency: a pair settles in its quote currency, amounts at that currency's scale.
    expect((await trade(t, who, "terms", { market: "FX", symbol: "USDJPY" })).data).toMatchObject({
      currency: "JPY",
      minFee: "0",
      leverages: [1, 2, 5, 10, 20, 30],
    });
    expect((await trade(t, who, "terms", { market: "FX", symbol: "USDINR" })).data).toMatchObject({
      currency: "INR",
      leverages: [1, 2, 5, 10, 20],
    });
    expect((await trade(t, who, "terms", { market: "FX", symbol: "EURUSD" })).data).toMatchObject({
      currency: "USD",
    });
    expect((await trade(t, who, "terms", { market: "FX" })).data).toMatchObject({ currency: "USD" });
    expect((await trade(t, who, "terms", { market: "CRYPTO", symbol: "BTCUSD" })).data).toMatchObject({
      leverages: [1, 2],
    });
    expect(await trade(t, who, "terms", { market: "FX", symbol: "BTCUSD" })).toMatchObject({
      status: 0,
      code: "UNKNOWN_SYMBOL",
    });
  });

  it("follows the operator's setting, and the defaults when a stored value is unusable", async () => {
    const who = await trader(t);
    await setSetting(t, "trading.TH", {
      leverageCaps: { share: 4 },
      feeRate: "0.002",
      minFee: "60",
      charges: [],
      lock: { kind: "minutes", n: 15 },
      liquidationShare: "0.4",
      marginCallLevels: ["0.7"],
      priceBand: "0.3",
    });
    expect((await trade(t, who, "terms", { market: "TH" })).data).toMatchObject({
      leverages: [1, 2, 4],
      minFee: "60.00",
      lock: { kind: "minutes", n: 15 },
      liquidationShare: "0.4",
      marginCallLevels: ["0.7"],
    });
    await setSetting(t, "trading.TH", { leverageCaps: [] });
    expect((await trade(t, who, "terms", { market: "TH" })).data).toMatchObject({ leverages: [1, 2, 5] });
  });

  it("refuses an unknown market and a call without a session", async () => {
    const who = await trader(t);
    expect(await trade(t, who, "terms", { market: "XX" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "market" },
    });
    expect(await call(t.app, "trade/terms", { market: "IN" })).toMatchObject({ httpStatus: 401 });
  });
});

describe("trade/trades", () => {
  const market = { symbol: "ETHUSD", direction: "short", priceType: "market", quantity: "2", leverage: 2 };
  const close = (who: Trader, order: TradeOrder) =>
    trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
  async function trades(who: Trader, cursor?: string | null): Promise<TradeOrderPage> {
    const answer = await trade(t, who, "trades", cursor ? { cursor } : {});
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
    return answer.data as TradeOrderPage;
  }

  it("lists only the user's closed positions, newest first, 20 a page, with their figures", async () => {
    board.set("ETHUSD", "50.00");
    const who = await trader(t, { currency: "USD", amount: "5000.00" });
    const other = await trader(t, { currency: "USD", amount: "500.00" });
    expect(await trades(who)).toEqual({ items: [], nextCursor: null });

    const closed: TradeOrder[] = [];
    for (let i = 0; i < 21; i++) {
      const order = await placeOk(t, who, market);
      expect(await close(who, order)).toMatchObject({ status: 1, data: { state: "closed" } });
      closed.push(order);
    }
    // Neither an open position, a cancelled order nor another user's trade is a settled trade.
    await placeOk(t, who, market);
    const limit = await placeOk(t, who, { ...market, priceType: "limit", price: "51.00" });
    expect(await trade(t, who, "cancelOrder", { orderId: limit.id })).toMatchObject({ status: 1 });
    await close(other, await placeOk(t, other, market));

    const first = await trades(who);
    expect(first.items).toHaveLength(20);
    const second = await trades(who, first.nextCursor);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((o) => o.id)).toEqual(closed.map((o) => o.id).reverse());
    // Short 2 at 50, 2×: margin 50.00, fee 0.1% of 100 = 0.10 each side, no P&L at an unchanged price.
    expect(first.items[0]).toMatchObject({
      state: "closed",
      symbol: "ETHUSD",
      direction: "short",
      quantity: "2",
      openPrice: "50.00",
      closePrice: "50.00",
      openFee: "0.10",
      closeFee: "0.10",
      stampDuty: "0.00",
      pnlGross: "0.00",
      pnl: "-0.20",
      closeReason: "user",
    });
    expect(await trade(t, who, "trades", { cursor: "bm9wZQ" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });
});
