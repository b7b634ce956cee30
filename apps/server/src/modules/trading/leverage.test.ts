import type { TradeOrder } from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG } from "@brokerage/core";
import { describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { inbox } from "../day-trading/testing.js";
import { MARGIN_CALLS, type MarginCall } from "./index.js";
import { TradingService } from "./service.js";
import {
  PriceBoard,
  clearSetting,
  fundRecords,
  newKey,
  placeOk,
  setSetting,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
} from "./testing.js";

/** Retail leverage caps per class of underlying (ESMA's limits by default), through trade/placeOrder. */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

/** Monday 15:00 UTC: New York trades (10:00), and so does forex. */
const US_OPEN = "2026-01-05T15:00:00Z";

/** A long market order; the quantity travels as a decimal string. */
const order = (symbol: string, leverage: number, quantity = 1) => ({
  symbol,
  direction: "long",
  priceType: "market",
  quantity: String(quantity),
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

const round = () => t.app.tradingEngine.round();
/** Moves the clock on and sets a price, as the feed would have it a second later. */
const tick = (symbol: string, price: string) => {
  t.clock.advance(1000);
  board.set(symbol, price);
};
const detail = async (who: Awaited<ReturnType<typeof trader>>, id: string) =>
  (await trade(t, who, "positionDetail", { id })).data as TradeOrder;

/** 10 DOTUSD at $10, 2× (crypto's cap): margin 50.00, fee 0.10, the whole balance. */
async function dotAtTwice() {
  board.set("DOTUSD", "10.00");
  const who = await trader(t, { currency: "USD", amount: "50.10" });
  return { who, order: await placeOk(t, who, order("DOTUSD", 2, 10)) };
}

describe("margin calls and the close-out at 50% of the margin (ESMA's retail rules by default)", () => {
  it("warns once at each level of the ladder (80%, 65%), then closes when equity is 50% of the margin", async () => {
    const calls: MarginCall[] = [];
    const stop = t.app.bus.subscribe(MARGIN_CALLS, (call) => calls.push(call));
    try {
      const { who, order: opened } = await dotAtTwice();
      const warnings = async () =>
        (await inbox(t, who.userId)).filter((m) => m.kind === "marginCall").map((m) => m.params.level);
      await round();
      // Equity 80% of 50.00 is 40.00: a loss of 10.00, at 9.00.
      tick("DOTUSD", "9.01");
      await round();
      expect(await warnings()).toEqual([]);
      tick("DOTUSD", "9.00");
      await round();
      expect(await warnings()).toEqual(["0.8"]);
      const [message] = (await inbox(t, who.userId)).filter((m) => m.kind === "marginCall");
      expect(message?.params).toMatchObject({
        orderId: opened.id,
        symbol: "DOTUSD",
        percent: "80",
        closeOutPercent: "50",
        margin: "50.00",
        pnl: "-10.10",
        currency: "USD",
      });
      await vi.waitFor(() =>
        expect(calls).toEqual([
          { userId: who.userId, orderId: opened.id, symbol: "DOTUSD", level: "0.8", closeOut: "0.5" },
        ]),
      );
      // A wobble just above the level and down again is the same descent: not told twice.
      tick("DOTUSD", "9.20");
      await round();
      tick("DOTUSD", "8.90");
      await round();
      expect(await warnings()).toEqual(["0.8"]);
      // Recovered (equity back 5 points above the level: 85%, at 9.25) and down again: a new descent, told
      // again (modules/risk, the ladder re-arms).
      tick("DOTUSD", "9.25");
      await round();
      tick("DOTUSD", "8.90");
      await round();
      expect(await warnings()).toEqual(["0.8", "0.8"]);
      // Another process's service (an engine that lost its memory) is refused by the level's state.
      const elsewhere = new TradingService({ db: t.database.db, clock: t.clock, market: board.feed });
      expect(await elsewhere.marginCall(opened.id, "0.8", "8.90")).toBe(false);
      expect(await warnings()).toEqual(["0.8", "0.8"]);
      // 65%: a loss of 17.50, at 8.25.
      tick("DOTUSD", "8.25");
      await round();
      expect(await warnings()).toEqual(["0.8", "0.8", "0.65"]);
      // 50%: a loss of 25.00, at 7.50.
      tick("DOTUSD", "7.51");
      await round();
      expect(await detail(who, opened.id)).toMatchObject({ state: "open" });
      tick("DOTUSD", "7.50");
      await round();
      expect(await detail(who, opened.id)).toMatchObject({
        state: "closed",
        closeReason: "liquidation",
        // Net: the 25.00 loss, 0.10 to open and 0.08 to close.
        pnlGross: "-25.00",
        pnl: "-25.18",
        closeFee: "0.08",
      });
      // 50.00 − 25.00 − 0.08 back to available.
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "24.92", margin: "0" });
      expect(await warnings()).toEqual(["0.8", "0.8", "0.65"]);
      expect(calls.map((c) => c.level)).toEqual(["0.8", "0.8", "0.65"]);
    } finally {
      stop();
    }
  });

  it("books a gap beyond the margin to the platform, the user at zero and never below", async () => {
    const { who, order: opened } = await dotAtTwice();
    await round();
    // From 10.00 straight to 4.00: a loss of 60.00 on a margin of 50.00, fee 0.04.
    tick("DOTUSD", "4.00");
    await round();
    expect(await detail(who, opened.id)).toMatchObject({
      state: "closed",
      closeReason: "liquidation",
      pnlGross: "-60.00",
      pnl: "-50.10",
      closeFee: "0.04",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0", margin: "0" });
    // The platform pays in 60.00 + 0.04 − 50.00 = 10.04 (and the ledger checks clean after the test).
    const protection = (await fundRecords(t, who, "USD")).filter(
      (r) => r.type === "negativeBalanceProtection",
    );
    expect(protection.map((r) => [r.account, r.amount])).toEqual([["available", "10.04"]]);
  });
});
