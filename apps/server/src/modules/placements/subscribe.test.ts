import type { AdminPlacementOffer, PlacementSubscription, PlacementSubscriptionPage } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { reviews, tradeOrders } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import {
  PriceBoard,
  newKey,
  orderRows,
  setTradeBanned,
  trade,
  trader,
  walletOf,
} from "../trading/testing.js";
import { createOffer, investor, placement, subscribe, subscribeOk } from "./testing.js";

/**
 * Every refusal of `placement/subscribe` in its fixed order, each leaving no order, no review and no money
 * moved; a malformed body; another user's ids; one idempotency key sent twice at once. The clock is
 * Monday 2026-01-05 08:00 UTC; the offer is RELIANCE (NSE, INR) at ₹900.00, ₹50,000.00 to ₹450,000.00 a
 * subscription (56 to 500 shares).
 */
const board = new PriceBoard();
let t: TestApp;
let operator: StaffLogin;
let offer: AdminPlacementOffer;

beforeAll(async () => {
  t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } },
  });
  board.set("RELIANCE", "1000.00");
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.93.0.1");
  offer = await createOffer(t, operator);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  t.clock.set("2026-01-05T08:00:00Z");
});

const inr = (amount = "100000.00") => ({ currency: "INR", amount });

async function reviewCount(userId: string) {
  return (await t.database.db.select().from(reviews).where(eq(reviews.userId, userId))).length;
}

async function nothingWritten(userId: string, available = "100000") {
  expect(await orderRows(t, userId)).toEqual([]);
  expect(await reviewCount(userId)).toBe(0);
  expect(await walletOf(t, userId, "INR")).toMatchObject({ available, held: "0" });
}

describe("refusals, in order", () => {
  it.each([
    ["a trade ban", "TRADE_BANNED", {}],
    ["no fund password", "FUND_PASSWORD_NOT_SET", {}],
    ["an unknown offer", "NOT_FOUND", { offerId: "00000000-0000-4000-8000-000000000000" }],
    ["no verified identity", "KYC_REQUIRED", {}],
    ["part of a share", "QUANTITY_NOT_WHOLE_LOTS", { quantity: "60.5" }],
    ["no shares", "QUANTITY_NOT_WHOLE_LOTS", { quantity: "0" }],
    ["too small an amount", "PLACEMENT_BELOW_MIN", { quantity: "55" }],
    ["too large an amount", "PLACEMENT_ABOVE_MAX", { quantity: "501" }],
    ["more than the balance", "INSUFFICIENT_AVAILABLE", { quantity: "112" }],
  ])("refuses %s with %s, writing nothing", async (name, code, body) => {
    const who =
      name === "no verified identity"
        ? await trader(t, inr())
        : name === "no fund password"
          ? await trader(t, inr(), { fundPassword: false })
          : await investor(t, inr());
    if (name === "a trade ban") await setTradeBanned(t, who.userId, true);
    const answer = await subscribe(t, who, { offerId: offer.id, quantity: "100", ...body });
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code });
    await nothingWritten(who.userId);
  });

  it("says the minimum placement amount and the maximum in the message, and the balance there was", async () => {
    const who = await investor(t, inr("1000.00"));
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "55" })).toMatchObject({
      code: "PLACEMENT_BELOW_MIN",
      params: { min: "50000.00", currency: "INR", field: "quantity" },
      msg: "Below the minimum placement amount of 50000.00 INR",
    });
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "501" })).toMatchObject({
      code: "PLACEMENT_ABOVE_MAX",
      params: { max: "450000.00", currency: "INR", field: "quantity" },
    });
    // 56 × 900 = 50,400.00 + 0.03% = 15.12, below the ₹20 minimum fee: 50,420.00.
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "56" })).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "1000.00" },
    });
    await nothingWritten(who.userId, "1000");
  });

  it("answers PLACEMENT_CLOSED before the window, after it and once withdrawn", async () => {
    const who = await investor(t, inr());
    const later = await createOffer(t, operator, { opensAt: "2026-01-06T00:00:00Z" });
    const closed = { status: 0, code: "PLACEMENT_CLOSED" };
    expect(await subscribe(t, who, { offerId: later.id, quantity: "100" })).toMatchObject(closed);
    const withdrawn = await createOffer(t, operator);
    await adminCall(t.app, "placements/withdraw", { id: withdrawn.id, reason: "Pulled" }, operator.headers);
    expect(await subscribe(t, who, { offerId: withdrawn.id, quantity: "100" })).toMatchObject(closed);
    // The window's end is exclusive; a closed offer is refused before the quantity is looked at.
    t.clock.set(offer.closesAt);
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "1" })).toMatchObject(closed);
    await nothingWritten(who.userId);
  });

  it("lets only holders apply to a holders' offer (a capital increase's default)", async () => {
    const increase = await createOffer(t, operator, { kind: "capitalIncrease" });
    expect(increase).toMatchObject({ kind: "capitalIncrease", eligibility: "holders" });
    const who = await investor(t, inr("200000.00"));
    expect(await placement(t, who, "offer", { id: increase.id })).toMatchObject({
      data: { ineligible: "PLACEMENT_HOLDERS_ONLY" },
    });
    expect(await subscribe(t, who, { offerId: increase.id, quantity: "100" })).toMatchObject({
      code: "PLACEMENT_HOLDERS_ONLY",
      params: { symbol: "RELIANCE" },
    });
    expect(await orderRows(t, who.userId)).toEqual([]);
    // A holder: one share bought at the market (₹1,000.00 + the ₹20 minimum fee).
    const bought = await trade(t, who, "placeOrder", {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
      idempotencyKey: newKey(),
    });
    expect(bought, JSON.stringify(bought)).toMatchObject({ status: 1, data: { state: "open" } });
    expect(await placement(t, who, "offer", { id: increase.id })).toMatchObject({
      data: { ineligible: null },
    });
    await subscribeOk(t, who, { offerId: increase.id, quantity: "100" });
  });

  it("answers a malformed body with INVALID_INPUT on its field", async () => {
    const who = await investor(t, inr());
    for (const [body, field] of [
      [{ offerId: offer.id, quantity: 100, idempotencyKey: newKey() }, "quantity"],
      [{ offerId: offer.id, quantity: "1e3", idempotencyKey: newKey() }, "quantity"],
      [{ offerId: "offer-1", quantity: "100", idempotencyKey: newKey() }, "offerId"],
      [{ offerId: offer.id, quantity: "100" }, "idempotencyKey"],
      [{ offerId: offer.id, quantity: "100", idempotencyKey: "short" }, "idempotencyKey"],
    ] as const)
      expect(await placement(t, who, "subscribe", body)).toMatchObject({
        httpStatus: 200,
        status: 0,
        code: "INVALID_INPUT",
        params: { field },
      });
    expect(await placement(t, who, "mine", { cursor: 12 })).toMatchObject({ code: "INVALID_INPUT" });
    expect(await placement(t, who, "offer", { id: "x" })).toMatchObject({ code: "INVALID_INPUT" });
    expect(await placement(t, who, "offer", { id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      code: "NOT_FOUND",
    });
    await nothingWritten(who.userId);
  });
});

describe("ownership and retries", () => {
  it("shows a user only their own subscriptions; another user's id is NOT_FOUND", async () => {
    const owner = await investor(t, inr());
    const other = await investor(t, inr());
    const sub = await subscribeOk(t, owner, { offerId: offer.id, quantity: "100" });
    expect((await placement(t, other, "mine", {})).data).toEqual({ items: [], nextCursor: null });
    expect(await trade(t, other, "positionDetail", { id: sub.id })).toMatchObject({ code: "NOT_FOUND" });
    expect(await trade(t, other, "cancelOrder", { orderId: sub.id })).toMatchObject({ code: "NOT_FOUND" });
    // Only staff decide a subscription under review: its owner cannot cancel it either.
    expect(await trade(t, owner, "cancelOrder", { orderId: sub.id })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    const own = (await placement(t, owner, "mine", {})).data as PlacementSubscriptionPage;
    expect(own.items.map((s) => s.id)).toEqual([sub.id]);
  });

  it("holds once for one idempotency key sent three times at once, and answers all alike", async () => {
    const who = await investor(t, inr());
    const body = { offerId: offer.id, quantity: "100", idempotencyKey: newKey() };
    const answers = await Promise.all([
      placement(t, who, "subscribe", body),
      placement(t, who, "subscribe", body),
      placement(t, who, "subscribe", body),
    ]);
    for (const answer of answers) expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
    expect(new Set(answers.map((a) => (a.data as PlacementSubscription).id)).size).toBe(1);
    expect(await orderRows(t, who.userId)).toHaveLength(1);
    expect(await reviewCount(who.userId)).toBe(1);
    // 100 × 900.00 = 90,000.00 + 0.03% = 27.00.
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "9973", held: "90027" });
    expect(await placement(t, who, "subscribe", { ...body, quantity: "101" })).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    const rows = await t.database.db.select().from(tradeOrders).where(eq(tradeOrders.userId, who.userId));
    expect(rows).toHaveLength(1);
  });
});
