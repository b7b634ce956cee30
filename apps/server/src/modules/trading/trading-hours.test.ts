import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { PriceBoard, newKey, placeOk, setUpTradingApp, trade, trader } from "./testing.js";

const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

const order = { symbol: "MSFT", direction: "long", priceType: "market", quantity: "1", leverage: 1 };

describe("trade/placeOrder on an early-close day", () => {
  it("fills at 12:30 New York the day after Thanksgiving and refuses at 13:30, after the 13:00 close", async () => {
    board.set("MSFT", { close: "100.00", prevClose: "100.00" });
    t.clock.set("2026-11-27T17:30:00Z"); // 12:30 New York
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    await placeOk(t, who, order);
    t.clock.set("2026-11-27T18:30:00Z"); // 13:30
    const answer = await trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...order });
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "NON_TRADING_HOURS" });
  });
});
