import type { TradeOrder } from "@brokerage/api";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/helper.js";
import { tradeOrders } from "../../../db/schema/index.js";
import { eq } from "drizzle-orm";
import { TradingService } from "../service.js";
import { TradingEngine } from "./engine.js";
import {
  PriceBoard,
  newKey,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
  type Trader,
  withCryptoTerms,
  cryptoUpToTenTimes,
} from "../testing.js";

/**
 * The app's own engine (`app.tradingEngine`), its rounds run by the test after moving the clock and the
 * prices: every amount below is worked out by hand from the market's default rules (CRYPTO: fee 0.1%, no
 * minimum, no lock; US: fee 0.03% at least $1, SEC fee 0.00206% and FINRA's $0.000195 a share on the sale,
 * T+1 lock; automatic close at ESMA's 50% of the margin), crypto allowed up to 10× as these cases were
 * worked out.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));
cryptoUpToTenTimes(() => t);

const round = () => t.app.tradingEngine.round();
const detail = async (who: Trader, id: string) =>
  (await trade(t, who, "positionDetail", { id })).data as TradeOrder;
/** Moves the clock on and sets a price, as the feed would have it a second later. */
const tick = (symbol: string, price: string | { close: string; stale: boolean }) => {
  t.clock.advance(1000);
  board.set(symbol, price);
};

describe("limit orders", () => {
  it("fill at the current price once it crosses the limit", async () => {
    board.set("BNBUSD", "650.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    // Held at the limit: notional 1,801.50; margin 360.30; fee 1.80; 362.10.
    const order = await placeOk(t, who, {
      symbol: "BNBUSD",
      direction: "long",
      priceType: "limit",
      price: "600.50",
      quantity: "3",
      leverage: 5,
    });
    await round();
    tick("BNBUSD", "600.60");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "pending" });
    // At 600: notional 1,800; margin 360.00; fee 1.80; 0.30 of the hold back to available.
    tick("BNBUSD", "600.00");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open", openPrice: "600.00" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({
      available: "638.2",
      held: "0",
      margin: "360",
    });
  });

  it("fill a short at its limit when the better price needs more margin than the balance has", async () => {
    board.set("BNBUSD", "690.00");
    // Short 3 at 700, 5×: margin 420.00, fee 2.10, total 422.10: every cent of the wallet.
    const who = await trader(t, { currency: "USD", amount: "422.10" });
    const order = await placeOk(t, who, {
      symbol: "BNBUSD",
      direction: "short",
      priceType: "limit",
      price: "700",
      quantity: "3",
      leverage: 5,
    });
    // At 710 the margin would be 426.00 and the fee 2.13: 6.03 more than the hold.
    tick("BNBUSD", "710.00");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open", openPrice: "700.00" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0", held: "0", margin: "420" });
  });

  it("expire at the market's close and give back their hold", async () => {
    t.clock.set("2026-01-05T15:00:00Z");
    board.set("NVDA", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const order = await placeOk(t, who, {
      symbol: "NVDA",
      direction: "long",
      priceType: "limit",
      price: "95",
      quantity: "5",
      leverage: 1,
    });
    expect(order.expiresAt).toBe("2026-01-05T21:00:00.000Z");
    // 475.00 + fee 1.00 held.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "524", held: "476" });
    t.clock.set("2026-01-05T20:59:59Z");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "pending" });
    t.clock.set("2026-01-05T21:00:00Z");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "expired" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1000", held: "0" });
  });

  it("are found by the periodic rebuild when the engine never heard of them", async () => {
    board.set("BNBUSD", "650.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    await round();
    // Another process's service, whose change never reaches this engine (no notify).
    const elsewhere = new TradingService({ db: t.database.db, clock: t.clock, market: board.feed });
    const order = await elsewhere.placeOrder(who.userId, {
      idempotencyKey: newKey(),
      symbol: "BNBUSD",
      direction: "long",
      priceType: "limit",
      price: "640",
      quantity: "1",
      leverage: 1,
    });
    tick("BNBUSD", "630.00");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "pending" });
    t.clock.advance(60_000);
    await round();
    // At 630: margin 630.00, fee 0.63; the hold was 640.64.
    expect(await detail(who, order.id)).toMatchObject({ state: "open", openPrice: "630.00" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "369.37", margin: "630" });
  });
});

/** 10 DOTUSD at $10 (CRYPTO): fee 0.10. */
async function dot(leverage: number, stops: Record<string, string> = {}) {
  board.set("DOTUSD", "10.00");
  const who = await trader(t, { currency: "USD", amount: "200.00" });
  const order = await placeOk(t, who, {
    symbol: "DOTUSD",
    direction: "long",
    priceType: "market",
    quantity: "10",
    leverage,
    ...stops,
  });
  return { who, order };
}

describe("stops", () => {
  it("close at the stop-loss once the price reaches it", async () => {
    const { who, order } = await dot(1, { stopLoss: "9.5", takeProfit: "11" });
    await round();
    tick("DOTUSD", "9.51");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open" });
    tick("DOTUSD", "9.40");
    await round();
    // P&L −6.00; fee 0.094 → 0.10 (a charge rounds up). 200 − 100.10 + 100 − 6 − 0.10 = 193.80.
    expect(await detail(who, order.id)).toMatchObject({
      state: "closed",
      closeReason: "stopLoss",
      closePrice: "9.400",
      pnlGross: "-6.00",
      pnl: "-6.20",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "193.8", margin: "0" });
  });

  it("close at the take-profit, including one set after the position opened", async () => {
    const { who, order } = await dot(1);
    await round();
    expect(
      await trade(t, who, "setStops", { positionId: order.id, stopLoss: null, takeProfit: "11" }),
    ).toMatchObject({ status: 1 });
    tick("DOTUSD", "11.20");
    await round();
    // P&L +12.00; fee 0.112 → 0.12. 200 − 100.10 + 100 + 12 − 0.12 = 211.78.
    expect(await detail(who, order.id)).toMatchObject({
      state: "closed",
      closeReason: "takeProfit",
      pnlGross: "12.00",
      pnl: "11.78",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "211.78", margin: "0" });
  });

  it("wait for the lock to lift, then close at the price of that moment", async () => {
    t.clock.set("2026-01-05T15:00:00Z");
    board.set("NVDA", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    // 5 at $100, 1×: margin 500.00, fee 1.00; locked until Tuesday's open (T+1).
    const order = await placeOk(t, who, {
      symbol: "NVDA",
      direction: "long",
      priceType: "market",
      quantity: "5",
      leverage: 1,
      stopLoss: "95",
    });
    expect(order.lockedUntil).toBe("2026-01-06T14:30:00.000Z");
    t.clock.set("2026-01-05T16:00:00Z");
    board.set("NVDA", "94.00");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open" });
    t.clock.set("2026-01-06T14:30:00Z");
    board.set("NVDA", "93.00");
    await round();
    // P&L −35.00; fee max(0.1395, 1) = 1.00; SEC fee 465 × 0.0000206 = 0.0096 → 0.01; FINRA TAF 5 ×
    // 0.000195 = 0.000975 → 0.01. 1000 − 501 + 500 − 36.02. Net of every cost: −35.00 − 1.00 (opening) − 1.02
    // (closing) = −37.02.
    expect(await detail(who, order.id)).toMatchObject({
      state: "closed",
      closeReason: "stopLoss",
      pnlGross: "-35.00",
      pnl: "-37.02",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "962.98", margin: "0" });
  });
});

describe("automatic close", () => {
  it("closes a leveraged position whose equity falls to 50% of its margin (ESMA), never on a stale price", async () => {
    // 10×: margin 10.00, fee 0.10. A loss of 50% of the margin is 5.00: the price of 9.50.
    const { who, order } = await dot(10);
    await round();
    tick("DOTUSD", "9.51");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open" });
    tick("DOTUSD", { close: "9.00", stale: true });
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open" });
    tick("DOTUSD", "9.50");
    await round();
    // P&L −5.00; fee 0.095 → 0.10. 200 − 10.10 + 10 − 5 − 0.10 = 194.80.
    expect(await detail(who, order.id)).toMatchObject({
      state: "closed",
      closeReason: "liquidation",
      pnlGross: "-5.00",
      pnl: "-5.20",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "194.8", margin: "0" });
  });

  it("follows the market's configured share, and leaves unleveraged positions alone", async () => {
    await withCryptoTerms(t, { lockMinutes: 0, liquidationShare: "0.8" }, async () => {
      const leveraged = await dot(10);
      const plain = await dot(1);
      await round();
      // 80% of 10.00 is 8.00: the price of 9.20. The 1× position loses 8.00 of its 100.00.
      tick("DOTUSD", "9.21");
      await round();
      expect(await detail(leveraged.who, leveraged.order.id)).toMatchObject({ state: "open" });
      tick("DOTUSD", "9.20");
      await round();
      expect(await detail(leveraged.who, leveraged.order.id)).toMatchObject({
        state: "closed",
        closeReason: "liquidation",
      });
      expect(await detail(plain.who, plain.order.id)).toMatchObject({ state: "open" });
    });
  });
});

describe("closes at the open and at the close", () => {
  it("carries out a close that waited for the next open, at the opening price", async () => {
    t.clock.set("2026-01-05T15:00:00Z");
    board.set("NVDA", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const order = await placeOk(t, who, {
      symbol: "NVDA",
      direction: "long",
      priceType: "market",
      quantity: "5",
      leverage: 1,
    });
    t.clock.set("2026-01-05T22:00:00Z");
    await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
    board.set("NVDA", "104.00");
    await round();
    t.clock.set("2026-01-06T14:29:59Z");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "closing" });
    t.clock.set("2026-01-06T14:30:00Z");
    await round();
    // P&L +20.00; fee 1.00; SEC fee 520 × 0.0000206 = 0.0107 → 0.02; FINRA TAF 5 × 0.000195 → 0.01.
    // 1000 − 501 + 500 + 20 − 1.03.
    expect(await detail(who, order.id)).toMatchObject({
      state: "closed",
      closeReason: "user",
      closePrice: "104.00",
      pnlGross: "20.00",
      pnl: "17.97",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1017.97", margin: "0" });
  });

  it("closes day trades at the market's close, at the closing price", async () => {
    t.clock.set("2026-01-05T15:00:00Z");
    board.set("NVDA", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const order = await placeOk(t, who, {
      symbol: "NVDA",
      direction: "long",
      priceType: "market",
      quantity: "5",
      leverage: 1,
    });
    // Day trades come from their own approval (not built here); an intraday position has no lock.
    await t.database.db
      .update(tradeOrders)
      .set({ kind: "dayTrade", lockedUntil: null })
      .where(eq(tradeOrders.id, order.id));
    t.clock.advance(60 * 60_000);
    await round();
    board.set("NVDA", "103.00");
    t.clock.set("2026-01-05T20:59:59Z");
    await round();
    expect(await detail(who, order.id)).toMatchObject({ state: "open" });
    t.clock.set("2026-01-05T21:00:00Z");
    await round();
    // P&L +15.00; fee max(0.1545, 1) = 1.00; SEC fee 515 × 0.0000206 = 0.0106 → 0.02; FINRA TAF 5 ×
    // 0.000195 = 0.000975 → 0.01. 1000 − 501 + 500 + 13.97.
    expect(await detail(who, order.id)).toMatchObject({
      state: "closed",
      closeReason: "dayEnd",
      pnlGross: "15.00",
      pnl: "12.97",
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1012.97", margin: "0" });
  });
});

describe("leader tasks", () => {
  it("run in the rounds of the leader only, and stand down when the lead goes", async () => {
    const calls: string[] = [];
    const task = {
      round: (at: Date) => Promise.resolve(void calls.push(`round ${at.toISOString()}`)),
      standDown: () => void calls.push("standDown"),
    };
    let leads = false;
    const deps = { db: t.database.db, market: board.feed, clock: t.clock };
    const engine = new TradingEngine(
      {
        ...deps,
        service: new TradingService(deps),
        leadership: { hold: () => Promise.resolve(leads), held: true, release: () => Promise.resolve() },
      },
      { intervalMs: 0, leaderCheckMs: 0 },
    );
    const remove = engine.addTask(task);
    try {
      await engine.round();
      expect(calls).toEqual([]);
      leads = true;
      await engine.round();
      expect(calls).toEqual([`round ${t.clock.now().toISOString()}`]);
      leads = false;
      await engine.round();
      expect(calls).toEqual([`round ${t.clock.now().toISOString()}`, "standDown"]);
      // A failing task is logged; the next round runs it again.
      leads = true;
      task.round = () => Promise.reject(new Error("task failed"));
      await expect(engine.round()).resolves.toBeUndefined();
      remove();
      expect(calls.at(-1)).toBe("standDown");
    } finally {
      await engine.stop();
    }
  });
});
