import type {
  AdminBlockTradeOffer,
  BlockTradeSubscription,
  BlockTradeSubscriptionPage,
} from "@brokerage/api";
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
import { blockTrade, createOffer, subscribe, subscribeOk } from "./testing.js";

/**
 * Every refusal of `blockTrade/subscribe` in its fixed order, each leaving no order, no review and no money
 * moved; a malformed body; another user's ids; one idempotency key sent twice at once. The clock is
 * Monday 2026-01-05 08:00 UTC; the offers are on RELIANCE (NSE, INR) at ₹925.50, 100 to 1,000 shares.
 */
const board = new PriceBoard();
let t: TestApp;
let operator: StaffLogin;
let offer: AdminBlockTradeOffer;
let keyed: AdminBlockTradeOffer;

beforeAll(async () => {
  t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } },
  });
  board.set("RELIANCE", "1000.00");
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.92.0.1");
  offer = await createOffer(t, operator);
  keyed = await createOffer(t, operator, { secretKey: "  club-2026 " });
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

describe("refusals, in order", () => {
  it.each([
    ["a trade ban", "TRADE_BANNED", {}],
    ["no fund password", "FUND_PASSWORD_NOT_SET", {}],
    ["an unknown offer", "NOT_FOUND", { offerId: "00000000-0000-4000-8000-000000000000" }],
    ["too few shares", "BLOCK_TRADE_BELOW_MIN", { quantity: "99" }],
    ["too many shares", "BLOCK_TRADE_ABOVE_MAX", { quantity: "1001" }],
    ["part of a share", "QUANTITY_NOT_WHOLE_LOTS", { quantity: "100.5" }],
    ["no shares", "QUANTITY_NOT_WHOLE_LOTS", { quantity: "0" }],
    ["more than the balance", "INSUFFICIENT_AVAILABLE", { quantity: "200" }],
  ])("refuses %s with %s, moving nothing", async (name, code, body) => {
    const who = await trader(t, inr(), { fundPassword: name !== "no fund password" });
    if (name === "a trade ban") await setTradeBanned(t, who.userId, true);
    const answer = await subscribe(t, who, { offerId: offer.id, quantity: "100", ...body });
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code });
    expect(await orderRows(t, who.userId)).toEqual([]);
    expect(await reviewCount(who.userId)).toBe(0);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "100000", held: "0" });
  });

  it("carries the offer's minimum and maximum, and the balance there was", async () => {
    const who = await trader(t, inr("1000.00"));
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "1" })).toMatchObject({
      code: "BLOCK_TRADE_BELOW_MIN",
      params: { minShares: "100", field: "quantity" },
      msg: "Below the block trade's minimum of 100 shares",
    });
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "5000" })).toMatchObject({
      code: "BLOCK_TRADE_ABOVE_MAX",
      params: { maxShares: "1000", field: "quantity" },
    });
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "100" })).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "1000.00" },
    });
  });

  it("answers BLOCK_TRADE_CLOSED with the minimum before the window, after it and once withdrawn", async () => {
    const who = await trader(t, inr());
    const later = await createOffer(t, operator, {
      opensAt: new Date(Date.parse("2026-01-06T00:00:00Z")).toISOString(),
      minQuantity: "150",
    });
    const closed = { status: 0, code: "BLOCK_TRADE_CLOSED" };
    expect(await subscribe(t, who, { offerId: later.id, quantity: "150" })).toMatchObject({
      ...closed,
      params: { minShares: "150" },
      msg: "Block trade closed; minimum 150 shares",
    });
    const withdrawn = await createOffer(t, operator);
    await adminCall(t.app, "blockTrades/withdraw", { id: withdrawn.id, reason: "Pulled" }, operator.headers);
    expect(await subscribe(t, who, { offerId: withdrawn.id, quantity: "100" })).toMatchObject(closed);
    // The window's end (two days after it opened) is exclusive.
    t.clock.set(offer.closesAt);
    // The closed offer is checked before the quantity.
    expect(await subscribe(t, who, { offerId: offer.id, quantity: "1" })).toMatchObject(closed);
    expect(await orderRows(t, who.userId)).toEqual([]);
  });

  it("asks for the key where the offer has one: missing or wrong is SECRET_KEY_MISMATCH, right passes", async () => {
    const who = await trader(t, inr());
    for (const secretKey of [undefined, "", "club-2025", "CLUB-2026"])
      expect(
        await subscribe(t, who, {
          offerId: keyed.id,
          quantity: "100",
          ...(secretKey === undefined ? {} : { secretKey }),
        }),
        String(secretKey),
      ).toMatchObject({ code: "SECRET_KEY_MISMATCH", params: { field: "secretKey" } });
    // Checked after the quantity.
    expect(await subscribe(t, who, { offerId: keyed.id, quantity: "10", secretKey: "x" })).toMatchObject({
      code: "BLOCK_TRADE_BELOW_MIN",
    });
    await subscribeOk(t, who, { offerId: keyed.id, quantity: "100", secretKey: "club-2026 " });
    expect(await orderRows(t, who.userId)).toHaveLength(1);
  });

  it("answers a malformed body with INVALID_INPUT on its field", async () => {
    const who = await trader(t, inr());
    for (const [body, field] of [
      [{ offerId: offer.id, quantity: 100, idempotencyKey: newKey() }, "quantity"],
      [{ offerId: offer.id, quantity: "1e3", idempotencyKey: newKey() }, "quantity"],
      [{ offerId: "offer-1", quantity: "100", idempotencyKey: newKey() }, "offerId"],
      [{ offerId: offer.id, quantity: "100" }, "idempotencyKey"],
      [{ offerId: offer.id, quantity: "100", idempotencyKey: "short" }, "idempotencyKey"],
      [{ offerId: offer.id, quantity: "100", secretKey: 42, idempotencyKey: newKey() }, "secretKey"],
    ] as const)
      expect(await blockTrade(t, who, "subscribe", body)).toMatchObject({
        httpStatus: 200,
        status: 0,
        code: "INVALID_INPUT",
        params: { field },
      });
    expect(await blockTrade(t, who, "mine", { cursor: 12 })).toMatchObject({ code: "INVALID_INPUT" });
    expect(await orderRows(t, who.userId)).toEqual([]);
  });
});

describe("ownership and retries", () => {
  it("shows a user only their own subscriptions; another user's id is NOT_FOUND", async () => {
    const owner = await trader(t, inr());
    const other = await trader(t, inr());
    const sub = await subscribeOk(t, owner, { offerId: offer.id, quantity: "100" });
    const theirs = (await blockTrade(t, other, "mine", {})).data as BlockTradeSubscriptionPage;
    expect(theirs).toEqual({ items: [], nextCursor: null });
    expect(await trade(t, other, "positionDetail", { id: sub.id })).toMatchObject({ code: "NOT_FOUND" });
    expect(await trade(t, other, "cancelOrder", { orderId: sub.id })).toMatchObject({ code: "NOT_FOUND" });
    // The owner cannot cancel a subscription under review either: only staff decide it.
    expect(await trade(t, owner, "cancelOrder", { orderId: sub.id })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    const own = (await blockTrade(t, owner, "mine", {})).data as BlockTradeSubscriptionPage;
    expect(own.items.map((s) => s.id)).toEqual([sub.id]);
  });

  it("pages the user's subscriptions newest first, 20 a page", async () => {
    const who = await trader(t, inr("3000000.00"));
    const ids: string[] = [];
    for (let i = 0; i < 21; i++)
      ids.push((await subscribeOk(t, who, { offerId: offer.id, quantity: "100" })).id);
    const first = (await blockTrade(t, who, "mine", {})).data as BlockTradeSubscriptionPage;
    expect(first.items.map((s) => s.id)).toEqual(ids.slice(1).reverse());
    expect(first.nextCursor).not.toBeNull();
    const second = (await blockTrade(t, who, "mine", { cursor: first.nextCursor }))
      .data as BlockTradeSubscriptionPage;
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
  });

  it("holds once for one idempotency key sent twice at once, and answers both alike", async () => {
    const who = await trader(t, inr());
    const body = { offerId: offer.id, quantity: "100", idempotencyKey: newKey() };
    const answers = await Promise.all([
      blockTrade(t, who, "subscribe", body),
      blockTrade(t, who, "subscribe", body),
      blockTrade(t, who, "subscribe", body),
    ]);
    for (const answer of answers) expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
    const ids = new Set(answers.map((a) => (a.data as BlockTradeSubscription).id));
    expect(ids.size).toBe(1);
    expect(await orderRows(t, who.userId)).toHaveLength(1);
    expect(await reviewCount(who.userId)).toBe(1);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "7422.23", held: "92577.77" });
    // The same key with another request is a conflict, not a second hold.
    expect(await blockTrade(t, who, "subscribe", { ...body, quantity: "101" })).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    const rows = await t.database.db.select().from(tradeOrders).where(eq(tradeOrders.userId, who.userId));
    expect(rows).toHaveLength(1);
  });
});
