import type { InventoryItem, Quote, TradeOrder } from "@brokerage/api";
import { describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import {
  PriceBoard,
  clearSetting,
  newKey,
  orderRows,
  placeOk,
  setSetting,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
  withCryptoTerms,
} from "./testing.js";

/**
 * Quantities as decimals with an instrument step (DESIGN §5a), over the API against the real database:
 * Malaysian board lots of 100 shares, fractional bitcoin, fractional US shares at market only. Every figure
 * is worked out by hand in the comments. The clock starts on Monday 2026-01-05 08:00 UTC: 16:00 in Kuala
 * Lumpur (Bursa's afternoon session), crypto always.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

/** 10:00 in New York: the US trades. */
const US_OPEN = "2026-01-05T15:00:00Z";

/** Malaysian terms of this file, so that its figures do not move with the defaults. */
const MY_TERMS = {
  leverages: [1, 5],
  feeRate: "0.001",
  minFee: "8",
  stampDutyRate: "0",
  lock: { kind: "minutes", n: 0 },
  liquidationShare: "0.8",
  priceBand: "0.30",
};

const refusal = (quantity: string, step: string, lotSize: string) => ({
  status: 0,
  code: "QUANTITY_NOT_MULTIPLE_OF_STEP",
  params: { field: "quantity", quantity, step, lotSize },
});

describe("board lots: Malaysia trades in lots of 100 shares", () => {
  it("refuses 150 shares, naming the step, and fills 200 with margin and fee exact", async () => {
    await setSetting(t, "trading.MY", MY_TERMS);
    try {
      board.set("1155", "10.20");
      const who = await trader(t, { currency: "MYR", amount: "1000.00" });
      const order = { symbol: "1155", direction: "long", priceType: "market", leverage: 5 } as const;
      for (const action of ["preview", "placeOrder"])
        expect(
          await trade(t, who, action, { ...order, quantity: "150", idempotencyKey: newKey() }),
          action,
        ).toMatchObject(refusal("150", "100", "100"));
      // A limit order steps by the board lot too; so does a fraction of a lot.
      for (const quantity of ["50", "100.5", "250"])
        expect(
          await trade(t, who, "placeOrder", {
            ...order,
            priceType: "limit",
            price: "10.00",
            quantity,
            idempotencyKey: newKey(),
          }),
        ).toMatchObject(refusal(quantity, "100", "100"));
      expect(await orderRows(t, who.userId)).toEqual([]);
      expect(await walletOf(t, who.userId, "MYR")).toMatchObject({ available: "1000", margin: "0" });

      // 200 × 10.20 = 2,040.00; 5×: margin 408.00; fee max(2.04, 8) = 8.00; 1,000 − 416 = 584.
      const filled = await placeOk(t, who, { ...order, quantity: "200" });
      expect(filled).toMatchObject({
        state: "open",
        quantity: "200",
        openPrice: "10.200",
        margin: "408.00",
        openFee: "8.00",
        marketValue: "2040.00",
      });
      expect(await walletOf(t, who.userId, "MYR")).toMatchObject({ available: "584", margin: "408" });
      const [row] = await orderRows(t, who.userId);
      expect(row?.quantity).toBe("200.00000000");
    } finally {
      await clearSetting(t, "trading.MY");
    }
  });
});

describe("fractional crypto: 0.001 BTC", () => {
  it("fills and closes with margin, fee and P&L exact to the cent", async () => {
    await withCryptoTerms(t, { lockMinutes: 0, liquidationShare: "0.8" }, async () => {
      board.set("BTCUSD", "95000.00");
      const who = await trader(t, { currency: "USD", amount: "1000.00" });
      const order = { symbol: "BTCUSD", direction: "long", priceType: "market", leverage: 2 } as const;
      // 0.001 × 95,000 = 95.00; 2×: margin 47.50; fee 0.1% = 0.095, rounded up: 0.10; total 47.60.
      const preview = await trade(t, who, "preview", { ...order, quantity: "0.001" });
      expect(preview).toMatchObject({
        status: 1,
        data: { quantity: "0.001", notional: "95.00", margin: "47.50", fee: "0.10", total: "47.60" },
      });
      const opened = await placeOk(t, who, { ...order, quantity: "0.001" });
      expect(opened).toMatchObject({
        quantity: "0.001",
        margin: "47.50",
        openFee: "0.10",
        marketValue: "95.00",
      });
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "952.4", margin: "47.5" });

      // Below the pair's step (0.00001 BTC): refused, naming it.
      expect(
        await trade(t, who, "placeOrder", { ...order, quantity: "0.000015", idempotencyKey: newKey() }),
      ).toMatchObject(refusal("0.000015", "0.00001", "1"));
      // One step, 0.95 USD of bitcoin: the ~1 USD order; fee 0.00095 rounds up to 0.01, never to zero.
      const small = await trade(t, who, "preview", { ...order, quantity: "0.00001" });
      expect(small).toMatchObject({ status: 1, data: { notional: "0.95", margin: "0.48", fee: "0.01" } });

      // At 96,543.21: P&L (96,543.21 − 95,000) × 0.001 = 1.54321 → 1.54; close notional 96.54321:
      // fee 0.09654321, rounded up: 0.10. Available 952.40 + 47.50 + 1.54 − 0.10 = 1,001.34.
      board.set("BTCUSD", "96543.21");
      const detail = await trade(t, who, "positionDetail", { id: opened.id });
      expect(detail).toMatchObject({
        status: 1,
        data: { pnlGross: "1.54", pnl: "1.44", marketValue: "96.54" },
      });
      const closed = await trade(t, who, "closePosition", {
        positionId: opened.id,
        idempotencyKey: newKey(),
      });
      expect(closed).toMatchObject({
        status: 1,
        data: {
          state: "closed",
          quantity: "0.001",
          pnlGross: "1.54",
          pnl: "1.34",
          closeFee: "0.10",
          closePrice: "96543.21",
        },
      });
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1001.34", margin: "0" });
    });
  });

  it("sums fractional holdings exactly in the inventory", async () => {
    board.set("ETHUSD", "3000.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const eth = (quantity: string) =>
      placeOk(t, who, { symbol: "ETHUSD", direction: "long", priceType: "market", quantity, leverage: 1 });
    await eth("0.1");
    await eth("0.2");
    const inventory = await trade(t, who, "inventory");
    // 0.1 + 0.2 is 0.3 exactly (as a JS number it would be 0.30000000000000004); 0.3 × 3,000 = 900.00.
    expect(inventory.data as InventoryItem[]).toEqual([
      expect.objectContaining({
        symbol: "ETHUSD",
        quantity: "0.3",
        averageCost: "3000.00",
        marketValue: "900.00",
      }),
    ]);
  });

  it("places one fractional order for a key sent many times at once", async () => {
    board.set("SOLUSD", "180.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const body = {
      symbol: "SOLUSD",
      direction: "long",
      priceType: "market",
      quantity: "0.125",
      leverage: 1,
      idempotencyKey: newKey(),
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => trade(t, who, "placeOrder", body)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // 0.125 × 180 = 22.50; fee 0.1% = 0.0225 → 0.03 (rounded up).
    expect(answers[0]).toMatchObject({ status: 1, data: { quantity: "0.125", margin: "22.50" } });
    expect(await orderRows(t, who.userId)).toHaveLength(1);
  });
});

describe("fractional US shares: market orders only", () => {
  it("fills 0.5 share at market and refuses it as a limit order", async () => {
    t.clock.set(US_OPEN);
    board.set("AAPL", "200.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const order = { symbol: "AAPL", direction: "long", leverage: 1 } as const;
    const limit = await trade(t, who, "placeOrder", {
      ...order,
      priceType: "limit",
      price: "199.00",
      quantity: "0.5",
      idempotencyKey: newKey(),
    });
    expect(limit).toMatchObject(refusal("0.5", "1", "1"));
    expect(
      await trade(t, who, "placeOrder", {
        ...order,
        priceType: "market",
        quantity: "0.00005",
        idempotencyKey: newKey(),
      }),
    ).toMatchObject(refusal("0.00005", "0.0001", "1"));
    // 0.5 × 200 = 100.00 of margin.
    const filled = await placeOk(t, who, { ...order, priceType: "market", quantity: "0.5" });
    expect(filled).toMatchObject({ quantity: "0.5", margin: "100.00", marketValue: "100.00" });
  });

  it("publishes each instrument's steps in its quote", async () => {
    const details = async (symbol: string) =>
      ((await call(t.app, "market/quote", { symbol })).data as Quote).details;
    expect(await details("AAPL")).toMatchObject({
      lotSize: 1,
      quantityStep: "1",
      marketQuantityStep: "0.0001",
    });
    expect(await details("1155")).toMatchObject({
      lotSize: 100,
      quantityStep: "100",
      marketQuantityStep: "100",
    });
    expect(await details("BTCUSD")).toMatchObject({
      lotSize: 1,
      quantityStep: "0.00001",
      marketQuantityStep: "0.00001",
    });
  });
});

describe("another user's fractional position", () => {
  it("cannot be seen or closed by anyone else", async () => {
    board.set("XRPUSD", "2.3000");
    const owner = await trader(t, { currency: "USD", amount: "100.00" });
    const other = await trader(t, { currency: "USD", amount: "100.00" });
    const open = await placeOk(t, owner, {
      symbol: "XRPUSD",
      direction: "long",
      priceType: "market",
      quantity: "4.5",
      leverage: 1,
    });
    for (const [action, body] of [
      ["positionDetail", { id: open.id }],
      ["closePosition", { positionId: open.id, idempotencyKey: newKey() }],
    ] as const)
      expect(await trade(t, other, action, body), action).toMatchObject({ status: 0, code: "NOT_FOUND" });
    const mine = await trade(t, owner, "positionDetail", { id: open.id });
    expect((mine.data as TradeOrder).state).toBe("open");
  });
});
