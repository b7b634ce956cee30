import { describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import type { TradeOrder } from "@brokerage/api";
import {
  PriceBoard,
  newKey,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  type Trader,
} from "../trading/testing.js";

/**
 * The loss share on a database of its own (every leveraged position in it is one this file made, so the
 * hand count is the whole count).
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

const risk = (who: Trader, path: string, body: unknown = {}) => call(t.app, path, body, who.session.headers);
const dot = (leverage: number, quantity = "10") => ({
  symbol: "DOTUSD",
  direction: "long",
  priceType: "market",
  quantity,
  leverage,
});
/** Past the crypto lock (5 minutes) and closed at the board's price. */
async function closeNow(who: Trader, order: TradeOrder) {
  t.clock.advance(6 * 60_000);
  const answer = await trade(t, who, "closePosition", { positionId: order.id, idempotencyKey: newKey() });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1, data: { state: "closed" } });
}

describe("the loss share (ESMA's method) on a seeded set of accounts", () => {
  it("equals a hand count: accounts with a leveraged position, net of every cost, summed per account", async () => {
    board.set("DOTUSD", "10.00");
    // a: closes at a loss. b: closes at a gain. c: left open at a loss. d: unleveraged (not counted).
    // e: one loss and a larger gain (summed: not lost).
    const [a, b, c, d, e] = (await Promise.all(
      Array.from({ length: 5 }, () => trader(t, { currency: "USD", amount: "1000.00" })),
    )) as [Trader, Trader, Trader, Trader, Trader];
    const aOrder = await placeOk(t, a, dot(2));
    const bOrder = await placeOk(t, b, dot(2));
    await placeOk(t, c, dot(2));
    const dOrder = await placeOk(t, d, dot(1));
    const eLoss = await placeOk(t, e, dot(2));
    board.set("DOTUSD", "9.00");
    await closeNow(a, aOrder);
    await closeNow(d, dOrder);
    await closeNow(e, eLoss);
    const eGain = await placeOk(t, e, dot(2, "20"));
    board.set("DOTUSD", "11.00");
    await closeNow(b, bOrder);
    await closeNow(e, eGain);
    // c's position at 9.50 at the period's end: a loss of 5.00 and its fee.
    board.set("DOTUSD", "9.50");
    // Hand count: a, b, c, e have a leveraged position; a (−10 − fees) and c (−5 − 0.10) lost; b (+10 − fees)
    // and e (−10.19 + 40 − fees) did not. 2 of 4.
    t.clock.set("2026-04-02T08:00:00Z");
    // (Sessions of January have expired by April: a user registered now asks.)
    const viewer = await trader(t);
    const shown = await risk(viewer, "risk/disclosure", { product: "leveraged" });
    expect(shown).toMatchObject({
      status: 1,
      data: {
        accounts: 4,
        lost: 2,
        lostShare: "0.5000",
        from: "2025-04-01T00:00:00.000Z",
        to: "2026-04-01T00:00:00.000Z",
        daily: { accounts: 4, lost: 2, lostShare: "0.5000", to: "2026-04-02T00:00:00.000Z" },
      },
    });
    // Kept: a price move after the computation changes neither figure.
    board.set("DOTUSD", "20.00");
    expect(await risk(viewer, "risk/disclosure", { product: "leveraged" })).toMatchObject({
      data: { lostShare: "0.5000", daily: { lostShare: "0.5000" } },
    });
    // Nobody day-traded: no share, the standard warning.
    expect(await risk(viewer, "risk/disclosure", { product: "dayTrading" })).toMatchObject({
      data: { accounts: 0, lostShare: null },
    });
  });
});
