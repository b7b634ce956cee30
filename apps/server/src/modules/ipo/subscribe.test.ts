import type { IpoOffering, IpoOfferingDetail, IpoOfferingPage, IpoSubscriptionPage } from "@brokerage/api";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { HOUR } from "../../lib/clock.js";
import { createStaff, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { PriceBoard, fund, setUpTradingApp, trader, walletOf } from "../trading/testing.js";
import { setUser } from "../withdrawals/testing.js";
import {
  MIN_COST,
  PRICE,
  SYMBOL,
  createOffering,
  entriesOf,
  ipoCall,
  login,
  newKey,
  pay,
  step,
  subscribe,
  subscribeOk,
  subscriber,
  subscriptionRows,
  waive,
} from "./testing.js";

/** `ipo/offerings`, `ipo/offering`, `ipo/subscribe`, `ipo/mine` over HTTP. */
const board = new PriceBoard();
let t: TestApp;
let operator: StaffLogin;
let operatorMember: StaffMember;
// One app on a fresh database; after each test the ledger must check clean and the clock goes back.
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  board.set(SYMBOL, "372.60");
  operatorMember = await createStaff(t.database.db, "operator");
  operator = await login(t, operatorMember);
});

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("the offerings", () => {
  it("shows an offering with the grey-market premium, its hash but never its seed, and the user's count", async () => {
    const offering = await createOffering(t, operator, { maxQuantity: "50000", subscriptionLimit: 2 });
    expect(offering).toMatchObject({ seed: null, status: "open", subscriptionCount: 0 });
    expect(offering.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const who = await subscriber(t, "7000000.00");

    const page = (await ipoCall(t, who, "offerings")).data as IpoOfferingPage;
    const listed = page.items.find((o) => o.id === offering.id);
    expect(listed).toEqual({
      id: offering.id,
      symbol: SYMBOL,
      exchange: "NSE",
      name: "Tata Capital",
      market: "IN",
      currency: "INR",
      price: PRICE,
      marketPrice: "372.60",
      priceDifference: "42.60",
      premiumRate: "12.91",
      totalShares: "100000",
      subscribedShares: "0",
      minQuantity: "10000",
      maxQuantity: "50000",
      minInvestment: MIN_COST,
      subscriptionLimit: 2,
      leadBroker: "Kotak Mahindra Capital",
      opensAt: offering.opensAt,
      closesAt: offering.closesAt,
      drawAt: offering.drawAt,
      paymentDueAt: offering.paymentDueAt,
      listingAt: offering.listingAt,
      status: "open",
      winRate: null,
      seedHash: offering.seedHash,
      seed: null,
      allocationRule: "lottery",
      lotSize: "10000",
      beacon: {
        provider: "local",
        round: expect.any(Number),
        roundAt: expect.any(String),
        independent: false,
      },
      applicationsRoot: null,
      rootPublishedAt: null,
      randomness: null,
      provisionalPrice: null,
      priceFinalAt: null,
      priceProvisional: false,
    } satisfies IpoOffering);

    const made = await subscribeOk(t, who, offering.id, "12000");
    // 330.00 × 12,000 = 3,960,000.00 is blocked at once: 3,040,000.00 stays available.
    expect(made).toMatchObject({ amount: "3960000.00", held: "3960000.00", released: "0.00" });
    const detail = (await ipoCall(t, who, "offering", { offeringId: offering.id })).data as IpoOfferingDetail;
    expect(detail).toMatchObject({
      subscribedShares: "12000",
      available: "3040000.00",
      mySubscriptions: 1,
      seed: null,
    });
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "3040000", held: "3960000" });
    expect(await entriesOf(t, made.id)).toEqual(["ipoPayment"]);
    expect(await ipoCall(t, who, "offering", { offeringId: UNKNOWN_ID })).toMatchObject({
      status: 0,
      code: "NOT_FOUND",
    });
  });

  it("hides cancelled offerings from the list but still shows one asked for", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t);
    expect(await step(t, operator, "cancel", offering.id)).toMatchObject({ status: 1 });
    const page = (await ipoCall(t, who, "offerings")).data as IpoOfferingPage;
    expect(page.items.map((o) => o.id)).not.toContain(offering.id);
    expect(await ipoCall(t, who, "offering", { offeringId: offering.id })).toMatchObject({
      status: 1,
      data: { status: "cancelled", mySubscriptions: 0 },
    });
  });

  it("answers 401 without a session", async () => {
    for (const action of ["offerings", "offering", "subscribe", "mine", "pay", "waive"])
      expect(await call(t.app, `ipo/${action}`, {})).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
  });
});

describe("ipo/subscribe", () => {
  it("refuses in the contract's order, each with its code and params", async () => {
    const later = await createOffering(t, operator, {
      opensAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      maxQuantity: "20000",
    });
    const who = await trader(t, { currency: "INR", amount: "100.00" });
    await setUser(t, who.userId, { frozen: true, tradeBanned: true });
    const ask = (offeringId: string, quantity: string) => subscribe(t, who, offeringId, quantity);
    const refusal = (code: string, params?: Record<string, string>) => ({
      httpStatus: 200,
      status: 0,
      code,
      ...(params && { params }),
    });

    expect(await ask(UNKNOWN_ID, "5.5")).toMatchObject(refusal("ACCOUNT_FROZEN"));
    await setUser(t, who.userId, { frozen: false });
    expect(await ask(UNKNOWN_ID, "5.5")).toMatchObject(refusal("TRADE_BANNED"));
    await setUser(t, who.userId, { tradeBanned: false });
    expect(await ask(UNKNOWN_ID, "5.5")).toMatchObject(refusal("KYC_REQUIRED"));
    await setUser(t, who.userId, { kycStatus: "verified" });
    expect(await ask(UNKNOWN_ID, "5.5")).toMatchObject(refusal("NOT_FOUND"));
    expect(await ask(later.id, "5.5")).toMatchObject(refusal("NOT_YET_OPEN"));
    t.clock.set(later.closesAt);
    expect(await ask(later.id, "5.5")).toMatchObject(refusal("SUBSCRIPTION_CHANNEL_CLOSED"));
    t.clock.set(new Date(Date.parse(later.opensAt) + HOUR).toISOString());
    expect(await ask(later.id, "5.5")).toMatchObject(refusal("QUANTITY_NOT_WHOLE_LOTS"));
    expect(await ask(later.id, "0")).toMatchObject(refusal("QUANTITY_NOT_WHOLE_LOTS"));
    expect(await ask(later.id, "9999")).toMatchObject(
      refusal("IPO_BELOW_MIN", { field: "quantity", minShares: "10000" }),
    );
    expect(await ask(later.id, "20001")).toMatchObject(
      refusal("IPO_ABOVE_MAX", { field: "quantity", maxShares: "20000" }),
    );
    expect(await ask(later.id, "10000")).toMatchObject(
      refusal("INSUFFICIENT_AVAILABLE", { available: "100.00" }),
    );
    await fund(t, who.userId, "INR", "3299900.00");
    await subscribeOk(t, who, later.id, "10000");
    // The limit comes before the balance: 20,000 shares would not be covered either.
    expect(await ask(later.id, "20000")).toMatchObject(refusal("IPO_LIMIT_REACHED", { limit: "1" }));
    expect(await subscriptionRows(t, who.userId)).toHaveLength(1);
  });

  it("blocks each subscription's amount, and refuses one beyond what is left available, writing nothing", async () => {
    // 57,100 USD of subscriptions against 50,454 available: the second is refused.
    const offering = await createOffering(t, operator, {
      symbol: "DBRX",
      price: "5.71",
      minQuantity: "1000",
      subscriptionLimit: 2,
    });
    const who = await subscriber(t);
    await fund(t, who.userId, "USD", "50454.00");
    const first = await subscribeOk(t, who, offering.id, "6000");
    expect(first).toMatchObject({ amount: "34260.00", held: "34260.00", released: "0.00" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "16194", held: "34260" });

    expect(await subscribe(t, who, offering.id, "4000")).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "16194.00" },
    });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "16194", held: "34260" });
    expect(await subscriptionRows(t, who.userId)).toHaveLength(1);
    expect(await entriesOf(t, first.id)).toEqual(["ipoPayment"]);
    expect(
      (await ipoCall(t, who, "offering", { offeringId: offering.id })).data as IpoOfferingDetail,
    ).toMatchObject({ available: "16194.00", mySubscriptions: 1, subscribedShares: "6000" });
    // What is left is still enough for a smaller one: 2,836 × 5.71 = 16,193.56.
    const second = await subscribeOk(t, who, offering.id, "2836");
    expect(second).toMatchObject({ held: "16193.56" });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "0.44", held: "50453.56" });
  });

  it("refuses a cancelled or drawn offering as closed", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, MIN_COST);
    await step(t, operator, "cancel", offering.id);
    expect(await subscribe(t, who, offering.id, "10000")).toMatchObject({
      code: "SUBSCRIPTION_CHANNEL_CLOSED",
    });
  });

  it("answers a retry with its key with the first subscription, and another request under it with a conflict", async () => {
    const offering = await createOffering(t, operator, { subscriptionLimit: 3 });
    const who = await subscriber(t, "9900000.00");
    const key = newKey();
    const first = await subscribe(t, who, offering.id, "10000", key);
    expect(first).toMatchObject({
      status: 1,
      data: {
        offeringId: offering.id,
        symbol: SYMBOL,
        name: "Tata Capital",
        currency: "INR",
        price: PRICE,
        quantity: "10000",
        allotted: "0",
        amount: MIN_COST,
        state: "applied",
        drawKey: null,
        createdAt: t.clock.now().toISOString(),
        drawnAt: null,
        paidAt: null,
        listedAt: null,
        orderId: null,
      },
    });
    expect((first.data as { subscriptionNo: string }).subscriptionNo).toMatch(/^S\d{10,}$/);
    expect(await subscribe(t, who, offering.id, "10000", key)).toEqual(first);
    expect(await subscribe(t, who, offering.id, "11000", key)).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    expect(await subscriptionRows(t, who.userId)).toHaveLength(1);
  });

  it("keeps to the limit when the same user subscribes five times at once", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, "99000000.00");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => subscribe(t, who, offering.id, "10000")),
    );
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 1))
      expect(refused).toMatchObject({ code: "IPO_LIMIT_REACHED", params: { limit: "1" } });
    expect(await subscriptionRows(t, who.userId)).toHaveLength(1);

    // Under one key, five at once are one subscription.
    const again = await createOffering(t, operator, { subscriptionLimit: 5 });
    const key = newKey();
    const same = await Promise.all(
      Array.from({ length: 5 }, () => subscribe(t, who, again.id, "10000", key)),
    );
    expect(same.every((a) => a.status === 1)).toBe(true);
    const ids = new Set(same.map((a) => (a.data as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(await subscriptionRows(t, who.userId)).toHaveLength(2);
    // Two subscriptions, two blocks of 3,300,000.00: the five under one key booked once.
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "92400000", held: "6600000" });
    expect(await entriesOf(t, [...ids][0] as string)).toEqual(["ipoPayment"]);
  });

  it("answers malformed bodies with INVALID_INPUT, never a 500", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, MIN_COST);
    const bodies: [string, unknown][] = [
      ["subscribe", { offeringId: "nope", quantity: "10000", idempotencyKey: newKey() }],
      // Share counts are decimal strings: a JSON number, an exponent, a sign or a count above the most is not.
      ["subscribe", { offeringId: offering.id, quantity: 10000, idempotencyKey: newKey() }],
      ["subscribe", { offeringId: offering.id, quantity: "1e4", idempotencyKey: newKey() }],
      ["subscribe", { offeringId: offering.id, quantity: "-10000", idempotencyKey: newKey() }],
      ["subscribe", { offeringId: offering.id, quantity: "10,000", idempotencyKey: newKey() }],
      ["subscribe", { offeringId: offering.id, quantity: "1000000001", idempotencyKey: newKey() }],
      ["subscribe", { offeringId: offering.id, quantity: "10000" }],
      ["subscribe", { offeringId: offering.id, quantity: 1e12, idempotencyKey: newKey() }],
      ["subscribe", { offeringId: offering.id, quantity: "10000", idempotencyKey: "short" }],
      ["offering", {}],
      ["offering", { offeringId: 7 }],
      ["offerings", { cursor: "not-a-cursor" }],
      ["mine", { offeringId: "x" }],
      ["mine", { cursor: "bm90LWEtY3Vyc29y" }],
      ["pay", { subscriptionId: "x", idempotencyKey: newKey() }],
      ["pay", { subscriptionId: UNKNOWN_ID }],
      ["waive", { idempotencyKey: newKey() }],
    ];
    for (const [action, body] of bodies)
      expect(await ipoCall(t, who, action, body), `${action} ${JSON.stringify(body)}`).toMatchObject({
        httpStatus: 200,
        status: 0,
        code: "INVALID_INPUT",
      });
  });
});

describe("ipo/mine", () => {
  it("lists the user's own subscriptions newest first, a page at a time, of one offering when asked", async () => {
    const first = await createOffering(t, operator, { subscriptionLimit: 20 });
    const second = await createOffering(t, operator, { subscriptionLimit: 20 });
    // Each subscription blocks 3,300,000.00: 22 of them.
    const who = await subscriber(t, "72600000.00");
    const other = await subscriber(t, MIN_COST);
    for (let i = 0; i < 20; i++) await subscribeOk(t, who, first.id);
    await subscribeOk(t, who, second.id);
    await subscribeOk(t, who, second.id);
    await subscribeOk(t, other, first.id);

    const one = (await ipoCall(t, who, "mine")).data as IpoSubscriptionPage;
    expect(one.items).toHaveLength(20);
    expect(one.items[0]?.offeringId).toBe(second.id);
    expect(one.nextCursor).not.toBeNull();
    const two = (await ipoCall(t, who, "mine", { cursor: one.nextCursor })).data as IpoSubscriptionPage;
    expect(two).toMatchObject({ nextCursor: null });
    expect(two.items).toHaveLength(2);
    const all = [...one.items, ...two.items];
    expect(new Set(all.map((s) => s.id)).size).toBe(22);
    const numbers = all.map((s) => s.subscriptionNo);
    expect([...numbers].sort().reverse()).toEqual(numbers);

    const ofSecond = (await ipoCall(t, who, "mine", { offeringId: second.id })).data as IpoSubscriptionPage;
    expect(ofSecond.items.map((s) => s.offeringId)).toEqual([second.id, second.id]);
    const theirs = (await ipoCall(t, other, "mine")).data as IpoSubscriptionPage;
    expect(theirs.items).toHaveLength(1);
  });

  it("gives NOT_FOUND for another user's subscription to pay or waive, and moves nothing", async () => {
    const offering = await createOffering(t, operator);
    const owner = await subscriber(t, MIN_COST);
    const intruder = await subscriber(t, MIN_COST);
    const mine = await subscribeOk(t, owner, offering.id);
    t.clock.set(offering.drawAt);
    operator = await login(t, operatorMember);
    expect(await step(t, operator, "draw", offering.id)).toMatchObject({ status: 1 });
    for (const act of [pay, waive])
      expect(await act(t, intruder, mine.id)).toMatchObject({
        status: 0,
        code: "NOT_FOUND",
        params: { field: "subscriptionId" },
      });
    expect(await subscriptionRows(t, owner.userId)).toMatchObject([{ state: "awaitingPayment" }]);
    expect(await walletOf(t, owner.userId, "INR")).toMatchObject({ available: "0", held: "3300000" });
    expect(await walletOf(t, intruder.userId, "INR")).toMatchObject({ available: "3300000", held: "0" });
  });
});
