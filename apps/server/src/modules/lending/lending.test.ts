import type { Lending } from "@brokerage/api";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { reviews, securitiesLoans } from "../../db/schema/index.js";
import { inbox } from "../day-trading/testing.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import {
  PriceBoard,
  clearSetting,
  fundRecords,
  newKey as tradeKey,
  orderRows,
  placeOk,
  setSetting,
  setUpTradingApp,
  trade,
} from "../trading/testing.js";
import {
  applyBody,
  applyOk,
  decide,
  holder,
  lendingCall,
  lendingRows,
  listOf,
  newKey,
  nextDay,
  termsOf,
} from "./testing.js";

/**
 * `lending/terms`, `lending/apply`, `lending/list`, `lending/recall`, the review kind `lending`, the closes
 * refused while lent, and the daily rebates, over HTTP on the real database. The clock starts on Monday
 * 2026-01-05 08:00 UTC (13:30 IST, NSE trading); RELIANCE stays at ₹1,000.00, so 100 shares are worth
 * ₹100,000.00 and earn 100,000 × 1 % ÷ 365 = ₹2.7397… a day at the default rates (2 % gross, half kept).
 */
let t: TestApp;
let staff: Parameters<typeof staffLogin>[1];
const board = new PriceBoard();
board.set("RELIANCE", "1000.00");
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  staff = await createStaff(t.database.db, "reviewer");
});
/** The reviewer, logged in now (a session does not outlive the moved clock). */
const reviewerNow = (): Promise<StaffLogin> => staffLogin(t.app, staff, "10.93.0.1");

const close = (who: Parameters<typeof trade>[1], positionId: string) =>
  trade(t, who, "closePosition", { positionId, idempotencyKey: tradeKey() });

const reviewCount = async () =>
  Number((await t.database.db.select({ n: count() }).from(reviews).where(eq(reviews.kind, "lending")))[0]?.n);

describe("lending/terms", () => {
  it("discloses the rates, terms, channels and risks, and lists only unlocked long 1× share positions", async () => {
    const { who, position } = await holder(t);
    // Bought today: locked until the next trading day, so not offered yet.
    expect((await termsOf(t, who)).eligible).toEqual([]);
    await placeOk(t, who, {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "market",
      quantity: "10",
      leverage: 5,
    });
    nextDay(t);
    const terms = await termsOf(t, who);
    expect(terms).toMatchObject({
      grossRate: "0.02",
      brokerShare: "0.5",
      rate: "0.01",
      dayCount: 365,
      termDays: [7, 14, 30, 90],
      risks: ["votingRights", "cashInLieu", "shortSellers", "counterparty", "locked"],
    });
    expect(terms.channels.find((c) => c.currency === "INR")).toEqual({
      currency: "INR",
      minValue: "80000.00",
      quota: "400000000.00",
      used: expect.any(String),
      available: expect.any(String),
    });
    expect(terms.eligible).toEqual([
      {
        positionId: position.id,
        orderNo: position.orderNo,
        symbol: "RELIANCE",
        name: position.name,
        exchange: "NSE",
        currency: "INR",
        quantity: "100",
        price: "1000",
        value: "100000.00",
      },
    ]);
  });

  it("answers 401 without a session", async () => {
    for (const action of ["terms", "apply", "list", "recall"])
      expect(await call(t.app, `lending/${action}`, {})).toMatchObject({ httpStatus: 401 });
  });
});

describe("lending/apply, the review, the close refused, the recall and the rebates", () => {
  it("lends approved shares, refuses the close while lent, and recalls them at the next trading day", async () => {
    const { who, position } = await holder(t);
    nextDay(t); // Tuesday 2026-01-06 08:00 UTC
    const applied = await applyOk(t, who, position.id);
    expect(applied).toMatchObject({
      positionId: position.id,
      symbol: "RELIANCE",
      currency: "INR",
      quantity: "100",
      days: 7,
      value: "100000.00",
      rate: "0.01",
      expectedRebate: "19.17",
      rebatePaid: "0.00",
      state: "pending",
      endsAt: null,
      rebates: [],
    });
    // Under review the position may still be closed; the reviewer sees what they need.
    const reviewer = await reviewerNow();
    const queue = await adminCall(t.app, "reviews/list", { kind: "lending" }, reviewer.headers);
    const item = (queue.data as { items: { subject: Record<string, unknown> }[] }).items.find(
      (i) => i.subject.lendingId === applied.id,
    );
    expect(item?.subject).toMatchObject({
      symbol: "RELIANCE",
      quantity: "100",
      days: "7",
      value: "100000.00",
      valueNow: "100000.00",
      rate: "1%",
      grossRate: "2%",
      brokerShare: "50%",
      expectedRebate: "19.17 INR",
      orderNo: position.orderNo,
      positionState: "open",
    });
    expect(await decide(t, await reviewerNow(), applied.id, "approve")).toMatchObject({ status: 1 });
    const [lent] = await listOf(t, who);
    expect(lent).toMatchObject({
      state: "inProgress",
      startedAt: "2026-01-06T08:00:00.000Z",
      // Seven calendar days on, at the NSE open (09:15 IST).
      endsAt: "2026-01-13T03:45:00.000Z",
    });
    expect(await inbox(t, who.userId)).toContainEqual(expect.objectContaining({ kind: "lendingApproved" }));

    // Lent: the owner's close is refused, naming when the shares come back.
    expect(await close(who, position.id)).toMatchObject({
      status: 0,
      code: "POSITION_LENT",
      params: { until: "2026-01-13T03:45:00.000Z" },
    });

    // Recalled on Tuesday: back at Wednesday's open.
    const recalled = await lendingCall(t, who, "recall", { id: applied.id });
    expect(recalled).toMatchObject({
      status: 1,
      data: {
        state: "inProgress",
        recalledAt: "2026-01-06T08:00:00.000Z",
        endsAt: "2026-01-07T03:45:00.000Z",
      },
    });
    expect(await lendingCall(t, who, "recall", { id: applied.id })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await close(who, position.id)).toMatchObject({
      code: "POSITION_LENT",
      params: { until: "2026-01-07T03:45:00.000Z" },
    });

    // Wednesday 04:00 UTC: the shares are back; the leader pays Tuesday and completes the lending.
    t.clock.set("2026-01-07T04:00:00Z");
    await t.app.tradingEngine.round();
    const [done] = await listOf(t, who);
    expect(done).toMatchObject({
      state: "completed",
      completedAt: "2026-01-07T04:00:00.000Z",
      rebatePaid: "2.73",
      rebates: [{ day: "2026-01-06", price: "1000", value: "100000.00", amount: "2.73" }],
    });
    const records = (await fundRecords(t, who, "INR")).filter((r) => r.type === "lendingRebate");
    expect(records.map((r) => r.amount)).toEqual(["2.73"]);
    // A second round pays nothing twice.
    await t.app.tradingEngine.round();
    expect((await fundRecords(t, who, "INR")).filter((r) => r.type === "lendingRebate")).toHaveLength(1);
    expect(await inbox(t, who.userId)).toContainEqual({
      kind: "lendingCompleted",
      params: { symbol: "RELIANCE", quantity: "100", rebate: "2.73", currency: "INR" },
    });
    expect(await close(who, position.id)).toMatchObject({ status: 1, data: { state: "closed" } });
  });

  it("pays every day of the term exactly, the running total rounded down, and ends at the term", async () => {
    const { who, position } = await holder(t);
    nextDay(t);
    const applied = await applyOk(t, who, position.id);
    expect(await decide(t, await reviewerNow(), applied.id, "approve")).toMatchObject({ status: 1 });
    // Halfway: the ended days are paid, the lending goes on and the position stays lent.
    t.clock.set("2026-01-09T04:00:00Z");
    await t.app.tradingEngine.round();
    let [view] = await listOf(t, who);
    expect(view?.state).toBe("inProgress");
    expect(view?.rebates.map((r) => r.day)).toEqual(["2026-01-06", "2026-01-07", "2026-01-08"]);
    // 3 × 2.7397… = 8.219… → 8.21 in all, day by day 2.73, 2.74, 2.74.
    expect(view?.rebates.map((r) => r.amount)).toEqual(["2.73", "2.74", "2.74"]);
    expect(await close(who, position.id)).toMatchObject({ code: "POSITION_LENT" });

    t.clock.set("2026-01-13T04:00:00Z");
    await t.app.tradingEngine.round();
    [view] = await listOf(t, who);
    expect(view).toMatchObject({ state: "completed", rebatePaid: "19.17" });
    expect(view?.rebates).toHaveLength(7);
    const paid = (await fundRecords(t, who, "INR")).filter((r) => r.type === "lendingRebate");
    expect(paid).toHaveLength(7);
    expect(paid.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0)).toBe(1917);
  });

  it("keeps the reviewer's reason on a refusal and lends nothing", async () => {
    const { who, position } = await holder(t);
    nextDay(t);
    const applied = await applyOk(t, who, position.id);
    expect(
      await decide(t, await reviewerNow(), applied.id, "reject", "Not offered on this share now"),
    ).toMatchObject({
      status: 1,
    });
    expect((await listOf(t, who))[0]).toMatchObject({
      state: "rejected",
      reason: "Not offered on this share now",
    });
    expect(await close(who, position.id)).toMatchObject({ status: 1 });
  });
});

describe("the automatic close-outs while lent", () => {
  it("holds a crossed stop-loss back until the shares come back, then carries it out", async () => {
    const { who, position } = await holder(t);
    nextDay(t);
    expect(
      await trade(t, who, "setStops", { positionId: position.id, stopLoss: "950", takeProfit: null }),
    ).toMatchObject({ status: 1 });
    const applied = await applyOk(t, who, position.id);
    expect(await decide(t, await reviewerNow(), applied.id, "approve")).toMatchObject({ status: 1 });
    expect(await lendingCall(t, who, "recall", { id: applied.id })).toMatchObject({ status: 1 });
    board.set("RELIANCE", "900.00");
    try {
      await t.app.tradingEngine.round();
      const [row] = await orderRows(t, who.userId);
      expect(row?.state).toBe("open");
      // Wednesday after the open: the lending has ended, and the stop is carried out.
      t.clock.set("2026-01-07T04:00:00Z");
      await t.app.tradingEngine.round();
      await t.app.tradingEngine.round();
      const [after] = await orderRows(t, who.userId);
      expect(after).toMatchObject({ state: "closed", closeReason: "stopLoss" });
      expect((await listOf(t, who))[0]?.state).toBe("completed");
    } finally {
      board.set("RELIANCE", "1000.00");
    }
  });
});

describe("lending/apply refusals", () => {
  it("refuses below the minimum and beyond the quota with the numbers, writing nothing", async () => {
    const { who, position } = await holder(t);
    nextDay(t);
    const reviewsBefore = await reviewCount();
    expect(await lendingCall(t, who, "apply", applyBody(position.id, { quantity: "50" }))).toMatchObject({
      status: 0,
      code: "LENDING_BELOW_MIN",
      params: { min: "80000.00", amount: "50000.00", currency: "INR" },
    });
    // Room for one more ₹100,000.00 lending, and ₹20,000.00 beyond it.
    const used = (await termsOf(t, who)).channels.find((c) => c.currency === "INR")?.used ?? "0";
    await setSetting(t, "lending.quota", { INR: String(Number(used) + 120000) });
    try {
      const other = await holder(t);
      nextDay(t);
      await applyOk(t, other.who, other.position.id);
      expect(await lendingCall(t, who, "apply", applyBody(position.id))).toMatchObject({
        status: 0,
        code: "LENDING_QUOTA_FULL",
        params: { available: "20000.00", amount: "100000.00", currency: "INR" },
      });
      await setSetting(t, "lending.quota", { USD: "1000000" });
      expect(await lendingCall(t, who, "apply", applyBody(position.id))).toMatchObject({
        code: "LENDING_UNAVAILABLE",
      });
    } finally {
      await clearSetting(t, "lending.quota");
    }
    expect(await lendingRows(t, who.userId)).toEqual([]);
    expect(await reviewCount()).toBe(reviewsBefore + 1);
  });

  it("refuses a locked, leveraged or unknown position, a term not offered and a quantity it does not hold", async () => {
    const { who, position } = await holder(t);
    expect(await lendingCall(t, who, "apply", applyBody(position.id))).toMatchObject({
      code: "SELL_LOCKED",
    });
    const leveraged = await placeOk(t, who, {
      symbol: "RELIANCE",
      direction: "long",
      priceType: "market",
      quantity: "100",
      leverage: 5,
    });
    nextDay(t);
    expect(await lendingCall(t, who, "apply", applyBody(leveraged.id))).toMatchObject({
      code: "LENDING_NOT_ELIGIBLE",
    });
    expect(await lendingCall(t, who, "apply", applyBody(position.id, { days: 9 }))).toMatchObject({
      code: "LENDING_TERM_INVALID",
      params: { allowed: "7, 14, 30, 90" },
    });
    expect(await lendingCall(t, who, "apply", applyBody(position.id, { quantity: "101" }))).toMatchObject({
      code: "LENDING_ABOVE_HELD",
      params: { held: "100" },
    });
    expect(await lendingCall(t, who, "apply", applyBody(position.id, { quantity: "99.5" }))).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "quantity" },
    });
    expect(await lendingRows(t, who.userId)).toEqual([]);
  });

  it("refuses another user's position and lending, and malformed bodies", async () => {
    const { who, position } = await holder(t);
    const stranger = await holder(t);
    nextDay(t);
    const mine = await applyOk(t, who, position.id);
    expect(await decide(t, await reviewerNow(), mine.id, "approve")).toMatchObject({ status: 1 });
    expect(await lendingCall(t, stranger.who, "apply", applyBody(position.id))).toMatchObject({
      code: "NOT_FOUND",
      params: { field: "positionId" },
    });
    expect(await lendingCall(t, stranger.who, "recall", { id: mine.id })).toMatchObject({
      code: "NOT_FOUND",
      params: { field: "id" },
    });
    expect((await listOf(t, stranger.who)).map((l) => l.id)).not.toContain(mine.id);
    for (const body of [
      {},
      { ...applyBody(position.id), positionId: "not-a-uuid" },
      { ...applyBody(position.id), quantity: 100 },
      { ...applyBody(position.id), days: "7" },
      { ...applyBody(position.id), idempotencyKey: "x" },
    ])
      expect(await lendingCall(t, who, "apply", body)).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    expect(await lendingCall(t, who, "recall", { id: 42 })).toMatchObject({ code: "INVALID_INPUT" });
    expect(await lendingCall(t, who, "list", { cursor: "garbage" })).toMatchObject({ status: 0 });
    // The position stays lent; recalled, it ends cleanly for the ledger check.
    expect(await lendingCall(t, who, "recall", { id: mine.id })).toMatchObject({ status: 1 });
  });

  it("creates one application for a concurrent duplicate, and one for two keys on one position", async () => {
    const { who, position } = await holder(t);
    nextDay(t);
    const body = applyBody(position.id);
    const [a, b] = await Promise.all([
      lendingCall(t, who, "apply", body),
      lendingCall(t, who, "apply", body),
    ]);
    expect(a).toMatchObject({ status: 1 });
    expect(b).toMatchObject({ status: 1 });
    expect((a.data as Lending).id).toBe((b.data as Lending).id);
    const answers = await Promise.all([
      lendingCall(t, who, "apply", applyBody(position.id, { idempotencyKey: newKey() })),
      lendingCall(t, who, "apply", applyBody(position.id, { idempotencyKey: newKey() })),
    ]);
    expect(answers.map((x) => x.code)).toEqual(["LENDING_EXISTS", "LENDING_EXISTS"]);
    const rows = await t.database.db
      .select()
      .from(securitiesLoans)
      .where(eq(securitiesLoans.positionId, position.id));
    expect(rows).toHaveLength(1);
  });
});
