import { wsServerMessage, type Alert, type AlertList, type WsServerMessage } from "@brokerage/api";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { call, type Session, type TestApp } from "../../../test/helper.js";
import { buildApp } from "../../app.js";
import { messages, priceAlerts } from "../../db/schema/index.js";
import { PriceBoard, setUpTradingApp, trader, type Trader } from "../trading/testing.js";
import { ALERTS_FIRED, type AlertFired } from "./channels.js";
import { AlertWatcher } from "./watcher.js";

/**
 * Price alerts firing on the leader's rounds: the test sets the price (a `PriceBoard` in front of the
 * simulator), moves the clock a second as the feed would, and runs a round of the matching engine.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

const round = () => t.app.tradingEngine.round();
const tick = (price: string, symbol = "DOTUSD") => {
  t.clock.advance(1000);
  board.set(symbol, price);
};

async function createOk(who: Trader, body: Record<string, unknown>): Promise<Alert> {
  const answer = await call(t.app, "alert/create", body, who.session.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as Alert;
}

async function alertOf(who: Trader, id: string): Promise<Alert | undefined> {
  const answer = await call(t.app, "alert/list", {}, who.session.headers);
  return (answer.data as AlertList).items.find((item) => item.id === id);
}

const alertMessages = (userId: string) =>
  t.database.db
    .select({ kind: messages.kind, params: messages.params, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.userId, userId), like(messages.kind, "priceAlert%")));

/** Every fired-alert event the bus carries to the sockets, from now until `stop`. */
function heard() {
  const events: AlertFired[] = [];
  const stop = t.app.bus.subscribe(ALERTS_FIRED, (event) => events.push(event));
  return { events, stop };
}

describe("price alerts on the ticks", () => {
  it("fires once when the price crosses, tells the owner in the inbox and on the bus, and not again", async () => {
    board.set("DOTUSD", "10.000");
    const alice = await trader(t);
    const bob = await trader(t);
    const above = await createOk(alice, { symbol: "DOTUSD", condition: "above", value: "10.5" });
    const move = await createOk(alice, { symbol: "DOTUSD", condition: "movePct", value: "10" });
    const bobs = await createOk(bob, { symbol: "DOTUSD", condition: "above", value: "10.5" });
    const bus = heard();
    try {
      await round();
      expect(t.app.alertWatcher.watching()).toEqual(expect.arrayContaining([above.id, move.id, bobs.id]));
      tick("10.499");
      await round();
      // A price that is not current (a stopped feed) fires nothing, however far it went.
      tick("20.000");
      board.set("DOTUSD", { close: "20.000", stale: true });
      await round();
      expect(await alertMessages(alice.userId)).toEqual([]);

      tick("10.500");
      const firedAt = t.clock.now().toISOString();
      await round();
      const params = {
        symbol: "DOTUSD",
        name: "Polkadot / US Dollar",
        currency: "USD",
        price: "10.500",
        reference: "10.000",
        level: "10.500",
      };
      expect(await alertMessages(alice.userId)).toEqual([
        { kind: "priceAlertAbove", params, createdAt: new Date(firedAt) },
      ]);
      expect((await alertMessages(bob.userId)).map((m) => m.kind)).toEqual(["priceAlertAbove"]);
      expect(await alertOf(alice, above.id)).toMatchObject({ state: "fired", firedAt, firedPrice: "10.500" });
      expect(await alertOf(alice, move.id)).toMatchObject({ state: "active" });
      await vi.waitFor(() =>
        expect(bus.events).toEqual(
          expect.arrayContaining([
            { userId: alice.userId, alertId: above.id, kind: "priceAlertAbove", params },
            { userId: bob.userId, alertId: bobs.id, kind: "priceAlertAbove", params },
          ]),
        ),
      );
      expect(t.app.alertWatcher.watching()).not.toContain(above.id);

      // Down 10 % from 10.000: the move alert, with the move it measured.
      tick("9.001");
      await round();
      tick("9.000");
      await round();
      const told = (await alertMessages(alice.userId)).map((m) => [m.kind, m.params.move, m.params.percent]);
      expect(told).toEqual([
        ["priceAlertAbove", undefined, undefined],
        ["priceAlertMove", "-10.00", "10"],
      ]);

      // Back up through 10.5, twice: nothing fires again.
      for (const price of ["10.000", "10.800", "9.000", "11.500"]) {
        tick(price);
        await round();
      }
      expect(await alertMessages(alice.userId)).toHaveLength(2);
      expect(await alertMessages(bob.userId)).toHaveLength(1);
      expect(bus.events.filter((e) => e.userId === alice.userId)).toHaveLength(2);
    } finally {
      bus.stop();
    }
  });

  it("fires a move at the first price on the grid that reaches it, not one tick before", async () => {
    board.set("DOTUSD", "10.003");
    const who = await trader(t);
    // 1.25 % of 10.003 either way: 10.1280375 and 9.8779625, so 10.129 and 9.877 on a grid of 0.001.
    await createOk(who, { symbol: "DOTUSD", condition: "movePct", value: "1.25" });
    await round();
    tick("10.128");
    await round();
    expect(await alertMessages(who.userId)).toEqual([]);
    tick("10.129");
    await round();
    expect((await alertMessages(who.userId)).map((m) => m.params)).toEqual([
      {
        symbol: "DOTUSD",
        name: "Polkadot / US Dollar",
        currency: "USD",
        price: "10.129",
        reference: "10.003",
        percent: "1.25",
        move: "+1.25",
      },
    ]);
  });

  it("hears a new alert at the next round, and never fires a removed one", async () => {
    board.set("DOTUSD", "10.000");
    const who = await trader(t);
    await round();
    const later = await createOk(who, { symbol: "DOTUSD", condition: "below", value: "9.8" });
    const removed = await createOk(who, { symbol: "DOTUSD", condition: "below", value: "9.9" });
    await round();
    expect(t.app.alertWatcher.watching()).toEqual(expect.arrayContaining([later.id, removed.id]));
    expect(await call(t.app, "alert/remove", { id: removed.id }, who.session.headers)).toMatchObject({
      status: 1,
    });
    await round();
    expect(t.app.alertWatcher.watching()).not.toContain(removed.id);
    tick("9.500");
    await round();
    expect((await alertMessages(who.userId)).map((m) => m.params.level)).toEqual(["9.800"]);
    const rows = await t.database.db.select().from(priceAlerts).where(eq(priceAlerts.userId, who.userId));
    expect(rows.map((row) => [row.id, row.state])).toEqual([[later.id, "fired"]]);
  });

  it("does not fire again after a restart, and two evaluators at once fire an alert once", async () => {
    board.set("DOTUSD", "10.000");
    const who = await trader(t);
    const first = await createOk(who, { symbol: "DOTUSD", condition: "above", value: "10.5" });
    await round();
    tick("10.600");
    await round();
    expect(await alertMessages(who.userId)).toHaveLength(1);
    const second = await createOk(who, { symbol: "DOTUSD", condition: "above", value: "10.8" });

    // The evaluator of a restarted process (or of a second one that thinks it leads), on the same database.
    const restarted = new AlertWatcher({ db: t.database.db, market: board.feed, clock: t.clock });
    try {
      tick("10.700");
      await restarted.round(t.clock.now());
      expect(restarted.watching()).toContain(second.id);
      expect(restarted.watching()).not.toContain(first.id);
      expect(await alertMessages(who.userId)).toHaveLength(1);

      await round();
      tick("10.900");
      const now = t.clock.now();
      await Promise.all([round(), restarted.round(now), round(), restarted.round(now)]);
      expect((await alertMessages(who.userId)).map((m) => m.params.level)).toEqual(["10.500", "10.800"]);
      expect(await alertOf(who, second.id)).toMatchObject({ state: "fired", firedPrice: "10.900" });
    } finally {
      restarted.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, evaluates in the leading process only: a second process's rounds fire nothing",
    async () => {
      board.set("DOTUSD", "10.000");
      const who = await trader(t);
      await createOk(who, { symbol: "DOTUSD", condition: "below", value: "9.5" });
      await round();
      expect(t.app.tradingEngine.isLeader).toBe(true);
      const second = await buildApp({
        db: t.database.db,
        clock: t.clock,
        market: { provider: board.feed },
        webDist: "/nonexistent-web-dist",
      });
      await second.ready();
      try {
        tick("9.400");
        await second.tradingEngine.round();
        expect(second.tradingEngine.isLeader).toBe(false);
        expect(second.alertWatcher.watching()).toEqual([]);
        expect(await alertMessages(who.userId)).toEqual([]);
        await round();
        expect((await alertMessages(who.userId)).map((m) => m.kind)).toEqual(["priceAlertBelow"]);
      } finally {
        await second.close();
      }
    },
  );

  it("reaches the owner's open socket as a priceAlert event, and no one else's", async () => {
    board.set("DOTUSD", "10.000");
    const owner = await trader(t);
    const other = await trader(t);
    const alert = await createOk(owner, { symbol: "DOTUSD", condition: "above", value: "10.2" });
    const ownerSocket = await socketOf(owner.session);
    const otherSocket = await socketOf(other.session);
    try {
      await round();
      tick("10.300");
      await round();
      await vi.waitFor(() =>
        expect(ownerSocket.inbox).toContainEqual({
          type: "priceAlert",
          alertId: alert.id,
          kind: "priceAlertAbove",
          params: expect.objectContaining({ symbol: "DOTUSD", price: "10.300", level: "10.200" }) as unknown,
        }),
      );
      expect(otherSocket.inbox.filter((m) => m.type === "priceAlert")).toEqual([]);
    } finally {
      ownerSocket.close();
      otherSocket.close();
    }
  });
});

/** An authenticated socket on the app, keeping every message (each checked against the contract). */
async function socketOf(session: Session) {
  const ws = await t.app.injectWS("/api/ws");
  const inbox: WsServerMessage[] = [];
  ws.on("message", (data: Buffer) => inbox.push(wsServerMessage.parse(JSON.parse(data.toString()))));
  ws.send(JSON.stringify({ op: "auth", token: session.token, account: session.account }));
  await vi.waitFor(() => expect(inbox).toContainEqual({ type: "ready", account: session.account }));
  return { inbox, close: () => ws.terminate() };
}
