import type {
  AdminPlacementOffer,
  AdminPlacementPage,
  PlacementOfferDetail,
  PlacementOfferPage,
  PlacementSubscriptionPage,
} from "@brokerage/api";
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { auditLog, messages } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger } from "../ledger/index.js";
import { adminCall, createStaff, staffLogin, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { PriceBoard, newKey, trade, walletOf, type Trader } from "../trading/testing.js";
import {
  createOffer,
  decide,
  investor,
  offerBody,
  placement,
  reviewsOf,
  saveOffer,
  subscribeOk,
} from "./testing.js";

/**
 * Placements end to end over the API, with hand-worked figures. The clock starts on Monday 2026-01-05
 * 08:00 UTC (13:30 IST, NSE trading); RELIANCE is at ₹1,000.00 and the offer at ₹900.00, ₹50,000.00 to
 * ₹450,000.00 a subscription, locked 2 trading days. 100 shares hold 90,000.00 and a commission of 0.03%
 * = 27.00 (above the ₹20 minimum): 90,027.00 in all.
 */
const board = new PriceBoard();
const START = "2026-01-05T08:00:00Z";
let t: TestApp;
let operator: StaffLogin;
let reviewer: StaffLogin;
let reviewerMember: StaffMember;
let operatorMember: StaffMember;
let logins = 0;
const login = (member: StaffMember) =>
  staffLogin(t.app, member, `10.94.${Math.floor(++logins / 200)}.${logins % 200}`);

beforeAll(async () => {
  t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } },
  });
  operatorMember = await createStaff(t.database.db, "operator");
  operator = await login(operatorMember);
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
  it("lists open and upcoming offers, and one offer with its fee rule, balance and eligibility", async () => {
    const offer = await createOffer(t, operator);
    const who = await investor(t, inr());
    const page = (await placement(t, who, "offers", {})).data as PlacementOfferPage;
    expect(page.items.find((o) => o.id === offer.id)).toMatchObject({
      kind: "placement",
      symbol: "RELIANCE",
      price: "900.00",
      livePrice: "1000.00",
      minAmount: "50000.00",
      maxAmount: "450000.00",
      minQuantity: "56",
      maxQuantity: "500",
      eligibility: "verified",
      lockDays: 2,
      status: "open",
    });
    const detail = (await placement(t, who, "offer", { id: offer.id })).data as PlacementOfferDetail;
    expect(detail).toMatchObject({
      feeRate: "0.0003",
      minFee: "20",
      available: "100000.00",
      ineligible: null,
    });
  });
});

describe("a subscription, reviewed", () => {
  it("holds at once, and approval allots a position at the offer price, locked, paid from the hold", async () => {
    const offer = await createOffer(t, operator);
    const who = await investor(t, inr());
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "100" });
    expect(sub).toMatchObject({
      kind: "placement",
      state: "review",
      offerId: offer.id,
      offerKind: "placement",
      offerPrice: "900.00",
      margin: "90000.00",
      openFee: "27.00",
      lockDays: 2,
    });
    expect(await wallet(who)).toEqual({ available: "9973", held: "90027", margin: "0" });
    expect(await reviewsOf(t, sub.id)).toMatchObject([{ kind: "placement", state: "pending" }]);

    const listed = await adminCall(
      t.app,
      "reviews/list",
      { kind: "placement", state: "pending" },
      reviewer.headers,
    );
    const items = (listed.data as { items: { subject: Record<string, string> }[] }).items;
    expect(items.find((i) => i.subject.orderId === sub.id)?.subject).toMatchObject({
      symbol: "RELIANCE",
      quantity: "100",
      holdAmount: "90027.00",
      currency: "INR",
      offerKind: "placement",
      offerPrice: "900.00",
      livePrice: "1000.00",
      lockDays: "2",
      eligibility: "verified",
      kycStatus: "verified",
      accountFrozen: "no",
      tradeBanned: "no",
    });

    t.clock.set("2026-01-05T09:00:00Z");
    reviewer = await login(reviewerMember);
    expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({
      status: 1,
      data: { state: "approved" },
    });
    expect(await wallet(who)).toEqual({ available: "9973", held: "0", margin: "90000" });
    expect(await trade(t, who, "positionDetail", { id: sub.id })).toMatchObject({
      status: 1,
      data: {
        state: "open",
        openPrice: "900.00",
        openedAt: "2026-01-05T09:00:00.000Z",
        // Two trading days after Monday: Wednesday's 09:15 IST open.
        lockedUntil: "2026-01-07T03:45:00.000Z",
      },
    });
    expect(await inbox(who.userId)).toContainEqual({
      kind: "placementApproved",
      params: {
        name: sub.name,
        symbol: "RELIANCE",
        quantity: "100",
        currency: "INR",
        price: "900.00",
        lockDays: "2",
      },
    });
    expect(await decide(t, reviewer, sub.id, "reject", "Too late")).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    const early = await trade(t, who, "closePosition", { positionId: sub.id, idempotencyKey: newKey() });
    expect(early).toMatchObject({ code: "SELL_LOCKED", params: { until: "2026-01-07T03:45:00.000Z" } });
    const mine = (await placement(t, who, "mine", {})).data as PlacementSubscriptionPage;
    expect(mine.items.map((s) => [s.id, s.state, s.lockedUntil])).toEqual([
      [sub.id, "open", "2026-01-07T03:45:00.000Z"],
    ]);
  });

  it("refusal gives everything held back, keeps the reason and tells the user", async () => {
    const offer = await createOffer(t, operator, { lockDays: 0 });
    const who = await investor(t, inr("300000.00"));
    // 250 × 900.00 = 225,000.00; 0.03% = 67.50: 225,067.50 held.
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "250" });
    expect(await wallet(who)).toEqual({ available: "74932.5", held: "225067.5", margin: "0" });
    expect(await decide(t, reviewer, sub.id, "reject", "Allocation full")).toMatchObject({ status: 1 });
    expect(await wallet(who)).toEqual({ available: "300000", held: "0", margin: "0" });
    const mine = (await placement(t, who, "mine", {})).data as PlacementSubscriptionPage;
    expect(mine.items[0]).toMatchObject({ id: sub.id, state: "declined", declineReason: "Allocation full" });
    expect(await inbox(who.userId)).toContainEqual({
      kind: "placementRejected",
      params: {
        name: sub.name,
        symbol: "RELIANCE",
        quantity: "250",
        currency: "INR",
        amount: "225067.50",
        reason: "Allocation full",
      },
    });
    expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await wallet(who)).toEqual({ available: "300000", held: "0", margin: "0" });
  });

  it("an offer without a lock is approved in words of its own", async () => {
    const offer = await createOffer(t, operator, { lockDays: 0 });
    const who = await investor(t, inr());
    const sub = await subscribeOk(t, who, { offerId: offer.id, quantity: "60" });
    expect(await decide(t, reviewer, sub.id, "approve")).toMatchObject({ status: 1 });
    expect(await trade(t, who, "positionDetail", { id: sub.id })).toMatchObject({
      data: { state: "open", lockedUntil: null },
    });
    expect((await inbox(who.userId)).map((m) => m.kind)).toContain("placementApprovedNoLock");
  });
});

describe("the back office", () => {
  const auditRows = (action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), like(auditLog.target, "placement%")));

  it("audits every list, save and withdrawal, and refuses staff without placements.manage", async () => {
    const before = (await auditRows("placement.save")).length;
    const offer = await createOffer(t, operator, { kind: "capitalIncrease", eligibility: "verified" });
    expect(offer).toMatchObject({ kind: "capitalIncrease", eligibility: "verified", status: "open" });
    expect(await auditRows("placement.save")).toHaveLength(before + 1);
    const list = await adminCall(t.app, "placements/list", {}, operator.headers);
    expect((list.data as AdminPlacementPage).items.find((o) => o.id === offer.id)).toMatchObject({
      createdBy: operatorMember.account,
      pendingCount: 0,
      approvedQuantity: "0",
    });
    expect(await auditRows("read.placementOffers")).not.toHaveLength(0);
    const withdrawn = await adminCall(
      t.app,
      "placements/withdraw",
      { id: offer.id, reason: "Cancelled" },
      operator.headers,
    );
    expect(withdrawn).toMatchObject({ status: 1, data: { state: "withdrawn", status: "withdrawn" } });
    expect(await auditRows("placement.withdraw")).toHaveLength(1);
    expect(
      await adminCall(t.app, "placements/withdraw", { id: offer.id, reason: "Again" }, operator.headers),
    ).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await adminCall(t.app, "placements/list", {}, reviewer.headers)).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await saveOffer(t, reviewer, offerBody(t))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("refuses bad terms on their field and changes only an offer that has not opened", async () => {
    for (const [overrides, code, field] of [
      [{ symbol: "NOPE" }, "UNKNOWN_SYMBOL", undefined],
      [{ price: "900.001" }, "INVALID_INPUT", "price"],
      [{ maxAmount: "40000.00" }, "INVALID_INPUT", "maxAmount"],
      [{ minAmount: "100.00", maxAmount: "500.00" }, "INVALID_INPUT", "maxAmount"],
      [{ kind: "rights" }, "INVALID_INPUT", "kind"],
      [{ eligibility: "everyone" }, "INVALID_INPUT", "eligibility"],
      [{ opensAt: "2026-01-01T00:00:00Z", closesAt: "2026-01-02T00:00:00Z" }, "INVALID_INPUT", "closesAt"],
      [{ reason: "" }, "REASON_REQUIRED", undefined],
    ] as const) {
      const answer = await saveOffer(t, operator, offerBody(t, overrides));
      expect(answer, JSON.stringify(overrides)).toMatchObject({ status: 0, code });
      if (field) expect(answer.params).toMatchObject({ field });
    }
    const open = await createOffer(t, operator);
    expect(await saveOffer(t, operator, { ...offerBody(t), id: open.id })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    const upcoming: AdminPlacementOffer = await createOffer(t, operator, { opensAt: "2026-01-06T00:00:00Z" });
    const changed = await saveOffer(t, operator, {
      ...offerBody(t, { opensAt: "2026-01-06T00:00:00Z", price: "950.00" }),
      id: upcoming.id,
    });
    expect(changed).toMatchObject({
      status: 1,
      data: { id: upcoming.id, price: "950.00", status: "upcoming" },
    });
  });
});
