import type { TradeOrder } from "@brokerage/api";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../../test/helper.js";
import { openDatabase, rowsOf, type Database } from "../../../db/index.js";
import { HOUR } from "../../../lib/clock.js";
import { checkLedger } from "../../ledger/index.js";
import { TradingService } from "../service.js";
import { PriceBoard, placeOk, trade, trader, walletOf } from "../testing.js";
import { TradingEngine } from "./engine.js";
import { ENGINE_LOCK, leadershipFor, soleLeadership } from "./leadership.js";

/**
 * Two processes on one PostgreSQL database, each with its own pool, service and engine: exactly one leads
 * (the advisory lock), so an order is acted on once; when the leader's lock connection goes, the other
 * takes over from the database. Runs with TEST_DATABASE_URL only (PGlite is one process: it always leads).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const board = new PriceBoard();
let t: TestApp;
let second: Database;
const engines: TradingEngine[] = [];

function engineOn(database: Pick<Database, "db">): TradingEngine {
  const service = new TradingService({ db: database.db, clock: t.clock, market: board.feed });
  const engine = new TradingEngine(
    { service, db: database.db, market: board.feed, clock: t.clock, leadership: leadershipFor(database.db) },
    { intervalMs: 0 },
  );
  engines.push(engine);
  return engine;
}

describe.skipIf(!serverUrl)("two processes on one PostgreSQL", () => {
  beforeAll(async () => {
    t = await buildTestApp({
      market: { provider: board.feed },
      authLimits: { registrationsPerAddress: { max: 50, windowMs: HOUR } },
    });
    const [row] = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select current_database() as name`),
    );
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${row?.name ?? ""}`;
    second = openDatabase({ kind: "postgres", url: url.toString() });
  });
  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    await second.close();
    await t.close();
  });
  afterEach(async () => {
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("fill a crossed limit order exactly once, and hand the lead over when the leader goes", async () => {
    expect(leadershipFor(t.database.db)).not.toBe(soleLeadership);
    board.set("BNBUSD", "650.00");
    const who = await trader(t, { currency: "USD", amount: "2000.00" });
    const one = engineOn(t.database);
    const two = engineOn(second);
    const limit = { symbol: "BNBUSD", direction: "long", priceType: "limit", quantity: "1", leverage: 1 };
    const first = await placeOk(t, who, { ...limit, price: "640" });

    board.set("BNBUSD", "630.00");
    await Promise.all([one.round(), two.round(), one.round(), two.round()]);
    expect([one.isLeader, two.isLeader].filter(Boolean)).toHaveLength(1);
    await Promise.all([one.round(), two.round()]);
    const detail = async (id: string) => (await trade(t, who, "positionDetail", { id })).data as TradeOrder;
    expect(await detail(first.id)).toMatchObject({ state: "open", openPrice: "630.00" });
    // One fill at 630: margin 630.00, fee 0.63.
    expect(await walletOf(t, who.userId, "USD")).toMatchObject({ available: "1369.37", margin: "630" });

    // The leader goes away (its lock connection ends); the other takes the lead at its next check.
    const [leader, follower] = one.isLeader ? [one, two] : [two, one];
    await leader.stop();
    board.set("BNBUSD", "650.00");
    const next = await placeOk(t, who, { ...limit, price: "645" });
    t.clock.advance(5000);
    board.set("BNBUSD", "644.00");
    await follower.round();
    expect(follower.isLeader).toBe(true);
    expect(await detail(next.id)).toMatchObject({ state: "open", openPrice: "644.00" });
  });

  it("stops leading when its lock connection is cut", async () => {
    const three = engineOn(second);
    const four = engineOn(t.database);
    const leader = engines.find((engine) => engine.isLeader);
    await leader?.stop();
    t.clock.advance(5000);
    await three.round();
    await four.round();
    expect(three.isLeader).toBe(true);
    expect(four.isLeader).toBe(false);
    // Ends the leader's session from outside, as a server restart or a network failure would. The timeout
    // makes the call wait until that backend has exited (so its lock is free): without it the call returns
    // at once and the next process could still find the lock held.
    await t.database.db.execute(sql`
      select pg_terminate_backend(pid, 5000) from pg_locks
      where locktype = 'advisory' and objid = ${ENGINE_LOCK} and granted`);
    t.clock.advance(5000);
    await three.round();
    expect(three.isLeader).toBe(false);
    await four.round();
    expect(four.isLeader).toBe(true);
  });
});
