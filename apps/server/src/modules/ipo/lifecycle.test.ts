import type {
  AdminIpoOffering,
  AdminIpoSubscriptionPage,
  IpoDrawRecord,
  IpoSubscription,
  TradeOrder,
} from "@brokerage/api";
import { applicationLeaf, drawRank } from "@brokerage/core";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type TestApp } from "../../../test/helper.js";
import { auditLog, ipoOfferings, journalEntries } from "../../db/schema/index.js";
import { DAY, HOUR } from "../../lib/clock.js";
import { listedSymbols } from "./boards.js";
import { verifyRecord } from "./draw.js";
import { inbox } from "../day-trading/testing.js";
import { createStaff, expectOneAuditRow, type StaffLogin, type StaffMember } from "../staff/testing.js";
import {
  PriceBoard,
  fund,
  newKey as tradeKey,
  setUpTradingApp,
  trade,
  walletOf,
  type Trader,
} from "../trading/testing.js";
import {
  MIN_COST,
  PRICE,
  SYMBOL,
  createOffering,
  entriesOf,
  ipoAdmin,
  ipoCall,
  login,
  offeringBody,
  pay,
  step,
  subscribeOk,
  subscriber,
  subscriptionRows,
  waive,
} from "./testing.js";

/** The back office's draw, listing and cancellation, and the winners' payment and waiver, over HTTP. */
const board = new PriceBoard();
let t: TestApp;
let operatorMember: StaffMember;
let supportMember: StaffMember;
let operator: StaffLogin;
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  board.set(SYMBOL, "372.60");
  operatorMember = await createStaff(t.database.db, "operator");
  supportMember = await createStaff(t.database.db, "support");
  operator = await login(t, operatorMember);
});

/** Moves the clock to `iso` (plus `offset`) and logs the operator in again (staff sessions idle out). */
async function moveTo(iso: string, offset = 0) {
  t.clock.set(new Date(Date.parse(iso) + offset).toISOString());
  operator = await login(t, operatorMember);
}

async function stepOk(action: string, id: string, reason = "As scheduled"): Promise<AdminIpoOffering> {
  const answer = await step(t, operator, action, id, reason);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdminIpoOffering;
}

const auditOf = (action: string, offeringId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `ipo:${offeringId}`))
    .orderBy(asc(auditLog.createdAt))
    .then((rows) => rows.filter((r) => r.action === action));

async function mineOf(who: Trader, offeringId: string): Promise<IpoSubscription[]> {
  const answer = await ipoCall(t, who, "mine", { offeringId });
  return (answer.data as { items: IpoSubscription[] }).items;
}

/** Five users subscribe 10,000 each to 30,000 shares; the offering is drawn: three win. */
async function drawnOffering(overrides: Record<string, unknown> = {}) {
  const offering = await createOffering(t, operator, { totalShares: "30000", ...overrides });
  const users: Trader[] = [];
  for (let i = 0; i < 5; i++) users.push(await subscriber(t, MIN_COST));
  const subscriptions: IpoSubscription[] = [];
  for (const who of users) subscriptions.push(await subscribeOk(t, who, offering.id));
  await moveTo(offering.drawAt);
  const drawn = await stepOk("draw", offering.id, "Lottery day");
  const all = await Promise.all(users.map(async (who) => (await mineOf(who, offering.id))[0]));
  const winners = users.filter((_, i) => all[i]?.state === "awaitingPayment");
  const losers = users.filter((_, i) => all[i]?.state === "notWon");
  const subscriptionOf = (who: Trader) => all[users.indexOf(who)] as IpoSubscription;
  return { offering, drawn, users, subscriptions, winners, losers, subscriptionOf };
}

describe("the draw", () => {
  it("is refused before its draw date and to a support role; then it can be repeated from the published record", async () => {
    const offering = await createOffering(t, operator, { totalShares: "30000" });
    const users: Trader[] = [];
    for (let i = 0; i < 5; i++) users.push(await subscriber(t, MIN_COST));
    const subscriptions: IpoSubscription[] = [];
    for (const who of users) subscriptions.push(await subscribeOk(t, who, offering.id));
    expect(await step(t, operator, "draw", offering.id)).toMatchObject({ status: 0, code: "NOT_YET_OPEN" });
    // Closed but before the announced draw date: still too early.
    await moveTo(offering.closesAt);
    expect(await step(t, operator, "draw", offering.id)).toMatchObject({ code: "NOT_YET_OPEN" });

    await moveTo(offering.drawAt);
    const support = await login(t, supportMember);
    expect(await step(t, support, "draw", offering.id)).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
    const drawn = await stepOk("draw", offering.id, "Lottery day");
    expect(drawn).toMatchObject({
      status: "drawn",
      winRate: "60.00",
      drawnAt: t.clock.now().toISOString(),
      subscriptionCount: 5,
      counts: {
        applied: 0,
        notWon: 2,
        awaitingPayment: 3,
        paid: 0,
        listed: 0,
        waived: 0,
        failed: 0,
      },
    });
    // Anyone can repeat the draw from its published record (the rule is India's lottery: one lot each).
    const record = (await ipoCall(t, users[0] as Trader, "drawRecord", { offeringId: offering.id }))
      .data as IpoDrawRecord;
    expect(verifyRecord(record).ok).toBe(true);
    const repeated = new Map(record.applications.map((a) => [a.id, a]));
    expect(record.applications.filter((a) => a.allotted === "10000")).toHaveLength(3);
    for (const [i, who] of users.entries()) {
      const id = subscriptions[i]?.id as string;
      const [mine] = await mineOf(who, offering.id);
      const won = repeated.get(id)?.allotted === "10000";
      const published = repeated.get(id) as IpoDrawRecord["applications"][number];
      const leaf = applicationLeaf({ ...published, quantity: BigInt(published.quantity) });
      expect(mine).toMatchObject({
        id,
        drawKey: drawRank(record.randomness, leaf),
        state: won ? "awaitingPayment" : "notWon",
        allotted: won ? "10000" : "0",
        amount: MIN_COST,
        held: won ? MIN_COST : "0.00",
        released: won ? "0.00" : MIN_COST,
        drawnAt: t.clock.now().toISOString(),
      });
      // A winner's block stays held for the payment; a loser's is back, exactly, by an ipoRefund.
      expect(await walletOf(t, who.userId, "INR")).toMatchObject(
        won ? { available: "0", held: "3300000" } : { available: "3300000", held: "0" },
      );
      expect(await entriesOf(t, id)).toEqual(won ? ["ipoPayment"] : ["ipoPayment", "ipoRefund"]);
      expect(await inbox(t, who.userId)).toEqual([
        won
          ? {
              kind: "ipoWon",
              params: {
                name: "Tata Capital",
                symbol: SYMBOL,
                currency: "INR",
                quantity: "10000",
                released: "0.00",
                allotted: "10000",
                amount: MIN_COST,
                paymentDueAt: offering.paymentDueAt,
                listingAt: offering.listingAt,
              },
            }
          : {
              kind: "ipoNotWon",
              params: {
                name: "Tata Capital",
                symbol: SYMBOL,
                currency: "INR",
                quantity: "10000",
                released: MIN_COST,
              },
            },
      ]);
    }
    // Users see the randomness now too.
    expect(await ipoCall(t, users[0] as Trader, "offering", { offeringId: offering.id })).toMatchObject({
      data: {
        status: "drawn",
        randomness: record.randomness,
        applicationsRoot: record.root,
        winRate: "60.00",
      },
    });
    const [audit] = await auditOf("ipo.draw", offering.id);
    expect(audit).toMatchObject({ reason: "Lottery day", actor: operatorMember.account });
    expect(audit?.details).toMatchObject({
      subscriptions: 5,
      winners: 3,
      sharesAllotted: "30000",
      root: record.root,
      randomness: record.randomness,
    });

    // Deciding twice: the second draw is refused and changes nothing.
    expect(await step(t, operator, "draw", offering.id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await auditOf("ipo.draw", offering.id)).toHaveLength(1);
  });

  it("undersubscribed, everyone wins; with nobody, it still draws at a win rate of 0", async () => {
    const offering = await createOffering(t, operator);
    const empty = await createOffering(t, operator);
    const who = await subscriber(t, "6600000.00");
    await subscribeOk(t, who, offering.id, "20000");
    await moveTo(offering.drawAt);
    expect(await stepOk("draw", offering.id)).toMatchObject({ winRate: "100.00" });
    expect(await stepOk("draw", empty.id)).toMatchObject({ winRate: "0.00", subscriptionCount: 0 });
    expect(await mineOf(who, offering.id)).toMatchObject([
      { state: "awaitingPayment", allotted: "20000", amount: "6600000.00", held: "6600000.00" },
    ]);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "0", held: "6600000" });
  });
});

describe("paying and waiving", () => {
  it("a winner pays out of the block once, before the due time; a loser cannot; another waives, and the block comes back", async () => {
    const { winners, losers, subscriptionOf } = await drawnOffering();
    const [payer, waiver, late] = winners;
    if (!payer || !waiver || !late || !losers[0]) throw new Error("three winners, two losers");
    const paid = await pay(t, payer, subscriptionOf(payer).id);
    expect(paid).toMatchObject({
      status: 1,
      data: { state: "paid", paidAt: t.clock.now().toISOString(), amount: MIN_COST },
    });
    expect(paid.data).toMatchObject({ held: MIN_COST, released: "0.00" });
    // Nothing moved: the block made at subscription pays.
    expect(await walletOf(t, payer.userId, "INR")).toMatchObject({ available: "0", held: "3300000" });
    expect(await entriesOf(t, subscriptionOf(payer).id)).toEqual(["ipoPayment"]);
    expect(await pay(t, payer, subscriptionOf(payer).id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await waive(t, payer, subscriptionOf(payer).id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await pay(t, losers[0], subscriptionOf(losers[0]).id)).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });

    expect(await walletOf(t, waiver.userId, "INR")).toMatchObject({ available: "0", held: "3300000" });
    expect(await waive(t, waiver, subscriptionOf(waiver).id)).toMatchObject({
      status: 1,
      data: { state: "waived", allotted: "10000", held: "0.00", released: MIN_COST },
    });
    expect(await pay(t, waiver, subscriptionOf(waiver).id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await walletOf(t, waiver.userId, "INR")).toMatchObject({ available: "3300000", held: "0" });
    expect(await entriesOf(t, subscriptionOf(waiver).id)).toEqual(["ipoPayment", "ipoRefund"]);

    // Past the due time the channel is closed.
    t.clock.set(subscriptionOf(late).paymentDueAt);
    expect(await pay(t, late, subscriptionOf(late).id)).toMatchObject({
      status: 0,
      code: "SUBSCRIPTION_CHANNEL_CLOSED",
    });
    expect(await walletOf(t, late.userId, "INR")).toMatchObject({ available: "0", held: "3300000" });
  });

  it("pays out of the block with nothing left available; a retry answers the first result", async () => {
    const offering = await createOffering(t, operator, { subscriptionLimit: 2 });
    const who = await subscriber(t, "6600000.00");
    const first = await subscribeOk(t, who, offering.id);
    const second = await subscribeOk(t, who, offering.id);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "0", held: "6600000" });
    await moveTo(offering.drawAt);
    await stepOk("draw", offering.id);
    const key = "pay-key-0001";
    const paid = await pay(t, who, first.id, key);
    expect(paid).toMatchObject({ status: 1 });
    expect(await pay(t, who, first.id, key)).toEqual(paid);
    expect(await pay(t, who, second.id)).toMatchObject({ status: 1, data: { state: "paid" } });
    expect(await subscriptionRows(t, who.userId)).toMatchObject([{ state: "paid" }, { state: "paid" }]);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "0", held: "6600000" });
    expect(await entriesOf(t, first.id)).toEqual(["ipoPayment"]);
    expect(await entriesOf(t, second.id)).toEqual(["ipoPayment"]);
  });

  it.each([
    ["pays", pay, { available: "6600000", held: "3300000" }, ["ipoPayment"]],
    ["waives", waive, { available: "9900000", held: "0" }, ["ipoPayment", "ipoRefund"]],
  ] as const)(
    "moves money once when the winner %s three times at once under different keys",
    async (_, act, wallet, entries) => {
      const offering = await createOffering(t, operator);
      const who = await subscriber(t, "9900000.00");
      const sub = await subscribeOk(t, who, offering.id);
      await moveTo(offering.drawAt);
      await stepOk("draw", offering.id);
      const answers = await Promise.all([1, 2, 3].map(() => act(t, who, sub.id)));
      expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 1))
        expect(refused).toMatchObject({ code: "ORDER_STATE_INVALID" });
      expect(await walletOf(t, who.userId, "INR")).toMatchObject(wallet);
      expect(await entriesOf(t, sub.id)).toEqual(entries);
    },
  );
});

describe("the cancellation", () => {
  it("fails every open subscription and releases what each holds (ipoRefund), telling each user", async () => {
    const { offering, winners, losers, subscriptionOf } = await drawnOffering();
    const [payer, unpaid] = winners;
    if (!payer || !unpaid || !losers[0]) throw new Error("winners and losers");
    await pay(t, payer, subscriptionOf(payer).id);
    const cancelled = await stepOk("cancel", offering.id, "Issuer withdrew the offer");
    expect(cancelled).toMatchObject({
      status: "cancelled",
      cancelledAt: t.clock.now().toISOString(),
      counts: { failed: 3, notWon: 2 },
    });
    expect(await mineOf(payer, offering.id)).toMatchObject([{ state: "failed" }]);
    expect(await mineOf(unpaid, offering.id)).toMatchObject([{ state: "failed" }]);
    expect(await mineOf(losers[0], offering.id)).toMatchObject([{ state: "notWon" }]);
    for (const who of [payer, unpaid, losers[0]]) {
      expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "3300000", held: "0" });
      expect(await entriesOf(t, subscriptionOf(who).id)).toEqual(["ipoPayment", "ipoRefund"]);
    }
    expect((await inbox(t, payer.userId)).at(-1)).toEqual({
      kind: "ipoCancelled",
      params: { name: "Tata Capital", symbol: SYMBOL, currency: "INR", quantity: "10000", amount: MIN_COST },
    });
    expect((await inbox(t, unpaid.userId)).at(-1)).toMatchObject({
      kind: "ipoCancelled",
      params: { amount: MIN_COST },
    });
    expect((await inbox(t, losers[0].userId)).map((m) => m.kind)).toEqual(["ipoNotWon"]);
    expect(await step(t, operator, "cancel", offering.id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await pay(t, unpaid, subscriptionOf(unpaid).id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await auditOf("ipo.cancel", offering.id)).toMatchObject([
      { reason: "Issuer withdrew the offer", details: { failed: 3, refunded: 3 } },
    ]);
  });

  it("fails the subscriptions of an offering not yet drawn, which can then not be drawn", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, MIN_COST);
    await subscribeOk(t, who, offering.id);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "0", held: "3300000" });
    await stepOk("cancel", offering.id);
    expect(await mineOf(who, offering.id)).toMatchObject([
      { state: "failed", drawKey: null, held: "0.00", released: MIN_COST },
    ]);
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "3300000", held: "0" });
    await moveTo(offering.drawAt);
    expect(await step(t, operator, "draw", offering.id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
  });
});

describe("the back office's offerings", () => {
  it("saves an offering of a stock at its currency's scale, audited without the seed; edits only before it opens", async () => {
    const body = {
      symbol: "dbrx",
      price: "75.50",
      totalShares: "500000",
      minQuantity: "10000",
      maxQuantity: "100000",
      subscriptionLimit: 3,
      leadBroker: "Goldman Sachs",
      opensAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      closesAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      drawAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      paymentDueAt: new Date(t.clock.now().getTime() + 2 * DAY).toISOString(),
      listingAt: new Date(t.clock.now().getTime() + 2 * DAY).toISOString(),
      reason: "Roadshow done",
    };
    const created = await ipoAdmin(t, operator, "save", body);
    expect(created).toMatchObject({
      status: 1,
      data: {
        symbol: "DBRX",
        exchange: "NASDAQ",
        market: "US",
        currency: "USD",
        price: "75.50",
        minInvestment: "755000.00",
        status: "upcoming",
        seed: null,
        createdBy: operatorMember.account,
      },
    });
    const offering = created.data as AdminIpoOffering;
    const edited = await ipoAdmin(t, operator, "save", { ...body, id: offering.id, price: "80" });
    expect(edited).toMatchObject({
      status: 1,
      data: { id: offering.id, price: "80.00", seedHash: offering.seedHash },
    });
    const audits = await auditOf("ipo.save", offering.id);
    expect(audits.map((a) => a.details)).toMatchObject([
      { created: true, before: null, after: { price: "75.50" } },
      { created: false, before: { price: "75.50" }, after: { price: "80.00" } },
    ]);
    // The seed never leaves the database before the draw: not in the answers, not in the audit log.
    const [row] = await t.database.db
      .select({ seed: ipoOfferings.seed })
      .from(ipoOfferings)
      .where(eq(ipoOfferings.id, offering.id));
    expect(row?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([created, edited, audits])).not.toContain(row?.seed as string);

    await moveTo(body.opensAt);
    expect(await ipoAdmin(t, operator, "save", { ...body, id: offering.id })).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
  });

  it("refuses an unknown symbol, an instrument that is not a stock, a price beyond the scale and a bad window", async () => {
    const base = {
      symbol: SYMBOL,
      price: PRICE,
      totalShares: "100000",
      minQuantity: "10000",
      maxQuantity: null,
      subscriptionLimit: 1,
      leadBroker: "Kotak",
      opensAt: new Date(t.clock.now().getTime() - HOUR).toISOString(),
      closesAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      drawAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      paymentDueAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      listingAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      reason: "Check",
    };
    const save = (overrides: Record<string, unknown>) =>
      ipoAdmin(t, operator, "save", { ...base, ...overrides });
    expect(await save({ symbol: "NOPE" })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
      params: { symbol: "NOPE" },
    });
    expect(await save({ symbol: "BTCUSD" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "symbol" },
    });
    expect(await save({ price: "330.001" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "price" },
    });
    expect(await save({ price: "0" })).toMatchObject({ status: 0 });
    expect(await save({ drawAt: base.opensAt })).toMatchObject({ code: "INVALID_INPUT" });
    expect(await save({ maxQuantity: "5000" })).toMatchObject({ code: "INVALID_INPUT" });
    expect(await save({ reason: " " })).toMatchObject({ status: 0 });
    expect(
      await save({
        opensAt: new Date(t.clock.now().getTime() - 2 * DAY).toISOString(),
        closesAt: base.opensAt,
      }),
    ).toMatchObject({ code: "INVALID_INPUT", params: { field: "closesAt" } });
    expect(await save({ id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({ code: "NOT_FOUND" });
    expect(await save({ totalShares: "many" })).toMatchObject({ httpStatus: 200, code: "INVALID_INPUT" });
  });

  it("lists offerings and an offering's subscriptions with the users' accounts; a support role is refused", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, MIN_COST);
    const mine = await subscribeOk(t, who, offering.id);
    const list = await ipoAdmin(t, operator, "offerings");
    expect((list.data as { items: AdminIpoOffering[] }).items[0]).toMatchObject({
      id: offering.id,
      subscriptionCount: 1,
      subscribedShares: "10000",
      counts: { applied: 1 },
    });
    const { result: subscriptions, row } = await expectOneAuditRow(t.database.db, () =>
      ipoAdmin(t, operator, "subscriptions", { id: offering.id }),
    );
    expect((subscriptions.data as AdminIpoSubscriptionPage).items).toEqual([
      { ...mine, userId: who.userId, account: who.session.account },
    ]);
    // Each subscription is a user's money: the page is a staff read naming its users.
    expect(row).toMatchObject({
      actor: operator.account,
      action: "read.ipoSubscriptions",
      target: `ipo:${offering.id}`,
      details: { users: [who.userId] },
    });
    const support = await login(t, supportMember);
    for (const action of ["offerings", "save", "subscriptions", "draw", "listing", "cancel"])
      expect(await ipoAdmin(t, support, action, { id: offering.id, reason: "x" })).toMatchObject({
        httpStatus: 403,
        code: "FORBIDDEN",
      });
    // A user's session never opens the back office.
    expect(
      await ipoAdmin(t, { token: "", account: "", headers: who.session.headers }, "offerings"),
    ).toMatchObject({ httpStatus: 401 });
  });
});

describe("money at the currency's scale", () => {
  it("a won offering pays in won (no decimals)", async () => {
    const offering = await createOffering(t, operator, { symbol: "TOSS", price: "60000" });
    const who = await subscriber(t);
    await fund(t, who.userId, "KRW", "600000000");
    const sub = await subscribeOk(t, who, offering.id);
    expect(sub).toMatchObject({ currency: "KRW", price: "60000", amount: "600000000", held: "600000000" });
    expect(await walletOf(t, who.userId, "KRW")).toMatchObject({ available: "0", held: "600000000" });
    await moveTo(offering.drawAt);
    await stepOk("draw", offering.id);
    expect(await pay(t, who, sub.id)).toMatchObject({
      status: 1,
      data: { state: "paid", amount: "600000000" },
    });
    expect(await walletOf(t, who.userId, "KRW")).toMatchObject({ available: "0", held: "600000000" });
    await stepOk("cancel", offering.id);
    expect(await walletOf(t, who.userId, "KRW")).toMatchObject({ available: "600000000", held: "0" });
  });
});

describe("the listing", () => {
  // Last in this file: once TATACAP has listed, no offering of it can be made.
  it("is refused before the draw", async () => {
    const offering = await createOffering(t, operator);
    await moveTo(offering.listingAt);
    expect(await step(t, operator, "listing", offering.id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
  });

  it("opens each paid allotment as a position of kind ipo, waives the unpaid, and the position trades like any other", async () => {
    const { offering, winners, losers, subscriptionOf } = await drawnOffering();
    const [payer, unpaid] = winners;
    if (!payer || !unpaid || !losers[0]) throw new Error("winners and losers");
    // Still on the subscription board: the share does not trade yet.
    const buyOne = { symbol: SYMBOL, direction: "long", priceType: "market", quantity: "1", leverage: 1 };
    expect(await trade(t, payer, "placeOrder", { idempotencyKey: tradeKey(), ...buyOne })).toMatchObject({
      code: "NOT_YET_OPEN",
    });
    await pay(t, payer, subscriptionOf(payer).id);
    expect(await step(t, operator, "listing", offering.id)).toMatchObject({ code: "NOT_YET_OPEN" });

    await moveTo(offering.listingAt);
    const listed = await stepOk("listing", offering.id, "Listed on NSE");
    expect(listed).toMatchObject({
      status: "listed",
      listedAt: t.clock.now().toISOString(),
      counts: { listed: 1, waived: 2, notWon: 2, paid: 0, awaitingPayment: 0 },
    });
    const [mine] = await mineOf(payer, offering.id);
    expect(mine).toMatchObject({ state: "listed", listedAt: t.clock.now().toISOString(), held: "0.00" });
    const orderId = mine?.orderId as string;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await mineOf(unpaid, offering.id)).toMatchObject([
      { state: "waived", orderId: null, held: "0.00", released: MIN_COST },
    ]);
    // The lapsed allotment's block is back, in the listing's transaction.
    expect(await walletOf(t, unpaid.userId, "INR")).toMatchObject({ available: "3300000", held: "0" });
    expect(await entriesOf(t, subscriptionOf(unpaid).id)).toEqual(["ipoPayment", "ipoRefund"]);
    const told = await inbox(t, unpaid.userId);
    expect(told.map((m) => m.kind)).toEqual(["ipoWon", "ipoWaived"]);
    expect(told[1]?.params).toMatchObject({
      allotted: "10000",
      released: MIN_COST,
      paymentDueAt: offering.paymentDueAt,
    });
    expect(await mineOf(losers[0], offering.id)).toMatchObject([{ state: "notWon" }]);
    expect(await walletOf(t, payer.userId, "INR")).toMatchObject({
      available: "0",
      held: "0",
      margin: "3300000",
    });
    const booked = await t.database.db
      .select({ type: journalEntries.type })
      .from(journalEntries)
      .where(eq(journalEntries.reference, `trade:${orderId}`));
    expect(booked.map((e) => e.type)).toEqual(["tradeMargin"]);
    expect((await inbox(t, payer.userId)).map((m) => m.kind)).toEqual(["ipoWon", "ipoListed"]);
    expect((await inbox(t, payer.userId))[1]?.params).toEqual({
      name: "Tata Capital",
      symbol: SYMBOL,
      currency: "INR",
      quantity: "10000",
      allotted: "10000",
      price: PRICE,
      amount: MIN_COST,
      listingAt: t.clock.now().toISOString(),
    });

    // The position, through the trade endpoints.
    const position: Partial<TradeOrder> = {
      id: orderId,
      kind: "ipo",
      symbol: SYMBOL,
      exchange: "NSE",
      currency: "INR",
      direction: "long",
      priceType: "market",
      state: "open",
      quantity: "10000",
      leverage: 1,
      margin: MIN_COST,
      openFee: "0.00",
      openPrice: PRICE,
      lockedUntil: null,
    };
    const positions = await trade(t, payer, "positions", { tab: "inProgress" });
    expect((positions.data as { items: TradeOrder[] }).items).toEqual([expect.objectContaining(position)]);
    expect(await trade(t, payer, "positionDetail", { id: orderId })).toMatchObject({
      status: 1,
      data: { ...position, pnl: "426000.00" },
    });
    // Stops may be set on it, and it closes at the market price: (372.60 − 330) × 10,000 = 426,000.
    expect(
      await trade(t, payer, "setStops", { positionId: orderId, stopLoss: "300.00", takeProfit: null }),
    ).toMatchObject({ status: 1 });
    const closed = await trade(t, payer, "closePosition", {
      positionId: orderId,
      idempotencyKey: tradeKey(),
    });
    expect(closed).toMatchObject({ status: 1, data: { state: "closed", closePrice: "372.60" } });
    expect(Number((await walletOf(t, payer.userId, "INR")).margin)).toBe(0);
    // Listed, the share has moved to the listed board (this process heard it on the bus; another reads it
    // at start): it trades like any other, and the market's lists show it among the listed.
    await expect
      .poll(
        async () => (await trade(t, payer, "placeOrder", { idempotencyKey: tradeKey(), ...buyOne })).status,
      )
      .toBe(1);
    expect(t.app.market.listing(SYMBOL)).toMatchObject({ board: "listed" });
    expect(await listedSymbols(t.database.db)).toContain(SYMBOL);
    // The market's lists follow: not on the subscription board any more, among the listed.
    const board = async (name: string) => {
      const answer = await call(t.app, "market/list", { type: "inr", board: name, pageSize: 100 });
      return (answer.data as { items: { code: string }[] }).items.map((q) => q.code);
    };
    expect(await board("subscription")).not.toContain(SYMBOL);
    expect(await board("listed")).toContain(SYMBOL);
    // A listed share has no second new-share offering.
    expect(await ipoAdmin(t, operator, "save", offeringBody(t))).toMatchObject({
      status: 0,
      code: "IPO_ALREADY_LISTED",
      params: { symbol: SYMBOL },
    });

    // Listed: neither listed again nor cancelled.
    expect(await step(t, operator, "listing", offering.id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await step(t, operator, "cancel", offering.id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await auditOf("ipo.listing", offering.id)).toMatchObject([
      { reason: "Listed on NSE", details: { listed: 1, waived: 2 } },
    ]);
  });
});
