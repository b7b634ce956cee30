import type { TradeOrder } from "@brokerage/api";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Answer, TestApp } from "../../../test/helper.js";
import { hold } from "@brokerage/core";
import { rowsOf } from "../../db/index.js";
import { idempotencyKeys, journalEntries, users } from "../../db/schema/index.js";
import { Batcher } from "../../lib/batcher.js";
import { approved } from "../day-trading/testing.js";
import { book } from "../ledger/index.js";
import { until, watchLedger, type LedgerWatch } from "../ledger/testing.js";
import { createStaff, staffLogin } from "../staff/testing.js";
import { referenceOf } from "./money.js";
import {
  PriceBoard,
  newKey,
  orderRows,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  walletOf,
  type Trader,
} from "./testing.js";

/**
 * Placing orders through the ledger's one write path for money calls (`MoneyCalls`, ledger/calls.ts;
 * trading's `placingFeature`), through `trade/placeOrder`: alone and in batches, with its answers,
 * refusals and idempotency. Batches are made by holding the batch in flight (PLACE_BATCHES: one at a time)
 * at the database, so that the orders sent meanwhile go to it together; the key claims
 * (`ledger_claim_keys`) and bookings (`ledger_book_calls`) tell the batches' sizes. The ledger checks clean
 * after each test (setUpTradingApp).
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));
afterEach(() => vi.restoreAllMocks());

const market = {
  symbol: "BTCUSD",
  direction: "long",
  priceType: "market",
  quantity: "1",
  leverage: 1,
} as const;

/** A trader with money who has placed one order already (1 lot at $100: 100.10 paid). */
async function warmTrader(amount: string): Promise<Trader> {
  board.set("BTCUSD", "100.00");
  const who = await trader(t, { currency: "USD", amount });
  await placeOk(t, who, market);
  return who;
}

/** Every write of an order's row while `run` runs, in the order made (a trigger, dropped after). */
async function orderRowWrites(run: () => Promise<void>): Promise<{ op: string; id: string }[]> {
  const { db } = t.database;
  await db.execute(sql`create table order_row_writes (n serial, op text, id uuid)`);
  await db.execute(sql`create function order_row_written() returns trigger language plpgsql as $$
    begin insert into order_row_writes (op, id) values (tg_op, new.id); return null; end $$`);
  await db.execute(sql`create trigger order_row_written after insert or update on trade_orders
    for each row execute function order_row_written()`);
  try {
    await run();
    return rowsOf(await db.execute(sql`select op, id from order_row_writes order by n`));
  } finally {
    await db.execute(sql`drop trigger order_row_written on trade_orders`);
    await db.execute(sql`drop function order_row_written()`);
    await db.execute(sql`drop table order_row_writes`);
  }
}

/** The first journal entry booked for an order. */
async function firstEntry(orderId: string) {
  const [entry] = await t.database.db
    .select({ id: journalEntries.id, type: journalEntries.type })
    .from(journalEntries)
    .where(eq(journalEntries.reference, referenceOf(orderId)))
    .orderBy(asc(journalEntries.id))
    .limit(1);
  return entry;
}

/** Whether the user's key is stored (claimed, or answered). */
async function keyStored(who: Trader, key: string): Promise<boolean> {
  const rows = await t.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, `user:${who.userId}`), eq(idempotencyKeys.key, key)));
  return rows.length > 0;
}

const outcome = (a: Answer) => (a.status === 1 ? (a.data as TradeOrder).state : a.code);

/**
 * Sends the orders of `send` while the batch in flight (another user's order) is held at the database,
 * so that they reach it together, in one batch and in the order of `send`, once released. Answers their answers and the statements
 * watched (the blocker's batch first).
 */
async function inOneBatch(
  send: (() => Promise<Answer>)[],
): Promise<{ answers: Answer[]; watch: LedgerWatch }> {
  const other = await warmTrader("1000.00");
  const watch = watchLedger(t.database.db);
  const submit = vi.spyOn(Batcher.prototype, "submit");
  watch.hold();
  const blocker = trade(t, other, "placeOrder", { ...market, idempotencyKey: newKey() });
  await until(() => watch.held() === 1);
  // One at a time to the batcher, so the batch has them in the order sent (requests sent at once may
  // overtake one another on their way through the HTTP layer).
  const together: Promise<Answer>[] = [];
  for (const s of send) {
    together.push(s());
    await until(() => submit.mock.calls.length === 1 + together.length);
  }
  watch.release("all");
  const answers = await Promise.all(together);
  expect(await blocker).toMatchObject({ status: 1 });
  expect(watch.strays()).toBe(0);
  return { answers, watch };
}

describe("placing an order, a batch of one", () => {
  it("opens a market order and holds a limit order, with its answer stored under its key", async () => {
    const who = await warmTrader("1000.00");
    const watch = watchLedger(t.database.db);
    const key = newKey();
    // 2 lots at $100, 1×: margin 200.00, fee 0.20 (0.1 %).
    const answer = await trade(t, who, "placeOrder", { ...market, quantity: "2", idempotencyKey: key });
    expect(answer).toMatchObject({ status: 1, data: { state: "open", margin: "200.00", openFee: "0.20" } });
    const order = answer.data as TradeOrder;
    expect(order.orderNo).toMatch(/^T\d{10,}$/);
    const detail = await trade(t, who, "positionDetail", { id: order.id });
    expect(detail.data).toMatchObject({ orderNo: order.orderNo, state: "open", openPrice: order.openPrice });
    const [row] = (await orderRows(t, who.userId)).filter((r) => r.id === order.id);
    expect(row?.openEntryId).not.toBeNull();
    // The same key again: the same answer, nothing moved twice; with another request: a conflict.
    expect(await trade(t, who, "placeOrder", { ...market, quantity: "2", idempotencyKey: key })).toEqual(
      answer,
    );
    expect(
      await trade(t, who, "placeOrder", { ...market, quantity: "3", idempotencyKey: key }),
    ).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });

    const limit = await placeOk(t, who, { ...market, priceType: "limit", price: "90" });
    expect(limit).toMatchObject({ state: "pending", margin: "90.00" });
    const [held] = (await orderRows(t, who.userId)).filter((r) => r.id === limit.id);
    expect(held?.holdEntryId).not.toBeNull();
    expect(await trade(t, who, "cancelOrder", { orderId: limit.id })).toMatchObject({ status: 1 });
    // Four money calls, each a batch of one; the two repeats answered at the claim. (The cancel books
    // on its own, without a key.)
    expect(watch.claims).toEqual([1, 1, 1, 1]);
    expect(watch.bookings).toEqual([1, 1, 1]);
    // 1000 − (100 + 0.10) − (200 + 0.20), the limit order's hold given back.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "699.7", held: "0" });
    expect(await orderRows(t, who.userId)).toHaveLength(3);
  });

  it("refuses the account's flags in their order, writing nothing and leaving the key free", async () => {
    const who = await warmTrader("150.00");
    const watch = watchLedger(t.database.db);
    const before = (await orderRows(t, who.userId)).length;
    const flag = (flags: Partial<typeof users.$inferInsert>) =>
      t.database.db.update(users).set(flags).where(eq(users.id, who.userId));
    const keys: string[] = [];
    const place = () => {
      keys.push(newKey());
      return trade(t, who, "placeOrder", { ...market, idempotencyKey: keys.at(-1) });
    };

    await flag({ disabled: true, frozen: true, tradeBanned: true });
    expect(await place()).toMatchObject({ code: "ACCOUNT_DISABLED" });
    await flag({ disabled: false });
    expect(await place()).toMatchObject({ code: "ACCOUNT_FROZEN" });
    await flag({ frozen: false });
    expect(await place()).toMatchObject({ code: "TRADE_BANNED" });
    await flag({ tradeBanned: false, fundPasswordHash: null });
    expect(await place()).toMatchObject({ code: "FUND_PASSWORD_NOT_SET" });
    // The account's refusals come before the order's own: an order the market would refuse is told the
    // account's refusal first.
    board.set("BTCUSD", { close: "100.00", missing: true });
    expect(await place()).toMatchObject({ code: "FUND_PASSWORD_NOT_SET" });
    board.set("BTCUSD", "100.00");
    expect(watch.claims).toEqual([1, 1, 1, 1, 1]);
    expect(watch.bookings).toEqual([]);
    expect(await orderRows(t, who.userId)).toHaveLength(before);
    for (const key of keys) expect(await keyStored(who, key), key).toBe(false);
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "49.9", margin: "100" });
  });

  it("refuses more than the balance with the available amount, and a key refused is free again", async () => {
    const who = await warmTrader("150.00");
    const watch = watchLedger(t.database.db);
    const before = (await orderRows(t, who.userId)).length;
    const key = newKey();
    // 49.90 left; 1 lot costs 100.10.
    expect(await trade(t, who, "placeOrder", { ...market, idempotencyKey: key })).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "49.90" },
    });
    expect(await orderRows(t, who.userId)).toHaveLength(before);
    expect(await keyStored(who, key)).toBe(false);
    const wallet = await walletOf(t, who.userId, "USD");
    expect(wallet).toMatchObject({ available: "49.9" });
    // Enough for the margin (its first entry), not for the fee too: the same answer, nothing written.
    board.set("BTCUSD", "49.90");
    expect(await trade(t, who, "placeOrder", { ...market, idempotencyKey: key })).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "49.90" },
    });
    expect(await orderRows(t, who.userId)).toHaveLength(before);
    expect(await walletOf(t, who.userId, "USD")).toEqual(wallet);
    expect(await keyStored(who, key)).toBe(false);
    board.set("BTCUSD", "40.00");
    expect(await trade(t, who, "placeOrder", { ...market, idempotencyKey: key })).toMatchObject({
      status: 1,
    });
    expect(await keyStored(who, key)).toBe(true);
    expect(watch.claims).toEqual([1, 1, 1]);
    expect(watch.bookings).toEqual([1, 1, 1]);
  });

  it("writes the order's row once, inserted with its link to its first entry", async () => {
    const who = await warmTrader("1000.00");
    const limit = { ...market, priceType: "limit", price: "90" } as const;
    const watch = watchLedger(t.database.db);
    const placed: TradeOrder[] = [];
    const writes = await orderRowWrites(async () => {
      placed.push(await placeOk(t, who, market), await placeOk(t, who, limit));
    });
    expect(watch.bookings).toEqual([1, 1]);
    expect(writes).toEqual(placed.map(({ id }) => ({ op: "INSERT", id })));
    // Each row links the first entry booked for it: the margin's, the hold's.
    const rows = await orderRows(t, who.userId);
    const entries = await Promise.all(placed.map(({ id }) => firstEntry(id)));
    expect(entries.map((entry) => entry?.type)).toEqual(["tradeMargin", "tradeMargin"]);
    const links = placed.map(({ id }) => {
      const row = rows.find((r) => r.id === id);
      return { state: row?.state, openEntryId: row?.openEntryId, holdEntryId: row?.holdEntryId };
    });
    expect(links).toEqual([
      { state: "open", openEntryId: entries[0]?.id, holdEntryId: null },
      { state: "pending", openEntryId: null, holdEntryId: entries[1]?.id },
    ]);
  });

  it("places a user's first order, the accounts it pays into made by the booking", async () => {
    board.set("BTCUSD", "100.00");
    const cold = await trader(t, { currency: "USD", amount: "1000.00" }); // no margin account yet
    const watch = watchLedger(t.database.db);
    const limit = await placeOk(t, cold, { ...market, priceType: "limit", price: "90" }); // no held one either
    const order = await placeOk(t, cold, market);
    expect([limit.state, order.state]).toEqual(["pending", "open"]);
    expect(watch.bookings).toEqual([1, 1]);
    expect(await walletOf(t, cold.userId, "USD")).toMatchObject({
      available: "809.81",
      held: "90.09",
      margin: "100",
    });
  });

  it("places one order for a key sent many times at once, every call answered alike", async () => {
    const who = await warmTrader("1000.00");
    const watch = watchLedger(t.database.db);
    const before = (await orderRows(t, who.userId)).length;
    const body = { ...market, idempotencyKey: newKey() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => trade(t, who, "placeOrder", body)));
    expect(answers[0]).toMatchObject({ status: 1, data: { state: "open" } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const rows = await orderRows(t, who.userId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.map((r) => r.id)).toContain((answers[0]?.data as TradeOrder).id);
    // Gathered into batches as they arrive: the key claimed once per batch, at most once per call, the
    // order booked once.
    expect(watch.claims.every((n) => n === 1)).toBe(true);
    expect(watch.claims.length).toBeGreaterThanOrEqual(1);
    expect(watch.claims.length).toBeLessThanOrEqual(10);
    expect(watch.bookings).toEqual([1]);
    // 1000 − 100.10 (the warm-up) − 100.10, once.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "799.8", margin: "200" });
  });
});

describe("orders in one batch", () => {
  it("places one user's orders of a batch in turn, each paying from what the one before left", async () => {
    const who = await warmTrader("350.00"); // 249.90 left: one lot costs 100.10
    const twice = { ...market, idempotencyKey: newKey() };
    const { answers, watch } = await inOneBatch([
      () => trade(t, who, "placeOrder", twice),
      () => trade(t, who, "placeOrder", { ...market, idempotencyKey: newKey() }),
      () => trade(t, who, "placeOrder", { ...market, idempotencyKey: newKey() }),
      () => trade(t, who, "placeOrder", twice),
    ]);
    // One batch of four calls: three keys claimed and booked in one statement each.
    expect(watch.claims).toEqual([1, 3]);
    expect(watch.bookings).toEqual([1, 3]);
    expect(answers.map(outcome)).toEqual(["open", "open", "INSUFFICIENT_AVAILABLE", "open"]);
    // The one sent twice is placed once, answered alike; the third finds what the first two left.
    expect(answers[3]).toEqual(answers[0]);
    expect(answers[2]).toMatchObject({ params: { available: "49.70" } });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "49.7" });
    expect(await orderRows(t, who.userId)).toHaveLength(3);
  });

  it("gives each order of a batch its own outcome: a refusal undoes that order alone", async () => {
    const rich = await warmTrader("1000.00");
    const poor = await warmTrader("150.00"); // 49.90 left: one lot costs 100.10
    const banned = await warmTrader("1000.00");
    await t.database.db.update(users).set({ tradeBanned: true }).where(eq(users.id, banned.userId));
    const cold = await trader(t, { currency: "USD", amount: "1000.00" }); // no margin account yet
    const twice = { ...market, idempotencyKey: newKey() };
    const poorKey = newKey();
    const bannedKey = newKey();
    const { answers, watch } = await inOneBatch([
      () => trade(t, rich, "placeOrder", { ...market, idempotencyKey: newKey() }),
      () => trade(t, poor, "placeOrder", { ...market, idempotencyKey: poorKey }),
      () => trade(t, banned, "placeOrder", { ...market, idempotencyKey: bannedKey }),
      () => trade(t, rich, "placeOrder", twice),
      () => trade(t, cold, "placeOrder", { ...market, idempotencyKey: newKey() }),
      () => trade(t, rich, "placeOrder", twice),
      () =>
        trade(t, rich, "placeOrder", {
          ...market,
          priceType: "limit",
          price: "90",
          idempotencyKey: newKey(),
        }),
    ]);
    expect(answers.map(outcome)).toEqual([
      "open",
      "INSUFFICIENT_AVAILABLE",
      "TRADE_BANNED",
      "open",
      "open",
      "open",
      "pending",
    ]);
    expect(answers[1]).toMatchObject({ params: { available: "49.90" } });
    expect(answers[5]).toEqual(answers[3]);
    // Seven calls, six keys claimed; the banned one not planned, the five others booked together.
    expect(watch.claims).toEqual([1, 6]);
    expect(watch.bookings).toEqual([1, 5]);
    expect(await keyStored(poor, poorKey)).toBe(false);
    expect(await keyStored(banned, bannedKey)).toBe(false);
    // 1000 − 100.10 (the warm-up) − 2 × 100.10 − 90.09 held.
    expect(await walletOf(t, rich.userId, "USD")).toMatchObject({ available: "609.61", held: "90.09" });
    expect(await walletOf(t, poor.userId, "USD")).toMatchObject({ available: "49.9" });
    expect(await walletOf(t, banned.userId, "USD")).toMatchObject({ available: "899.9" });
    expect(await walletOf(t, cold.userId, "USD")).toMatchObject({ available: "899.9", margin: "100" });
    expect(await orderRows(t, poor.userId)).toHaveLength(1);
    expect(await orderRows(t, banned.userId)).toHaveLength(1);
  });
});

describe("a batch of orders means what the orders one by one mean", () => {
  // The plan counts each day trade's margin against the user's allowance for the day trades after it in
  // the batch; when the booking then refuses that order (its money short), the later ones are planned again
  // without it (MoneyCalls.run), as they would have been one by one.
  it("places a user's day trades of a batch as one by one: a day trade refused for its money leaves its allowance to the next", async () => {
    const staff = await createStaff(t.database.db, "reviewer");
    const reviewer = await staffLogin(t.app, staff, "10.93.0.1");
    board.set("BTCUSD", "100.00");
    /** A day trader with an allowance of 500 USD and 300 USD available. */
    const dayTrader = async () => {
      const who = await trader(t, { currency: "USD", amount: "500.00" });
      await approved(t, reviewer, who, { amount: "500.00" });
      const { available } = await walletOf(t, who.userId, "USD");
      const extra = Number(available) - 300;
      if (extra > 0)
        await book(t.database.db, {
          entry: hold("withdrawalHold", who.userId, "USD", extra.toFixed(2)),
          userId: who.userId,
          cause: { by: "system" },
          at: t.clock.now(),
        });
      expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "300" });
      return who;
    };
    // 4 lots (margin 400, within the allowance; 400.40 to pay, more than the 300 there), then 2 lots
    // (margin 200: within what the allowance leaves while the first is not placed).
    const orders = (who: Trader) => [
      () =>
        trade(t, who, "placeOrder", { ...market, quantity: "4", dayTrade: true, idempotencyKey: newKey() }),
      () =>
        trade(t, who, "placeOrder", { ...market, quantity: "2", dayTrade: true, idempotencyKey: newKey() }),
    ];
    const alone = await dayTrader();
    const oneByOne: Answer[] = [];
    for (const place of orders(alone)) oneByOne.push(await place());
    expect(oneByOne.map(outcome)).toEqual(["INSUFFICIENT_AVAILABLE", "open"]);

    const batched = await dayTrader();
    const { answers, watch } = await inOneBatch(orders(batched));
    // The batch of two, then the second again on its own: its refusal had counted the first as done.
    expect(watch.claims).toEqual([1, 2, 1]);
    expect(answers.map(outcome)).toEqual(oneByOne.map(outcome));
  });
});
