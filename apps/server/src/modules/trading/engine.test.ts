import type { OrderPreview } from "@brokerage/api";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { DomainError } from "../../lib/errors.js";
import { inbox } from "../day-trading/testing.js";
import { TradingService, type TradeChange } from "./service.js";
import {
  PriceBoard,
  newKey,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
  withCryptoTerms,
  cryptoUpToTenTimes,
} from "./testing.js";

/** The methods the matching engine calls, each in its own transaction, on the same rules as the user's. */
const board = new PriceBoard();
let t: TestApp;
let engine: TradingService;
const changes: TradeChange[] = [];
setUpTradingApp(board, (app) => {
  t = app;
  engine = new TradingService({
    db: t.database.db,
    clock: t.clock,
    market: board.feed,
    notify: (change) => changes.push(change),
  });
});
// These cases were worked out at 5× on crypto, which ESMA caps at 2 for retail clients.
cryptoUpToTenTimes(() => t);
afterEach(() => {
  changes.length = 0;
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof DomainError ? { code: error.code, params: error.params } : error),
  );

const limitOrder = {
  symbol: "BNBUSD",
  direction: "long",
  priceType: "limit",
  price: "600.50",
  quantity: "3",
  leverage: 5,
};

describe("fillOrder", () => {
  it("fills at the limit to the cent of the preview, the hold paying margin and fee", async () => {
    board.set("BNBUSD", "650.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const preview = (await trade(t, who, "preview", limitOrder)).data as OrderPreview;
    // Notional 1,801.50; margin 360.30; fee 1.8015 → 1.81 (a charge rounds up); total 362.11.
    expect(preview).toMatchObject({ price: "600.5", margin: "360.30", fee: "1.81", total: "362.11" });
    const order = await placeOk(t, who, limitOrder);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "637.89", held: "362.11" });

    t.clock.advance(60_000);
    const filled = await engine.fillOrder(order.id, "600.50");
    expect(filled).toMatchObject({
      state: "open",
      margin: preview.margin,
      openFee: preview.fee,
      openPrice: "600.50",
      openedAt: "2026-01-05T08:01:00.000Z",
      lockedUntil: null,
      pnlGross: "0.00",
      pnl: "-1.81",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({
      available: "637.89",
      held: "0",
      margin: "360.3",
    });
    expect(changes).toEqual([{ orderId: order.id, symbol: "BNBUSD", state: "open" }]);
    expect(await refusal(engine.fillOrder(order.id, "600.50"))).toEqual({
      code: "ORDER_STATE_INVALID",
      params: { state: "open", event: "fill" },
    });
  });

  it("gives back what a better price costs less, and tops up what a worse one costs more", async () => {
    board.set("BNBUSD", "650.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const better = await placeOk(t, who, limitOrder);
    // At 590: notional 1,770; margin 354.00; fee 1.77; 362.11 − 355.77 = 6.34 back to available.
    await engine.fillOrder(better.id, "590");
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({
      available: "644.23",
      held: "0",
      margin: "354",
    });
    const worse = await placeOk(t, who, limitOrder);
    // At 610: notional 1,830; margin 366.00; fee 1.83; 367.83 − 362.11 = 5.72 more from available.
    await engine.fillOrder(worse.id, "610");
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({
      available: "276.4",
      held: "0",
      margin: "720",
    });
  });

  it("refuses a top-up the available balance cannot pay, and leaves the order pending", async () => {
    board.set("BNBUSD", "650.00");
    const who = await trader(t, { currency: "USD", amount: "362.11" });
    const order = await placeOk(t, who, limitOrder);
    expect(await refusal(engine.fillOrder(order.id, "610"))).toEqual({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "0.00" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0", held: "362.11" });
    expect((await trade(t, who, "positionDetail", { id: order.id })).data).toMatchObject({
      state: "pending",
    });
  });
});

describe("expireOrder", () => {
  it("ends a pending order as expired and gives back its hold; not twice", async () => {
    board.set("BNBUSD", "650.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const order = await placeOk(t, who, limitOrder);
    expect((await engine.pendingOrders()).map((o) => o.id)).toContain(order.id);
    const expired = await engine.expireOrder(order.id);
    expect(expired).toMatchObject({ state: "expired" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1000", held: "0" });
    expect(await refusal(engine.expireOrder(order.id))).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect((await engine.pendingOrders()).map((o) => o.id)).not.toContain(order.id);
    const finished = await trade(t, who, "orders", { tab: "finished" });
    expect(finished).toMatchObject({ data: { items: [{ id: order.id, state: "expired" }] } });
  });
});

describe("closePosition", () => {
  it("carries out a close that waited for the open, at the opening price", async () => {
    t.clock.set("2026-01-05T15:00:00Z");
    board.set("NVDA", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    // 5 lots at $100, 1×: margin 500.00, fee max(0.15, 1) = 1.00.
    const order = await placeOk(t, who, {
      symbol: "NVDA",
      direction: "long",
      priceType: "market",
      quantity: "5",
      leverage: 1,
    });
    t.clock.set("2026-01-05T22:00:00Z");
    await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
    expect((await engine.livePositions()).find((p) => p.id === order.id)).toMatchObject({ state: "closing" });
    // Tuesday's open, 09:30 New York, at $104: P&L +20.00; the sale of 520: commission 1.00, SEC fee
    // 520 × 0.0000206 = 0.010712 → 0.02, FINRA 5 × 0.000195 = 0.000975 → 0.01 (regulators' fees, not taxes).
    t.clock.set("2026-01-06T14:30:00Z");
    const closed = await engine.closePosition(order.id, "104.00", "user");
    expect(closed).toMatchObject({
      state: "closed",
      pnlGross: "20.00",
      pnl: "17.97",
      closeFee: "1.03",
      stampDuty: "0.00",
      closeReason: "user",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1017.97", margin: "0" });
    expect(await refusal(engine.closePosition(order.id, "104.00", "user"))).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
  });

  it("holds a stop back while the position is locked, but never the automatic close", async () => {
    await withCryptoTerms(t, { lockMinutes: 30, liquidationShare: "0.8" }, async () => {
      board.set("DOTUSD", "10.00");
      const who = await trader(t, { currency: "USD", amount: "100.00" });
      // 10 lots at $10, 10×: margin 10.00, fee 0.10.
      const order = await placeOk(t, who, {
        symbol: "DOTUSD",
        direction: "long",
        priceType: "market",
        quantity: "10",
        leverage: 10,
        stopLoss: "9.5",
      });
      expect(await refusal(engine.closePosition(order.id, "9.50", "stopLoss"))).toEqual({
        code: "SELL_LOCKED",
        params: { until: "2026-01-05T08:30:00.000Z" },
      });
      // At $9.20 the loss, 8.00, is 80% of the margin. Fee 0.092 → 0.10.
      const liquidated = await engine.closePosition(order.id, "9.20", "liquidation");
      expect(liquidated).toMatchObject({
        state: "closed",
        pnlGross: "-8.00",
        pnl: "-8.20",
        closeFee: "0.10",
        closeReason: "liquidation",
      });
      // 100 − 10.10 + 10 − 8 − 0.10 = 91.80.
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "91.8", margin: "0" });
      // The owner is told, with the order, the price and the realised P&L.
      expect(await inbox(t, who.userId)).toContainEqual({
        kind: "positionLiquidated",
        params: {
          orderNo: order.orderNo,
          symbol: "DOTUSD",
          name: order.name,
          quantity: "10",
          closePrice: liquidated.closePrice,
          pnl: "-8.20",
          currency: "USD",
        },
      });
    });
  });

  it("refuses a price that is not above 0, and an unknown id", async () => {
    board.set("DOTUSD", "10.00");
    const who = await trader(t, { currency: "USD", amount: "100.00" });
    const order = await placeOk(t, who, {
      symbol: "DOTUSD",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    expect(await refusal(engine.closePosition(order.id, "0", "takeProfit"))).toMatchObject({
      code: "PRICE_NOT_POSITIVE",
    });
    expect(await refusal(engine.fillOrder("00000000-0000-4000-8000-000000000000", "1"))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
