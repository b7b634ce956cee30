import type { BlockTradeOfferDetail, BlockTradeOfferPage, BlockTradeSubscriptionPage } from "@brokerage/api";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { messages, tradeOrders } from "../../db/schema/index.js";
import { DAY, HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { TRADE_CHANGES, type TradeChange } from "../trading/index.js";
import { createStaff, staffLogin, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { PriceBoard, newKey, trade, trader, walletOf, type Trader } from "../trading/testing.js";
import { blockTrade, createOffer, decide, reviewsOf, subscribeOk } from "./testing.js";

/**
 * Block trades end to end over the API, with hand-worked figures. The clock starts on Monday 2026-01-05
 * 08:00 UTC (13:30 IST, NSE trading); RELIANCE is at ₹1,000.00 and the offer at ₹925.50 (7.45% below),
 * 100 to 1,000 shares, locked 2 trading days. 100 shares hold 92,550.00 margin (unleveraged) and a fee of
 * 0.03% = 27.765 → 27.77 (above the ₹20 minimum): 92,577.77 in all.
 */
const board = new PriceBoard();
const START = "2026-01-05T08:00:00Z";
let t: TestApp;
let operator: StaffLogin;
let reviewer: StaffLogin;
let reviewerMember: StaffMember;
let logins = 0;
/** Staff sessions end after 30 idle minutes: a test that moves the clock logs in again. */
const login = (member: StaffMember) =>
  staffLogin(t.app, member, `10.91.${Math.floor(++logins / 200)}.${logins % 200}`);

beforeAll(async () => {
  t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } },
  });
  operator = await login(await createStaff(t.database.db, "operator"));
  reviewerMember = await createStaff(t.database.db, "reviewer");
  reviewer = await login(reviewerMember);
  board.set("RELIANCE", "1000.00");
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  t.clock.set(START);
  board.set("RELIANCE", "1000.00");
});

const inr = (amount = "100000.00") => ({ currency: "INR", amount });
const inbox = (userId: string) =>
  t.database.db
    .select({ kind: messages.kind, params: messages.params })
    .from(messages)
    .where(eq(messages.userId, userId));

async function wallet(who: Trader) {
  const { available, held, margin } = await walletOf(t, who.userId, "INR");
  return { available, held, margin };
}

describe("offers", () => {
  it("lists open and upcoming offers against the live price, and one offer with its fee rule and balance", async () => {
    const open = await createOffer(t, operator);
    const keyed = await createOffer(t, operator, {
      opensAt: new Date(Date.parse(START) + DAY).toISOString(),
      secretKey: "club-2026",
    });
    const ended = await createOffer(t, operator, {
      closesAt: new Date(Date.parse(START) + HOUR).toISOString(),
    });
    const withdrawn = await createOffer(t, operator);
    await t.app.inject({
      method: "POST",
      url: "/api/admin/blockTrades/withdraw",
      payload: { id: withdrawn.id, reason: "Cancelled by the issuer" },
      headers: operator.headers,
    });
    t.clock.set(new Date(Date.parse(START) + 2 * HOUR));
    const who = await trader(t, inr("5000.00"));

    const answer = await blockTrade(t, who, "offers", {});
    expect(answer).toMatchObject({ status: 1 });
    const page = answer.data as BlockTradeOfferPage;
    const ids = page.items.map((o) => o.id);
    expect(ids).toContain(open.id);
    expect(ids).toContain(keyed.id);
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(withdrawn.id);
    expect(ids.indexOf(keyed.id)).toBeLessThan(ids.indexOf(open.id));
    expect(page.items.find((o) => o.id === open.id)).toEqual({
      id: open.id,
      symbol: "RELIANCE",
      exchange: "NSE",
      name: open.name,
      market: "IN",
      currency: "INR",
      price: "925.50",
      livePrice: "1000.00",
      discount: "7.45",
      minQuantity: "100",
      maxQuantity: "1000",
      opensAt: open.opensAt,
      closesAt: open.closesAt,
      lockDays: 2,
      secretKeyRequired: false,
      status: "open",
    });
    expect(page.items.find((o) => o.id === keyed.id)).toMatchObject({
      secretKeyRequired: true,
      status: "upcoming",
    });

    const detail = await blockTrade(t, who, "offer", { offerId: ended.id });
    expect(detail).toMatchObject({ status: 1, data: { status: "closed" } });
    const one = (await blockTrade(t, who, "offer", { offerId: open.id })).data as BlockTradeOfferDetail;
    expect(one).toMatchObject({ feeRate: "0.0003", minFee: "20", available: "5000.00", status: "open" });
    expect(await blockTrade(t, who, "offer", { offerId: withdrawn.id })).toMatchObject({
      data: { status: "closed" },
    });
  });

  it("answers NOT_FOUND for an unknown offer and INVALID_INPUT for a malformed id or cursor", async () => {
    const who = await trader(t);
    expect(
      await blockTrade(t, who, "offer", { offerId: "00000000-0000-4000-8000-000000000000" }),
    ).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(await blockTrade(t, who, "offer", { offerId: "nope" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "offerId" },
    });
    expect(await blockTrade(t, who, "offers", { cursor: "bm90LWEtY3Vyc29y" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });
});

describe("a subscription reviewed", () => {
  it("holds margin and fee; approval opens the position at the offer price, locked 2 trading days", async () => {
    const offer = await createOffer(t, operator);
    const who = await trader(t, inr());
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "100" });
    expect(sub).toMatchObject({
      kind: "blockTrade",
      offerId: offer.id,
      offerPrice: "925.50",
      lockDays: 2,
      state: "review",
      direction: "long",
      leverage: 1,
      quantity: "100",
      limitPrice: "925.50",
      margin: "92550.00",
      openFee: "27.77",
      openPrice: null,
    });
    expect(await wallet(who)).toEqual({ available: "7422.23", held: "92577.77", margin: "0" });
    expect(await reviewsOf(t, sub.id)).toMatchObject([{ kind: "blockTrade", state: "pending" }]);

    // The reviewer sees what was asked against the market.
    const listed = await t.app.inject({
      method: "POST",
      url: "/api/admin/reviews/list",
      payload: { kind: "blockTrade", state: "pending" },
      headers: reviewer.headers,
    });
    const item = (
      listed.json() as { data: { items: { subject: Record<string, string> }[] } }
    ).data.items.find((i) => i.subject.orderId === sub.id);
    expect(item?.subject).toMatchObject({
      symbol: "RELIANCE",
      quantity: "100",
      holdAmount: "92577.77",
      currency: "INR",
      offerPrice: "925.50",
      livePrice: "1000.00",
      discount: "7.45",
      lockDays: "2",
      orderNo: sub.orderNo,
    });

    t.clock.set("2026-01-05T09:00:00Z");
    board.set("RELIANCE", "990.00");
    reviewer = await login(reviewerMember);
    expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await wallet(who)).toEqual({ available: "7422.23", held: "0", margin: "92550" });
    const detail = await trade(t, who, "positionDetail", { id: sub.id });
    expect(detail).toMatchObject({
      status: 1,
      data: {
        state: "open",
        openPrice: "925.50",
        openedAt: "2026-01-05T09:00:00.000Z",
        // T is Monday; two trading days later is Wednesday's 09:15 IST open.
        lockedUntil: "2026-01-07T03:45:00.000Z",
        currentPrice: "990.00",
        pnlGross: "6450.00",
        pnl: "6422.23",
      },
    });
    expect(await inbox(who.userId)).toContainEqual({
      kind: "blockTradeApproved",
      params: {
        name: sub.name,
        symbol: "RELIANCE",
        quantity: "100",
        currency: "INR",
        price: "925.50",
        lockDays: "2",
      },
    });
    expect(await decide(t, reviewer, sub.id, "reject", "Too late")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });

    // Locked until Wednesday's open, then it closes like any position.
    const early = await trade(t, who, "closePosition", { positionId: sub.id, idempotencyKey: newKey() });
    expect(early).toMatchObject({ code: "SELL_LOCKED", params: { until: "2026-01-07T03:45:00.000Z" } });
    t.clock.set("2026-01-07T05:00:00Z");
    board.set("RELIANCE", "1000.00");
    const closed = await trade(t, who, "closePosition", { positionId: sub.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({
      status: 1,
      data: { state: "closed", closePrice: "1000.00", pnlGross: "7450.00", pnl: "7283.20" },
    });

    const mine = (await blockTrade(t, who, "mine", {})).data as BlockTradeSubscriptionPage;
    expect(mine.items.map((s) => [s.id, s.state])).toEqual([[sub.id, "closed"]]);
  });

  it("rejection gives everything held back and keeps the reason", async () => {
    const offer = await createOffer(t, operator);
    const who = await trader(t, inr("300000.00"));
    // 250 × 925.50 = 231,375.00; fee 0.03% = 69.4125 → 69.42 (a charge rounds up): 231,444.42 held.
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "250" });
    expect(sub).toMatchObject({ margin: "231375.00", openFee: "69.42" });
    expect(await wallet(who)).toEqual({ available: "68555.58", held: "231444.42", margin: "0" });
    expect(await decide(t, reviewer, sub.id, "reject", "Allocation full")).toMatchObject({ status: 1 });
    expect(await wallet(who)).toEqual({ available: "300000", held: "0", margin: "0" });
    const mine = (await blockTrade(t, who, "mine", {})).data as BlockTradeSubscriptionPage;
    expect(mine.items[0]).toMatchObject({
      id: sub.id,
      state: "declined",
      declineReason: "Allocation full",
      openPrice: null,
    });
    expect(await inbox(who.userId)).toContainEqual({
      kind: "blockTradeRejected",
      params: {
        name: sub.name,
        symbol: "RELIANCE",
        quantity: "250",
        currency: "INR",
        amount: "231444.42",
        reason: "Allocation full",
      },
    });
  });
});

describe("an approval's effects", () => {
  /**
   * The trade changes published for one order, each with the transactions open on the database when it
   * came (the embedded database has one session, so reading the order proves nothing there) and the
   * order's state read on the database then.
   */
  function watchChanges(orderId: string) {
    const { db } = t.database;
    let open = 0;
    const transaction = db.transaction.bind(db);
    const spy = vi.spyOn(db, "transaction").mockImplementation(async (run, config) => {
      open++;
      try {
        return await transaction(run, config);
      } finally {
        open--;
      }
    });
    const seen: { change: TradeChange; openTransactions: number; state: Promise<string | undefined> }[] = [];
    const unsubscribe = t.app.bus.subscribe(TRADE_CHANGES, (change) => {
      if (change.orderId !== orderId) return;
      const state = db
        .select({ state: tradeOrders.state })
        .from(tradeOrders)
        .where(eq(tradeOrders.id, orderId))
        .then(([row]) => row?.state);
      seen.push({ change, openTransactions: open, state });
    });
    const stop = () => {
      unsubscribe();
      spy.mockRestore();
    };
    return { seen, stop };
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it("tells the matching engine of the opened position once, after the decision has committed", async () => {
    const offer = await createOffer(t, operator);
    const who = await trader(t, inr());
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "100" });
    const { seen, stop } = watchChanges(sub.id);
    try {
      expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({ status: 1 });
      await settled();
    } finally {
      stop();
    }
    expect(seen.map((s) => s.change)).toEqual([{ orderId: sub.id, symbol: "RELIANCE", state: "open" }]);
    expect(seen[0]?.openTransactions).toBe(0);
    expect(await seen[0]?.state).toBe("open");
  });

  it("tells nothing when the decision fails after the position was opened, and keeps the subscription", async () => {
    const offer = await createOffer(t, operator);
    const who = await trader(t, inr());
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "100" });
    const before = await wallet(who);
    // The approval's message is written after the position opens: refusing it fails the decision there.
    await t.database.db.execute(sql`
      create function refuse_block_trade_message() returns trigger language plpgsql as $$
      begin raise exception 'message refused by the test'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_block_trade_message before insert on messages
        for each row when (new.kind like 'blockTradeApproved%') execute function refuse_block_trade_message()`);
    const { seen, stop } = watchChanges(sub.id);
    try {
      expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({ httpStatus: 500 });
      await settled();
    } finally {
      stop();
      await t.database.db.execute(sql`drop trigger refuse_block_trade_message on messages`);
      await t.database.db.execute(sql`drop function refuse_block_trade_message()`);
    }
    expect(seen).toEqual([]);
    expect(await reviewsOf(t, sub.id)).toMatchObject([{ state: "pending" }]);
    expect(await trade(t, who, "positionDetail", { id: sub.id })).toMatchObject({
      data: { state: "review", openPrice: null },
    });
    expect(await wallet(who)).toEqual(before);

    // Nothing was left half done: the same approval goes through now, and is told this time.
    const again = watchChanges(sub.id);
    try {
      expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({ status: 1 });
      await settled();
    } finally {
      again.stop();
    }
    expect(again.seen.map((s) => s.change.state)).toEqual(["open"]);
  });

  it("words an approval without a lock apart: no lock days, and the position can be closed at once", async () => {
    const offer = await createOffer(t, operator, { lockDays: 0 });
    const who = await trader(t, inr());
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "100" });
    expect(sub).toMatchObject({ lockDays: 0 });
    expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({ status: 1 });
    expect(await trade(t, who, "positionDetail", { id: sub.id })).toMatchObject({
      data: { state: "open", lockedUntil: null },
    });
    expect(await inbox(who.userId)).toEqual([
      {
        kind: "blockTradeApprovedNoLock",
        params: {
          name: sub.name,
          symbol: "RELIANCE",
          quantity: "100",
          currency: "INR",
          price: "925.50",
        },
      },
    ]);
    const closed = await trade(t, who, "closePosition", { positionId: sub.id, idempotencyKey: newKey() });
    expect(closed).toMatchObject({ status: 1, data: { state: "closed" } });
  });
});
