import type { FundRecord, OrderPreview, TradeOrder } from "@brokerage/api";
import { money } from "@brokerage/core";
import { describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { MINUTE } from "../../lib/clock.js";
import {
  PriceBoard,
  fundRecords,
  newKey,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
  withCryptoTerms,
} from "./testing.js";

/**
 * Orders, positions and their money, end to end over the API with hand-worked figures. The clock starts on
 * Monday 2026-01-05 08:00 UTC: India trades (13:30 IST), the US does not (03:00 New York), crypto always.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

const MONDAY_IST_1330 = "2026-01-05T08:00:00Z";
/** Tuesday 10:30 IST: the T+1 lock of a Monday position has lifted (it lifts at Tuesday's 09:15 open). */
const TUESDAY_IST_1030 = "2026-01-06T05:00:00Z";

const sum = (records: FundRecord[]) => records.reduce((s, r) => s.plus(r.amount), money(0)).toFixed(2);
const tradeRecords = (records: FundRecord[]) => records.filter((r) => r.type !== "deposit");
/**
 * Records as [type, account, amount], oldest first. The postings of one entry are listed in the ledger's
 * account order, so within an entry (a run of one type) they are put in account-name order here.
 */
function lines(records: FundRecord[]): string[][] {
  const runs: FundRecord[][] = [];
  for (const r of records) {
    const run = runs.at(-1);
    if (run && run[0]?.type === r.type && run[0].createdAt === r.createdAt) run.push(r);
    else runs.push([r]);
  }
  return runs.flatMap((run) =>
    [...run].sort((a, b) => a.account.localeCompare(b.account)).map((r) => [r.type, r.account, r.amount]),
  );
}

describe("a market order, long, in India (INR: fee 0.03% at least ₹20 and the published charges, T+1)", () => {
  it("opens at the current price, closes after the lock with P&L, fee and stamp duty, every posting listed", async () => {
    board.set("RELIANCE", "1000.00");
    const who = await trader(t, { currency: "INR", amount: "10000.00" });
    // 10 lots at ₹1,000, 5×: notional 10,000; margin 2,000; fee max(3.00, 20) = 20.
    const opened = await placeOk(t, who, {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "market",
      quantity: "10",
      leverage: 5,
    });
    expect(opened).toMatchObject({
      symbol: "RELIANCE",
      exchange: "NSE",
      market: "IN",
      currency: "INR",
      state: "open",
      direction: "long",
      priceType: "market",
      quantity: "10",
      leverage: 5,
      margin: "2000.00",
      // The purchase of ₹10,000: ₹20 minimum, NSE 0.297 → 0.30, SEBI 0.01, STT 10.00, stamp duty 1.50, GST
      // 18% of 20.31 = 3.6558 → 3.66: fees 20.31, taxes 15.16.
      openFee: "35.47",
      openPrice: "1000.00",
      openedAt: MONDAY_IST_1330.replace("Z", ".000Z"),
      // T+1: Tuesday's open, 09:15 IST.
      lockedUntil: "2026-01-06T03:45:00.000Z",
      currentPrice: "1000.00",
      marketValue: "10000.00",
      // Net (DESIGN §5a): no move yet, less the opening charges paid; −35.47 of the 2,000 margin.
      pnl: "-35.47",
      pnlGross: "0.00",
      costs: "35.47",
      protection: null,
      returnRate: "-1.77",
      limitPrice: null,
      closedAt: null,
      expiresAt: null,
    });
    expect(opened.orderNo).toMatch(/^T\d{10,}$/);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({
      available: "7964.53",
      held: "0",
      margin: "2000",
    });

    // Locked until Tuesday's open.
    const early = await trade(t, who, "closePosition", { positionId: opened.id, idempotencyKey: newKey() });
    expect(early).toMatchObject({
      status: 0,
      code: "SELL_LOCKED",
      params: { until: "2026-01-06T03:45:00.000Z" },
    });

    t.clock.set(TUESDAY_IST_1030);
    board.set("RELIANCE", "1100.00");
    // P&L (1,100 − 1,000) × 10 = +1,000; the sale of 11,000: ₹20, NSE 0.3267 → 0.33, SEBI 0.011 → 0.02
    // (fees 20.35); STT 11.00, GST 18% of 20.35 = 3.663 → 3.67 (taxes 14.67).
    const closed = await trade(t, who, "closePosition", { positionId: opened.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({
      status: 1,
      data: {
        state: "closed",
        closePrice: "1100.00",
        closedAt: "2026-01-06T05:00:00.000Z",
        closeFee: "20.35",
        stampDuty: "14.67",
        // 1,000 gross less 35.47 to open, 20.35 and 14.67 to close: 929.51, what the records sum to.
        pnlGross: "1000.00",
        costs: "70.49",
        protection: "0.00",
        pnl: "929.51",
        returnRate: "46.48",
        closeReason: "user",
        currentPrice: null,
      },
    });
    // 7,964.53 + margin 2,000 + P&L 1,000 − fees 20.35 − taxes 14.67 = 10,929.51.
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "10929.51", margin: "0" });

    const records = tradeRecords(await fundRecords(t, who, "INR"));
    expect(lines(records)).toEqual([
      ["tradeMargin", "available", "-2000.00"],
      ["tradeMargin", "margin", "2000.00"],
      ["fee", "available", "-20.31"],
      ["stampDuty", "available", "-15.16"],
      ["marginRelease", "available", "2000.00"],
      ["marginRelease", "margin", "-2000.00"],
      ["realisedPnl", "available", "1000.00"],
      ["fee", "available", "-20.35"],
      ["stampDuty", "available", "-14.67"],
    ]);
    expect(records.every((r) => r.reference === `trade:${opened.id}`)).toBe(true);
    // The records explain the whole change of the balance: 10,929.51 − 10,000.
    expect(sum(records)).toBe("929.51");
  });
});

describe("a market order, short, in India", () => {
  it("gains when the price falls: margin, fees, stamp duty and P&L sum to the change of balance", async () => {
    board.set("TCS", "1000.00");
    const who = await trader(t, { currency: "INR", amount: "5000.00" });
    // 10 shares at ₹1,000, 5× (a share's cap): margin 2,000. A short opens with a sale, whatever the
    // leverage: ₹20, NSE 0.30, SEBI 0.01 (fees 20.31); STT 10.00 and GST 3.66, no stamp duty (the
    // buyer's) (taxes 13.66).
    const opened = await placeOk(t, who, {
      symbol: "TCS",
      direction: "short",
      priceType: "market",
      quantity: "10",
      leverage: 5,
    });
    expect(opened).toMatchObject({ margin: "2000.00", openFee: "33.97", direction: "short" });
    // 5,000 − margin 2,000 − 33.97 = 2,966.03.
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "2966.03", margin: "2000" });

    t.clock.set(TUESDAY_IST_1030);
    board.set("TCS", "950.00");
    const positions = await trade(t, who, "positions", { tab: "inProgress" });
    expect(positions).toMatchObject({
      status: 1,
      data: {
        items: [
          {
            id: opened.id,
            currentPrice: "950.00",
            marketValue: "9500.00",
            // +500 gross, less the 33.97 it paid to open.
            pnlGross: "500.00",
            costs: "33.97",
            pnl: "466.03",
            returnRate: "23.30",
          },
        ],
      },
    });
    // P&L (1,000 − 950) × 10 = +500; it closes with the purchase of 9,500: ₹20, NSE 0.28215 → 0.29, SEBI
    // 0.0095 → 0.01 (fees 20.30); STT 9.50, stamp duty 1.425 → 1.43, GST 18% of 20.30 = 3.654 → 3.66
    // (taxes 14.59).
    const closed = await trade(t, who, "closePosition", { positionId: opened.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({
      status: 1,
      data: {
        state: "closed",
        pnlGross: "500.00",
        // 500 − 33.97 − 20.30 − 14.59: the records' 431.14.
        pnl: "431.14",
        costs: "68.86",
        closeFee: "20.30",
        stampDuty: "14.59",
        closePrice: "950.00",
      },
    });
    // 2,966.03 + 2,000 + 500 − 20.30 − 14.59 = 5,431.14 (the margin comes back whole: the same end as
    // at any leverage, the charges depend on the value only).
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "5431.14", margin: "0" });
    const records = tradeRecords(await fundRecords(t, who, "INR"));
    expect(lines(records)).toEqual([
      ["tradeMargin", "available", "-2000.00"],
      ["tradeMargin", "margin", "2000.00"],
      ["fee", "available", "-20.31"],
      ["stampDuty", "available", "-13.66"],
      ["marginRelease", "available", "2000.00"],
      ["marginRelease", "margin", "-2000.00"],
      ["realisedPnl", "available", "500.00"],
      ["fee", "available", "-20.30"],
      ["stampDuty", "available", "-14.59"],
    ]);
    expect(sum(records)).toBe("431.14");
  });

  it("books a loss beyond the margin to the platform (negative balance protection); the closing fee is the user's", async () => {
    await withCryptoTerms(t, { lockMinutes: 0, liquidationShare: "0.8" }, async () => {
      board.set("BTCUSD", "100.00");
      // 1 lot at $100, 10×: margin 10.00, fee 0.1% = 0.10; 10.00 more stays available.
      const who = await trader(t, { currency: "USD", amount: "20.10" });
      const opened = await placeOk(t, who, {
        symbol: "BTCUSD",
        direction: "long",
        priceType: "market",
        quantity: "1",
        leverage: 10,
      });
      board.set("BTCUSD", "85.00");
      // Loss 15 > margin 10: the platform pays in the 5.00 beyond; close fee 0.085 → 0.09 from available.
      const closed = await trade(t, who, "closePosition", {
        positionId: opened.id,
        idempotencyKey: newKey(),
      });
      expect(closed).toMatchObject({
        status: 1,
        // Net: −15 − 0.10 − 0.09 + the 5.00 the platform bore = −10.19, the records' sum: the user lost
        // the margin, the opening fee and the closing fee, no more.
        data: {
          pnlGross: "-15.00",
          costs: "0.19",
          protection: "5.00",
          pnl: "-10.19",
          closeFee: "0.09",
          stampDuty: "0.00",
        },
      });
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "9.91", margin: "0" });
      const records = tradeRecords(await fundRecords(t, who, "USD"));
      expect(lines(records).slice(3)).toEqual([
        ["marginRelease", "available", "10.00"],
        ["marginRelease", "margin", "-10.00"],
        ["negativeBalanceProtection", "available", "5.00"],
        ["realisedPnl", "available", "-15.00"],
        ["fee", "available", "-0.09"],
      ]);
      expect(sum(records)).toBe("-10.19");
    });
  });
});

describe("preview", () => {
  it("prices a market order exactly as the order books it, and changes nothing", async () => {
    // Crypto at 10× (ESMA caps it at 2 for retail clients: the test terms cap it at 10).
    await withCryptoTerms(t, { lockMinutes: 0, liquidationShare: "0.8" }, async () => {
      board.set("ETHUSD", "2500.25");
      const who = await trader(t, { currency: "USD", amount: "1000.00" });
      const draft = { symbol: "ETHUSD", direction: "long", priceType: "market", quantity: "3", leverage: 10 };
      const answer = await trade(t, who, "preview", draft);
      // Notional 7,500.75; margin 750.075 → 750.08; fee 7.50075 → 7.51 (a charge rounds up); total 757.59.
      expect(answer).toMatchObject({
        status: 1,
        data: {
          symbol: "ETHUSD",
          exchange: "CRYPTO",
          currency: "USD",
          price: "2500.25",
          notional: "7500.75",
          margin: "750.08",
          fee: "7.51",
          total: "757.59",
          available: "1000.00",
          feeRate: "0.001",
          charges: [{ id: "commission", kind: "commission", amount: "7.51" }],
          closeCharges: [{ id: "commission", kind: "commission", amount: "7.51" }],
          lockedUntil: null,
          liquidationShare: "0.8",
          marketOpen: true,
        },
      });
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1000", margin: "0" });
      const preview = answer.data as OrderPreview;
      const order = await placeOk(t, who, draft);
      expect({ margin: order.margin, fee: order.openFee }).toEqual({
        margin: preview.margin,
        fee: preview.fee,
      });
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "242.41", margin: "750.08" });
    });
  });

  it("prices a shut market at its last close and says it is shut", async () => {
    const who = await trader(t, { currency: "USD", amount: "10.00" });
    const answer = await trade(t, who, "preview", {
      symbol: "AAPL",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    expect(answer).toMatchObject({ status: 1, data: { marketOpen: false, available: "10.00" } });
    // US stocks: T+1 from the next session (Monday's, as the order would trade then) to Tuesday's open.
    expect((answer.data as OrderPreview).lockedUntil).toBe("2026-01-06T14:30:00.000Z");
  });
});

describe("limit orders", () => {
  it("hold margin and fee while pending; a cancel gives them back at once, and only once", async () => {
    board.set("SOLUSD", { close: "200.00", prevClose: "200.00" });
    const who = await trader(t, { currency: "USD", amount: "500.00" });
    // 2 lots at the limit 190, 2×: margin 190.00, fee 0.38; held 190.38.
    const order = await placeOk(t, who, {
      symbol: "SOLUSD",
      direction: "long",
      priceType: "limit",
      price: "190",
      quantity: "2",
      leverage: 2,
    });
    expect(order).toMatchObject({
      state: "pending",
      limitPrice: "190.00",
      margin: "190.00",
      openFee: "0.38",
      openPrice: null,
      openedAt: null,
      // Crypto's trading day ends at 24:00 UTC.
      expiresAt: "2026-01-06T00:00:00.000Z",
      pnl: null,
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "309.62", held: "190.38" });
    // Waiting, it is listed with the current price beside its limit (and no market value: no position).
    const purchase = await trade(t, who, "orders", { tab: "purchase" });
    expect(purchase).toMatchObject({
      status: 1,
      data: {
        items: [
          { id: order.id, state: "pending", limitPrice: "190.00", currentPrice: "200.00", marketValue: null },
        ],
        nextCursor: null,
      },
    });

    const cancelled = await trade(t, who, "cancelOrder", { orderId: order.id });
    expect(cancelled).toMatchObject({ status: 1, data: { state: "cancelled", expiresAt: null } });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "500", held: "0" });
    const again = await trade(t, who, "cancelOrder", { orderId: order.id });
    expect(again).toMatchObject({ status: 0, code: "ORDER_STATE_INVALID" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "500", held: "0" });

    const records = tradeRecords(await fundRecords(t, who, "USD"));
    expect(lines(records)).toEqual([
      ["tradeMargin", "available", "-190.38"],
      ["tradeMargin", "held", "190.38"],
      ["marginRelease", "available", "190.38"],
      ["marginRelease", "held", "-190.38"],
    ]);
    const finished = await trade(t, who, "orders", { tab: "finished" });
    expect(finished).toMatchObject({
      status: 1,
      data: { items: [{ id: order.id, state: "cancelled", currentPrice: null }] },
    });
  });

  it("cannot be closed while pending, nor an open position cancelled", async () => {
    board.set("SOLUSD", "200.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const pending = await placeOk(t, who, {
      symbol: "SOLUSD",
      direction: "short",
      priceType: "limit",
      price: "210",
      quantity: "1",
      leverage: 1,
    });
    const open = await placeOk(t, who, {
      symbol: "SOLUSD",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    expect(
      await trade(t, who, "closePosition", { positionId: pending.id, idempotencyKey: newKey() }),
    ).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await trade(t, who, "cancelOrder", { orderId: open.id })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
  });
});

describe("locks", () => {
  it("refuse a close until the lock lifts, then allow it (trading.CRYPTO lock of 5 minutes)", async () => {
    await withCryptoTerms(t, { lockMinutes: 5, liquidationShare: "0.8" }, async () => {
      board.set("LTCUSD", "100.00");
      const who = await trader(t, { currency: "USD", amount: "200.00" });
      const order = await placeOk(t, who, {
        symbol: "LTCUSD",
        direction: "long",
        priceType: "market",
        quantity: "1",
        leverage: 1,
      });
      expect(order.lockedUntil).toBe("2026-01-05T08:05:00.000Z");
      t.clock.advance(4 * MINUTE + 59_000);
      const refused = await trade(t, who, "closePosition", {
        positionId: order.id,
        idempotencyKey: newKey(),
      });
      expect(refused).toMatchObject({ code: "SELL_LOCKED", params: { until: "2026-01-05T08:05:00.000Z" } });
      t.clock.advance(1_000);
      const closed = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
      // No move: the net P&L is the charges, 0.10 to open and 0.10 to close.
      expect(closed).toMatchObject({
        status: 1,
        data: { state: "closed", pnlGross: "0.00", costs: "0.20", pnl: "-0.20" },
      });
    });
  });
});

describe("closing at a stale price", () => {
  it("is refused, and the position stays open with its margin", async () => {
    board.set("AVAXUSD", "30.00");
    const who = await trader(t, { currency: "USD", amount: "100.00" });
    const order = await placeOk(t, who, {
      symbol: "AVAXUSD",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    board.set("AVAXUSD", { close: "31.00", stale: true });
    const refused = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
    expect(refused).toMatchObject({ status: 0, code: "PRICE_UNAVAILABLE" });
    // Without a current price the position is listed without a value rather than at a guess.
    const positions = await trade(t, who, "positions", { tab: "crypto" });
    expect(positions).toMatchObject({
      data: { items: [{ id: order.id, state: "open", currentPrice: null, pnl: null, marketValue: null }] },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "69.97", margin: "30" });
  });
});

describe("closing while the market is shut", () => {
  it("waits as `closing` for the next open, a lock that lifts by then not refusing it", async () => {
    // Monday 10:00 New York: US stocks trade; T+1 lifts at Tuesday's 09:30 open.
    t.clock.set("2026-01-05T15:00:00Z");
    board.set("AAPL", "250.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const order = await placeOk(t, who, {
      symbol: "AAPL",
      direction: "long",
      priceType: "market",
      quantity: "2",
      leverage: 2,
    });
    expect(order).toMatchObject({
      margin: "250.00",
      openFee: "1.00",
      lockedUntil: "2026-01-06T14:30:00.000Z",
    });
    // Monday 17:00 New York: shut.
    t.clock.set("2026-01-05T22:00:00Z");
    const key = newKey();
    const waiting = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: key });
    // No move, less the 1.00 it paid to open.
    expect(waiting).toMatchObject({
      status: 1,
      data: { state: "closing", closedAt: null, pnlGross: "0.00", pnl: "-1.00" },
    });
    // The same request again answers the same; another asks a second time and is refused.
    expect(await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: key })).toEqual(
      waiting,
    );
    expect(
      await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() }),
    ).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    // Still a position: margin held, listed in progress, no money moved.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "749", margin: "250" });
    const positions = await trade(t, who, "positions", { tab: "inProgress" });
    expect(positions).toMatchObject({ data: { items: [{ id: order.id, state: "closing" }] } });
  });

  it("is refused when the lock outlasts the next open", async () => {
    // Korea T+2: a Monday position is locked until Wednesday's open; Monday evening the next open is Tuesday.
    t.clock.set("2026-01-05T01:00:00Z");
    board.set("005930", "70000");
    const who = await trader(t, { currency: "KRW", amount: "1000000" });
    const order = await placeOk(t, who, {
      symbol: "005930",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
    expect(order).toMatchObject({ margin: "70000", openFee: "100", lockedUntil: "2026-01-07T00:00:00.000Z" });
    t.clock.set("2026-01-05T09:00:00Z");
    expect(
      await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() }),
    ).toMatchObject({
      code: "SELL_LOCKED",
      params: { until: "2026-01-07T00:00:00.000Z" },
    });
  });
});

describe("stops", () => {
  it("are set at order time and later, each on its side of the price", async () => {
    board.set("ADAUSD", "1.0000");
    const who = await trader(t, { currency: "USD", amount: "100.00" });
    const order = await placeOk(t, who, {
      symbol: "ADAUSD",
      direction: "long",
      priceType: "market",
      quantity: "10",
      leverage: 1,
      stopLoss: "0.9",
      takeProfit: "1.2",
    });
    expect(order).toMatchObject({ stopLoss: "0.9000", takeProfit: "1.2000" });
    const moved = await trade(t, who, "setStops", {
      positionId: order.id,
      stopLoss: "0.95",
      takeProfit: null,
    });
    expect(moved).toMatchObject({ status: 1, data: { stopLoss: "0.9500", takeProfit: null } });
    const wrong = await trade(t, who, "setStops", {
      positionId: order.id,
      stopLoss: "1.05",
      takeProfit: null,
    });
    expect(wrong).toMatchObject({ status: 0, code: "STOP_PRICE_INVALID", params: { field: "stopLoss" } });
    const short = await trade(t, who, "placeOrder", {
      idempotencyKey: newKey(),
      symbol: "ADAUSD",
      direction: "short",
      priceType: "market",
      quantity: "1",
      leverage: 1,
      takeProfit: "1.1",
    });
    expect(short).toMatchObject({ status: 0, code: "STOP_PRICE_INVALID", params: { field: "takeProfit" } });
  });
});

describe("the lists, the detail and the inventory", () => {
  it("tab positions by market, page newest first, and sum holdings by instrument", async () => {
    board.set("XRPUSD", "2.0000");
    board.set("EURUSD", "1.10000");
    const who = await trader(t, { currency: "USD", amount: "10000.00" });
    const xrp = async (quantity: string) =>
      placeOk(t, who, { symbol: "XRPUSD", direction: "long", priceType: "market", quantity, leverage: 1 });
    const first = await xrp("10");
    board.set("XRPUSD", "2.3000");
    const second = await xrp("30");
    const fx = await placeOk(t, who, {
      symbol: "EURUSD",
      direction: "short",
      priceType: "market",
      quantity: "1000",
      leverage: 20,
    });
    board.set("XRPUSD", "2.5000");
    board.set("EURUSD", "1.09000");

    const ids = async (tab: string) =>
      ((await trade(t, who, "positions", { tab })).data as { items: TradeOrder[] }).items.map((o) => o.id);
    expect(await ids("inProgress")).toEqual([fx.id, second.id, first.id]);
    expect(await ids("crypto")).toEqual([second.id, first.id]);
    expect(await ids("forex")).toEqual([fx.id]);

    const inventory = await trade(t, who, "inventory");
    expect(inventory.status).toBe(1);
    // XRP: 40 at (10 × 2.00 + 30 × 2.30) ÷ 40 = 2.225; at 2.50 worth 100.00, P&L 5.00 + 6.00 = 11.00
    // gross, less 0.02 and 0.069 → 0.07 to open: 10.91. EURUSD: 10.00 less 0.11 to open.
    expect(inventory.data).toEqual([
      {
        symbol: "XRPUSD",
        exchange: "CRYPTO",
        name: expect.any(String),
        currency: "USD",
        direction: "long",
        quantity: "40",
        averageCost: "2.2250",
        currentPrice: "2.5000",
        marketValue: "100.00",
        pnl: "10.91",
        pnlGross: "11.00",
        costs: "0.09",
      },
      {
        symbol: "EURUSD",
        exchange: "FX",
        name: expect.any(String),
        currency: "USD",
        direction: "short",
        quantity: "1000",
        averageCost: "1.10000",
        currentPrice: "1.09000",
        marketValue: "1090.00",
        pnl: "9.89",
        pnlGross: "10.00",
        costs: "0.11",
      },
    ]);
    const detail = await trade(t, who, "positionDetail", { id: fx.id });
    expect(detail).toMatchObject({
      status: 1,
      data: { id: fx.id, margin: "55.00", pnlGross: "10.00", pnl: "9.89", returnRate: "17.98" },
    });
  });

  it("pages 20 at a time with an opaque cursor", async () => {
    board.set("DOGEUSD", "1.00000");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const made: string[] = [];
    for (let i = 0; i < 21; i++)
      made.push(
        (
          await placeOk(t, who, {
            symbol: "DOGEUSD",
            direction: "long",
            priceType: "limit",
            price: "0.9",
            quantity: "1",
            leverage: 1,
          })
        ).id,
      );
    const first = await trade(t, who, "orders", { tab: "purchase" });
    const page = first.data as { items: TradeOrder[]; nextCursor: string | null };
    expect(page.items.map((o) => o.id)).toEqual(made.slice(1).reverse());
    expect(page.nextCursor).not.toBeNull();
    const second = await trade(t, who, "orders", { tab: "purchase", cursor: page.nextCursor });
    expect(second.data).toEqual({ items: [expect.objectContaining({ id: made[0] })], nextCursor: null });
    expect(await trade(t, who, "orders", { tab: "purchase", cursor: "bm90LWEtY3Vyc29y" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });
});

describe("the account centre", () => {
  it("counts open positions: margin frozen, unrealised P&L in total and profit", async () => {
    board.set("LINKUSD", "20.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    // 10 lots at $20, 2×: margin 100.00, fee 0.20.
    await placeOk(t, who, {
      symbol: "LINKUSD",
      direction: "long",
      priceType: "market",
      quantity: "10",
      leverage: 2,
    });
    board.set("LINKUSD", "23.00");
    const overview = await call(t.app, "account/overview", { currency: "USD" }, who.session.headers);
    expect(overview).toMatchObject({
      status: 1,
      data: {
        // 899.80 available + 100 margin + 30 unrealised.
        total: "1029.80",
        available: "899.80",
        frozen: "100.00",
        // Equity less the 1,000 deposited: the 30 unrealised less the 0.20 paid to open.
        profit: "29.80",
        netDeposits: "1000.00",
        positionsValue: "130.00",
      },
    });
  });
});
