import type { TradeOrder } from "@brokerage/api";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Answer, type TestApp } from "../../../test/helper.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { PriceBoard, newKey, orderRows, placeOk, trade, trader, walletOf } from "./testing.js";

/** Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL, where the requests really overlap. */
const board = new PriceBoard();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

const no5xx = (answers: Answer[]) => expect(answers.filter((a) => a.httpStatus !== 200)).toEqual([]);
const market = { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "1", leverage: 1 };

describe("concurrent trading (no 5xx anywhere)", { timeout: 120_000 }, () => {
  it("opens exactly 50 of 100 simultaneous market orders against a balance for exactly 50", async () => {
    board.set("BTCUSD", "100.00");
    // Each: margin 100.00 + fee 0.10 = 100.10; 50 × 100.10 = 5,005.00.
    const who = await trader(t, { currency: "USD", amount: "5005.00" });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => trade(t, who, "placeOrder", { ...market, idempotencyKey: newKey() })),
    );
    no5xx(answers);
    expect(answers.filter((a) => a.status === 1)).toHaveLength(50);
    const refused = answers.filter((a) => a.status === 0);
    expect(refused).toHaveLength(50);
    expect(new Set(refused.map((a) => a.code))).toEqual(new Set(["INSUFFICIENT_AVAILABLE"]));
    const rows = await orderRows(t, who.userId);
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.state === "open")).toBe(true);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0", margin: "5000" });
  });

  it("places one order for 20 simultaneous requests sharing one idempotency key, all answered alike", async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const body = { ...market, idempotencyKey: newKey() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => trade(t, who, "placeOrder", body)));
    no5xx(answers);
    expect(answers[0]).toMatchObject({ status: 1, data: { state: "open" } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const rows = await orderRows(t, who.userId);
    expect(rows.map((r) => r.id)).toEqual([(answers[0]?.data as TradeOrder).id]);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "899.9", margin: "100" });
    // The key is spent on that order: another order under it is refused.
    expect(await trade(t, who, "placeOrder", { ...body, quantity: "2" })).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
  });

  it("closes a position once and cancels an order once however many ask at the same time", async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "1000.00" });
    const open = await placeOk(t, who, market);
    const pending = await placeOk(t, who, { ...market, priceType: "limit", price: "95" });
    const [closes, cancels] = await Promise.all([
      Promise.all(
        Array.from({ length: 10 }, () =>
          trade(t, who, "closePosition", { positionId: open.id, idempotencyKey: newKey() }),
        ),
      ),
      Promise.all(Array.from({ length: 10 }, () => trade(t, who, "cancelOrder", { orderId: pending.id }))),
    ]);
    for (const answers of [closes, cancels]) {
      no5xx(answers);
      expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
      expect(new Set(answers.filter((a) => a.status === 0).map((a) => a.code))).toEqual(
        new Set(["ORDER_STATE_INVALID"]),
      );
    }
    // 1,000 − 0.10 (open fee) − 0.10 (close fee); the hold all back.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({
      available: "999.8",
      held: "0",
      margin: "0",
    });
  });
});
