import type { AdminIpoOffering, IpoOfferingDetail, IpoSubscription } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { money } from "@brokerage/core";
import { auditLog, ipoOfferings } from "../../db/schema/index.js";
import { DAY, HOUR } from "../../lib/clock.js";
import { inbox } from "../day-trading/testing.js";
import { checkLedger } from "../ledger/index.js";
import { setSetting } from "../settings/index.js";
import { adminCall, createStaff, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { PriceBoard, setUpTradingApp, walletOf, type Trader } from "../trading/testing.js";
import { ON_TIME, lifecycleOf } from "./schedule.js";
import {
  SYMBOL,
  createOffering,
  entriesOf,
  ipoAdmin,
  ipoCall,
  login,
  offeringBody,
  step,
  subscribeOk,
  subscriber,
} from "./testing.js";

/**
 * A provisional price (issue 29, part 5; docs/ipo.md "A provisional price"): saved with the time it becomes
 * final, shown as provisional until then, its final price set by staff (audited), made final by the
 * scheduler at that time (audited as the system's) with every application's block following it, and the
 * subscribers warned only when it moved more than `offering.finalPriceWarnAbove`.
 */
const board = new PriceBoard();
let t: TestApp;
let operatorMember: StaffMember;
let operator: StaffLogin;
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  board.set(SYMBOL, "372.60");
  operatorMember = await createStaff(t.database.db, "operator");
  operator = await login(t, operatorMember);
});

async function moveTo(iso: string, offset = 0) {
  t.clock.set(new Date(Date.parse(iso) + offset).toISOString());
  operator = await login(t, operatorMember);
}

const later = (offset: number) => new Date(t.clock.now().getTime() + offset).toISOString();

/** An offering at a provisional 330.00 INR, final in 12 hours (it closes in a day). */
const provisional = (overrides: Record<string, unknown> = {}) =>
  createOffering(t, operator, { priceFinalAt: later(12 * HOUR), ...overrides });

const finalPrice = (id: string, price: string, reason = "Book built: price discovered") =>
  ipoAdmin(t, operator, "finalPrice", { id, price, reason });

async function mine(who: Trader, offeringId: string): Promise<IpoSubscription> {
  const answer = await ipoCall(t, who, "mine", { offeringId });
  return (answer.data as { items: IpoSubscription[] }).items[0] as IpoSubscription;
}

const auditOf = (offeringId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `ipo:${offeringId}`))
    .orderBy(asc(auditLog.createdAt))
    .then((rows) => rows.filter((r) => r.action === action));

const kinds = async (who: Trader) => (await inbox(t, who.userId)).map((m) => m.kind);

describe("a provisional price", () => {
  it("is shown as provisional, set final by staff, made final on time, and a fall releases the difference", async () => {
    const offering = await provisional();
    expect(offering).toMatchObject({
      price: "330.00",
      provisionalPrice: "330.00",
      priceProvisional: true,
      finalPrice: null,
      priceFixedAt: null,
    });
    const who = await subscriber(t, "3500000.00");
    const made = await subscribeOk(t, who, offering.id);
    expect(made).toMatchObject({ amount: "3300000.00", held: "3300000.00" });
    const seen = (await ipoCall(t, who, "offering", { offeringId: offering.id })).data as IpoOfferingDetail;
    expect(seen).toMatchObject({
      price: "330.00",
      provisionalPrice: "330.00",
      priceProvisional: true,
      priceFinalAt: offering.priceFinalAt,
    });

    const set = await finalPrice(offering.id, "300.00");
    expect(set, JSON.stringify(set)).toMatchObject({
      status: 1,
      data: { finalPrice: "300.00", price: "330.00", priceProvisional: true },
    });
    const [audit] = await auditOf(offering.id, "ipo.finalPrice");
    expect(audit).toMatchObject({
      adminUserId: operatorMember.id,
      reason: "Book built: price discovered",
      details: { provisionalPrice: "330.00", before: null, after: "300.00" },
    });

    // Before its time the rounds change nothing.
    await moveTo(offering.priceFinalAt ?? "", -60_000);
    await t.app.tradingEngine.round();
    expect(await mine(who, offering.id)).toMatchObject({ price: "330.00", held: "3300000.00" });

    await moveTo(offering.priceFinalAt ?? "", 1000);
    await t.app.tradingEngine.round();
    // 300.00 × 10,000 = 3,000,000.00 stays blocked; 300,000.00 comes back.
    expect(await mine(who, offering.id)).toMatchObject({
      price: "300.00",
      quantity: "10000",
      amount: "3000000.00",
      held: "3000000.00",
      released: "300000.00",
      state: "applied",
    });
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "500000", held: "3000000" });
    expect(await entriesOf(t, made.id)).toEqual(["ipoPayment", "ipoRefund"]);
    const view = (await ipoCall(t, who, "offering", { offeringId: offering.id })).data as IpoOfferingDetail;
    expect(view).toMatchObject({ price: "300.00", provisionalPrice: "330.00", priceProvisional: false });

    const [fixed] = await auditOf(offering.id, "ipo.priceFixed");
    expect(fixed).toMatchObject({
      actor: "system",
      adminUserId: null,
      reason: ON_TIME.price,
      details: {
        provisionalPrice: "330.00",
        finalPrice: "300.00",
        setByStaff: true,
        change: "-9.09",
        warned: 0,
        blocked: "0.00",
        released: "300000.00",
      },
    });
    // −9.09 % is within the 10 % warning: no message.
    expect(await kinds(who)).not.toContain("ipoPriceMoved");
    // Staff are too late now, and a second round does nothing twice.
    expect(await finalPrice(offering.id, "310.00")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    await t.app.tradingEngine.round();
    expect(await auditOf(offering.id, "ipo.priceFixed")).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("on a rise blocks the extra, reduces or fails what the balance cannot cover, and warns above the threshold", async () => {
    const offering = await provisional({ subscriptionLimit: 2 });
    const covered = await subscriber(t, "4000000.00");
    const short = await subscriber(t, "4000000.00");
    const none = await subscriber(t, "3300000.00");
    const large = await subscriber(t, "6600000.00");
    const a = await subscribeOk(t, covered, offering.id, "10000");
    await subscribeOk(t, short, offering.id, "12000");
    const c = await subscribeOk(t, none, offering.id, "10000");
    const d = await subscribeOk(t, large, offering.id, "20000");
    expect(await finalPrice(offering.id, "370.00")).toMatchObject({ status: 1 });

    await moveTo(offering.priceFinalAt ?? "", 1000);
    await t.app.tradingEngine.round();

    // 370.00 × 10,000 = 3,700,000.00: 400,000.00 more blocked out of 700,000.00 available.
    expect(await mine(covered, offering.id)).toMatchObject({ quantity: "10000", held: "3700000.00" });
    expect(await walletOf(t, covered.userId, "INR")).toMatchObject({ available: "300000", held: "3700000" });
    expect(await entriesOf(t, a.id)).toEqual(["ipoPayment", "ipoPayment"]);
    // 4,000,000.00 in all pays 10,810 shares at 370.00 (3,999,700.00): 39,700.00 more blocked.
    expect(await mine(short, offering.id)).toMatchObject({
      quantity: "10810",
      held: "3999700.00",
      state: "applied",
    });
    expect(await walletOf(t, short.userId, "INR")).toMatchObject({ available: "300", held: "3999700" });
    // 3,300,000.00 pays 8,918 shares, under the 10,000 minimum: failed, everything back.
    expect(await mine(none, offering.id)).toMatchObject({
      state: "failed",
      held: "0.00",
      released: "3300000.00",
    });
    expect(await walletOf(t, none.userId, "INR")).toMatchObject({ available: "3300000", held: "0" });
    expect(await entriesOf(t, c.id)).toEqual(["ipoPayment", "ipoRefund"]);
    // 6,600,000.00 held pays 17,837 shares (6,599,690.00): reduced, and 310.00 released.
    expect(await mine(large, offering.id)).toMatchObject({
      quantity: "17837",
      held: "6599690.00",
      released: "310.00",
    });
    expect(await walletOf(t, large.userId, "INR")).toMatchObject({ available: "310", held: "6599690" });
    expect(await entriesOf(t, d.id)).toEqual(["ipoPayment", "ipoRefund"]);

    // +12.12 % is beyond 10 %: every subscriber is warned; the reduced and the failed are told why.
    expect(await kinds(covered)).toEqual(["ipoPriceMoved"]);
    expect(await kinds(short)).toEqual(["ipoPriceReduced", "ipoPriceMoved"]);
    expect(await kinds(none)).toEqual(["ipoPriceFailed", "ipoPriceMoved"]);
    expect(await kinds(large)).toEqual(["ipoPriceReduced", "ipoPriceMoved"]);
    const [moved] = await inbox(t, covered.userId);
    expect(moved?.params).toMatchObject({
      symbol: SYMBOL,
      currency: "INR",
      provisionalPrice: "330.00",
      finalPrice: "370.00",
      change: "+12.12",
      quantity: "10000",
      held: "3700000.00",
    });
    expect((await inbox(t, short.userId))[0]?.params).toMatchObject({
      quantity: "12000",
      reducedTo: "10810",
      finalPrice: "370.00",
      held: "3999700.00",
    });
    expect((await inbox(t, none.userId))[0]?.params).toMatchObject({
      quantity: "10000",
      minShares: "10000",
      released: "3300000.00",
    });
    const [fixed] = await auditOf(offering.id, "ipo.priceFixed");
    expect(fixed?.details).toMatchObject({
      change: "+12.12",
      warned: 4,
      subscriptions: 4,
      reduced: 2,
      failed: 1,
      blocked: "439700.00",
      released: "3300310.00",
    });
    // A subscription made now blocks at the final price.
    const late = await subscriber(t, "3700000.00");
    expect(await subscribeOk(t, late, offering.id)).toMatchObject({ held: "3700000.00", price: "370.00" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("warns only above the threshold: exactly 10 % is not, and the setting moves it", async () => {
    const exact = await provisional();
    const who = await subscriber(t, "4000000.00");
    await subscribeOk(t, who, exact.id);
    // The provisional price stands when staff set none; 363.00 is +10.00 %.
    expect(await finalPrice(exact.id, "363.00")).toMatchObject({ status: 1 });
    const other = await provisional();
    const reader = await subscriber(t, "4000000.00");
    const price = other.price;
    await subscribeOk(t, reader, other.id);
    await setSetting(t.database.db, "offering.finalPriceWarnAbove", "0", operatorMember.id, t.clock.now());
    try {
      // Nothing set for `other`: its provisional price becomes final unchanged, no block moves.
      await moveTo(exact.priceFinalAt ?? "", 1000);
      await t.app.tradingEngine.round();
    } finally {
      await setSetting(
        t.database.db,
        "offering.finalPriceWarnAbove",
        "0.1",
        operatorMember.id,
        t.clock.now(),
      );
    }
    // With the warning at 0, +10 % warns; the unchanged price does not, even at 0.
    expect(await mine(who, exact.id)).toMatchObject({ held: "3630000.00" });
    expect(await kinds(who)).toEqual(["ipoPriceMoved"]);
    expect(await mine(reader, other.id)).toMatchObject({ price, state: "applied" });
    expect(await kinds(reader)).toEqual([]);
    const [fixed] = await auditOf(other.id, "ipo.priceFixed");
    expect(fixed?.details).toMatchObject({ setByStaff: false, change: "0.00", warned: 0, blocked: "0.00" });

    const third = await provisional();
    const quiet = await subscriber(t, "40000000.00");
    await subscribeOk(t, quiet, third.id);
    expect(await finalPrice(third.id, "363.00")).toMatchObject({ status: 1 });
    await moveTo(third.priceFinalAt ?? "", 1000);
    await t.app.tradingEngine.round();
    // At the default 10 %, exactly 10 % is not beyond it.
    expect(await kinds(quiet)).toEqual([]);
  });

  it("keeps the root and the draw waiting for the final price", async () => {
    const closesAt = later(DAY);
    const offering = await provisional({ priceFinalAt: closesAt, drawAt: closesAt });
    const who = await subscriber(t, "3300000.00");
    const made = await subscribeOk(t, who, offering.id);
    // Closed and due to draw, the price not yet made final (no round ran): no draw, no root, no proof.
    await moveTo(closesAt, 1000);
    expect(await step(t, operator, "draw", offering.id)).toMatchObject({ code: "NOT_YET_OPEN" });
    expect(await ipoCall(t, who, "proof", { subscriptionId: made.id })).toMatchObject({
      code: "NOT_YET_OPEN",
    });
    // The first round makes the price final, the next seals, well before the beacon round.
    await t.app.tradingEngine.round();
    await t.app.tradingEngine.round();
    const sealed = (await ipoCall(t, who, "offering", { offeringId: offering.id })).data as IpoOfferingDetail;
    expect(sealed.priceProvisional).toBe(false);
    expect(sealed.applicationsRoot).not.toBeNull();
    expect(Date.parse(sealed.rootPublishedAt ?? "")).toBeLessThan(Date.parse(offering.beacon?.roundAt ?? ""));
    await moveTo(offering.beacon?.roundAt ?? "", 1000);
    await t.app.tradingEngine.round();
    expect(await mine(who, offering.id)).toMatchObject({ state: "awaitingPayment", held: "3300000.00" });
  });

  it("makes the price final once under concurrent steps", async () => {
    const offering = await provisional();
    const who = await subscriber(t, "4000000.00");
    await subscribeOk(t, who, offering.id);
    // Two concurrent settings by staff are taken one after the other: the later one stands.
    const [first, second] = await Promise.all([
      finalPrice(offering.id, "350.00"),
      finalPrice(offering.id, "360.00"),
    ]);
    expect([first?.status, second?.status]).toEqual([1, 1]);
    expect(await auditOf(offering.id, "ipo.finalPrice")).toHaveLength(2);
    // The one that committed last stands; on a frozen clock both audit rows carry one instant, so the
    // offering itself says which.
    const [stood] = await t.database.db
      .select({ price: ipoOfferings.finalPrice })
      .from(ipoOfferings)
      .where(eq(ipoOfferings.id, offering.id));
    const after = money(stood?.price ?? "0").toFixed(2);
    expect(["350.00", "360.00"]).toContain(after);

    await moveTo(offering.priceFinalAt ?? "", 1000);
    const lifecycle = lifecycleOf(t.app);
    const steps = await Promise.allSettled([
      lifecycle.priceFixed("system", { id: offering.id, reason: ON_TIME.price }),
      lifecycle.priceFixed("system", { id: offering.id, reason: ON_TIME.price }),
    ]);
    expect(steps.map((s) => s.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = steps.find((s) => s.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "ORDER_STATE_INVALID" });
    const held = after === "350.00" ? "3500000.00" : "3600000.00";
    expect(await mine(who, offering.id)).toMatchObject({ price: after, held });
    expect(await auditOf(offering.id, "ipo.priceFixed")).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe("ipos/finalPrice and the save's provisional price", () => {
  it("refuses a malformed body, an unknown offering, a price off scale, a final one, and a user's token", async () => {
    const offering = await provisional();
    for (const body of [
      { id: offering.id, price: "abc", reason: "Priced" },
      { id: "not-a-uuid", price: "300.00", reason: "Priced" },
      { id: offering.id, price: "300.00" },
      { id: offering.id, price: 300, reason: "Priced" },
    ])
      expect(await ipoAdmin(t, operator, "finalPrice", body), JSON.stringify(body)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
      });
    expect(await finalPrice(offering.id, "-1")).toMatchObject({ code: "PRICE_NOT_POSITIVE" });
    expect(await finalPrice(offering.id, "300.001")).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "price" },
    });
    expect(await finalPrice("0b0e4a1c-8d1e-4f4a-9a55-3c9d5f0e7a11", "300.00")).toMatchObject({
      code: "NOT_FOUND",
    });
    // An offering whose price was final from the start has no final price to set.
    const fixed = await createOffering(t, operator);
    expect(fixed).toMatchObject({ provisionalPrice: null, priceFinalAt: null, priceProvisional: false });
    expect(await finalPrice(fixed.id, "300.00")).toMatchObject({ code: "ORDER_STATE_INVALID" });
    // A user's session does not open the back office.
    const who = await subscriber(t);
    const answer = await adminCall(
      t.app,
      "ipos/finalPrice",
      { id: offering.id, price: "300.00", reason: "Priced" },
      who.session.headers,
    );
    expect(answer).toMatchObject({ status: 0, code: "UNAUTHORIZED" });
    const view = (await ipoAdmin(t, operator, "offerings", {})).data as { items: AdminIpoOffering[] };
    expect(view.items.find((o) => o.id === offering.id)).toMatchObject({ finalPrice: null });
    expect(await auditOf(offering.id, "ipo.finalPrice")).toEqual([]);
  });

  it("refuses a provisional price final after the close or before now", async () => {
    const afterClose = await ipoAdmin(
      t,
      operator,
      "save",
      offeringBody(t, { priceFinalAt: later(DAY + HOUR) }),
    );
    expect(afterClose).toMatchObject({ code: "INVALID_INPUT", params: { field: "priceFinalAt" } });
    const past = await ipoAdmin(t, operator, "save", offeringBody(t, { priceFinalAt: later(-HOUR) }));
    expect(past).toMatchObject({ code: "INVALID_INPUT", params: { field: "priceFinalAt" } });
  });
});
