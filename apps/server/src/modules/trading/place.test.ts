import type { TradeOrder } from "@brokerage/api";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { rowsOf } from "../../db/index.js";
import { journalEntries, users } from "../../db/schema/index.js";
import { Batcher } from "../../lib/batcher.js";
import { checkLedger } from "../ledger/index.js";
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
 * The one-statement placement (`order_place_together`, migrations 0016 and 0018; place.ts) as the API uses it: once a user's
 * accounts exist (their first order goes in steps and creates them), an order is placed in one call, with
 * the same answers, refusals and idempotency as the general path. Each test checks that the call ran.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));
afterEach(() => vi.restoreAllMocks());

const market = {
  symbol: "BTCUSD",
  direction: "long",
  priceType: "market",
  quantity: 1,
  leverage: 1,
} as const;

/** A trader whose accounts exist: one order placed and closed already (margin, fees, P&L accounts made). */
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

/** Counts the statements calling `order_place_together` from here on (on the driver's client: the pool or PGlite). */
function countPlacements() {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = vi.spyOn(client, "query");
  return () => query.mock.calls.filter(([q]) => JSON.stringify(q).includes("order_place_together")).length;
}

/**
 * Holds the batcher's first batch (it runs one at a time) at the database until `release`, so the orders
 * submitted meanwhile go to the database together, in the next batch. `submitted` counts the calls
 * handed to a batcher; `sizes` are the batches' sizes, in the order they were written.
 */
function holdFirstBatch() {
  const client = (
    t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }
  ).$client;
  const query = client.query.bind(client);
  let release = () => {};
  const gate = new Promise<void>((open) => (release = open));
  let held = false;
  const sizes: number[] = [];
  vi.spyOn(client, "query").mockImplementation(async (...args: unknown[]) => {
    if (!JSON.stringify(args[0]).includes("order_place_together")) return query(...args);
    if (!held) {
      held = true;
      await gate;
    }
    const result = (await query(...args)) as { rows: unknown[] };
    sizes.push(result.rows.length);
    return result;
  });
  const submit = vi.spyOn(Batcher.prototype, "submit");
  return { release, held: () => held, submitted: () => submit.mock.calls.length, sizes };
}

/** Waits (a few seconds at most) until `done`. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5_000) throw new Error("waited too long");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("placing an order in one statement", () => {
  it("opens a market order and holds a limit order, answering as the general path does", async () => {
    const who = await warmTrader("1000.00");
    const placed = countPlacements();
    const key = newKey();
    // 2 lots at $100, 1×: margin 200.00, fee 0.20 (0.1 %).
    const answer = await trade(t, who, "placeOrder", { ...market, quantity: 2, idempotencyKey: key });
    expect(answer).toMatchObject({ status: 1, data: { state: "open", margin: "200.00", openFee: "0.20" } });
    const order = answer.data as TradeOrder;
    expect(order.orderNo).toMatch(/^T\d{10,}$/);
    const detail = await trade(t, who, "positionDetail", { id: order.id });
    expect(detail.data).toMatchObject({ orderNo: order.orderNo, state: "open", openPrice: order.openPrice });
    const [row] = (await orderRows(t, who.userId)).filter((r) => r.id === order.id);
    expect(row?.openEntryId).not.toBeNull();
    // The same key again: the same answer, nothing moved twice; with another request: a conflict.
    expect(await trade(t, who, "placeOrder", { ...market, quantity: 2, idempotencyKey: key })).toEqual(
      answer,
    );
    expect(await trade(t, who, "placeOrder", { ...market, quantity: 3, idempotencyKey: key })).toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });

    const limit = await placeOk(t, who, { ...market, priceType: "limit", price: "90" });
    expect(limit).toMatchObject({ state: "pending", margin: "90.00" });
    const [held] = (await orderRows(t, who.userId)).filter((r) => r.id === limit.id);
    expect(held?.holdEntryId).not.toBeNull();
    expect(await trade(t, who, "cancelOrder", { orderId: limit.id })).toMatchObject({ status: 1 });
    expect(placed()).toBeGreaterThanOrEqual(4);
    // 1000 − (100 + 0.10) − (200 + 0.20), the limit order's hold given back.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "699.7", held: "0" });
  });

  it("refuses the account's flags in their order and more than the balance, writing nothing", async () => {
    const who = await warmTrader("150.00");
    const placed = countPlacements();
    const before = (await orderRows(t, who.userId)).length;
    const flag = (flags: Partial<typeof users.$inferInsert>) =>
      t.database.db.update(users).set(flags).where(eq(users.id, who.userId));
    const place = () => trade(t, who, "placeOrder", { ...market, idempotencyKey: newKey() });

    await flag({ disabled: true, frozen: true, tradeBanned: true });
    expect(await place()).toMatchObject({ code: "ACCOUNT_DISABLED" });
    await flag({ disabled: false });
    expect(await place()).toMatchObject({ code: "ACCOUNT_FROZEN" });
    await flag({ frozen: false });
    expect(await place()).toMatchObject({ code: "TRADE_BANNED" });
    await flag({ tradeBanned: false, fundPasswordHash: null });
    expect(await place()).toMatchObject({ code: "FUND_PASSWORD_NOT_SET" });
    expect(placed()).toBe(4);
    expect(await orderRows(t, who.userId)).toHaveLength(before);
  });

  it("refuses more than the balance with the available amount, and a key refused is free again", async () => {
    const who = await warmTrader("150.00");
    const placed = countPlacements();
    const before = (await orderRows(t, who.userId)).length;
    const key = newKey();
    // 49.90 left; 1 lot costs 100.10.
    expect(await trade(t, who, "placeOrder", { ...market, idempotencyKey: key })).toMatchObject({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "49.90" },
    });
    expect(await orderRows(t, who.userId)).toHaveLength(before);
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
    board.set("BTCUSD", "40.00");
    expect(await trade(t, who, "placeOrder", { ...market, idempotencyKey: key })).toMatchObject({
      status: 1,
    });
    expect(placed()).toBe(3);
  });

  it("names every column of an order's row that the server writes (the database plans the insert once)", async () => {
    // The row is written by an INSERT naming its columns (migration 0018): a column added to the table
    // and not to that INSERT would be dropped from every order placed in one statement.
    const columns = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'trade_orders'
          and is_generated = 'NEVER' and identity_generation is null order by ordinal_position`),
    ).map((c) => c.name);
    const [fn] = rowsOf<{ body: string }>(
      await t.database.db.execute(
        sql`select prosrc as body from pg_proc where proname = 'order_place_together'`,
      ),
    );
    const named = /INSERT INTO trade_orders \(([^)]*)\)/.exec(fn?.body ?? "")?.[1];
    expect(named?.split(",").map((c) => c.trim())).toEqual(columns);
    expect(columns).toContain("open_entry_id");
  });

  it("writes the order's row once, inserted with its link to its first entry", async () => {
    const who = await warmTrader("1000.00");
    const limit = { ...market, priceType: "limit", price: "90" } as const;
    await placeOk(t, who, limit); // its hold's account made (in steps)
    const placements = countPlacements();
    const placed: TradeOrder[] = [];
    const writes = await orderRowWrites(async () => {
      placed.push(await placeOk(t, who, market), await placeOk(t, who, limit));
    });
    expect(placements()).toBe(2);
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

  it("places one order for a key sent many times at once, every call answered alike", async () => {
    const who = await warmTrader("1000.00");
    const placed = countPlacements();
    const before = (await orderRows(t, who.userId)).length;
    const body = { ...market, idempotencyKey: newKey() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => trade(t, who, "placeOrder", body)));
    expect(answers[0]).toMatchObject({ status: 1, data: { state: "open" } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const rows = await orderRows(t, who.userId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.map((r) => r.id)).toContain((answers[0]?.data as TradeOrder).id);
    // Gathered into batches as they arrive: at most one statement per call.
    expect(placed()).toBeGreaterThanOrEqual(1);
    expect(placed()).toBeLessThanOrEqual(10);
    // 1000 − 100.10 (the warm-up) − 100.10, once.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "799.8", margin: "200" });
  });

  it("places one user's orders of a batch in turn, each paying from what the one before left", async () => {
    const who = await warmTrader("350.00"); // 249.90 left: one lot costs 100.10
    const other = await warmTrader("1000.00");
    const hold = holdFirstBatch();
    const blocker = trade(t, other, "placeOrder", { ...market, idempotencyKey: newKey() });
    await until(hold.held);
    // A batch's orders go by user, then key: these keys put the one sent twice first, then b, then c.
    const twice = { ...market, idempotencyKey: `a-${newKey()}` };
    const together = [
      trade(t, who, "placeOrder", twice),
      trade(t, who, "placeOrder", { ...market, idempotencyKey: `b-${newKey()}` }),
      trade(t, who, "placeOrder", { ...market, idempotencyKey: `c-${newKey()}` }),
      trade(t, who, "placeOrder", twice),
    ];
    await until(() => hold.submitted() === 5);
    hold.release();
    const answers = await Promise.all(together);
    await blocker;
    expect(hold.sizes).toContain(4);
    expect(answers.map((a) => (a.status === 1 ? (a.data as TradeOrder).state : a.code))).toEqual([
      "open",
      "open",
      "INSUFFICIENT_AVAILABLE",
      "open",
    ]);
    // The one sent twice is placed once, answered alike; c finds what a and b left.
    expect(answers[3]).toEqual(answers[0]);
    expect(answers[2]).toMatchObject({ params: { available: "49.70" } });
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "49.7" });
    expect(await orderRows(t, who.userId)).toHaveLength(3);
  });

  it("gives each order arriving together its own outcome: a refusal undoes that order alone", async () => {
    const rich = await warmTrader("1000.00");
    const poor = await warmTrader("150.00"); // 49.90 left: one lot costs 100.10
    const banned = await warmTrader("1000.00");
    await t.database.db.update(users).set({ tradeBanned: true }).where(eq(users.id, banned.userId));
    const cold = await trader(t, { currency: "USD", amount: "1000.00" }); // no margin account yet: in steps
    const placed = countPlacements();
    const twice = { ...market, idempotencyKey: newKey() };
    const answers = await Promise.all([
      trade(t, rich, "placeOrder", { ...market, idempotencyKey: newKey() }),
      trade(t, poor, "placeOrder", { ...market, idempotencyKey: newKey() }),
      trade(t, banned, "placeOrder", { ...market, idempotencyKey: newKey() }),
      trade(t, rich, "placeOrder", twice),
      trade(t, cold, "placeOrder", { ...market, idempotencyKey: newKey() }),
      trade(t, rich, "placeOrder", twice),
      trade(t, rich, "placeOrder", { ...market, priceType: "limit", price: "90", idempotencyKey: newKey() }),
    ]);
    expect(answers.map((a) => (a.status === 1 ? (a.data as TradeOrder).state : a.code))).toEqual([
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
    expect(placed()).toBeGreaterThanOrEqual(1);
    // 1000 − 100.10 (the warm-up) − 2 × 100.10 − 90.09 held.
    expect(await walletOf(t, rich.userId, "USD")).toMatchObject({ available: "609.61", held: "90.09" });
    expect(await walletOf(t, poor.userId, "USD")).toMatchObject({ available: "49.9" });
    expect(await walletOf(t, banned.userId, "USD")).toMatchObject({ available: "899.9" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
