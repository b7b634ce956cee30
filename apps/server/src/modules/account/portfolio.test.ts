import type { AccountOverview, FundRecordPage, Portfolio, TradeOrder } from "@brokerage/api";
import { credit, hold, money, platformAccount, postHold, transfer, userAccount } from "@brokerage/core";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { buildTestApp, call, type Session, type TestApp } from "../../../test/helper.js";
import { portfolioDays, portfolioMarks } from "../../db/schema/index.js";
import { DAY, HOUR } from "../../lib/clock.js";
import { book, checkLedger } from "../ledger/index.js";
import {
  PriceBoard,
  fundRecords,
  newKey,
  placeOk,
  setSetting,
  trade,
  trader,
  type Trader,
} from "../trading/testing.js";

/**
 * Net P&L (DESIGN §5a) and the portfolio (DESIGN §4.1 `account/portfolio`) over the HTTP layer, against the
 * real database. Crypto trades at test terms worked out by hand: 0.1% a side, no minimum, no lock, no other
 * charge. Days are Asia/Kolkata's: Monday 2026-01-05 08:00 UTC is 13:30 there, and that day ends at
 * 18:30 UTC.
 */
const MONDAY = "2026-01-05T08:00:00Z";
const MONDAY_END = "2026-01-05T18:30:00.000Z";
const TUESDAY = "2026-01-06T08:00:00Z";

const CRYPTO_TERMS = {
  leverageCaps: { crypto: 2 },
  feeRate: "0.001",
  minFee: "0",
  charges: [],
  lock: { kind: "minutes", n: 0 },
  liquidationShare: "0.5",
  marginCallLevels: [],
  priceBand: "0.20",
};

const board = new PriceBoard();

async function newApp(): Promise<TestApp> {
  const t = await buildTestApp({
    market: { provider: board.feed },
    authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } },
  });
  t.clock.set(MONDAY);
  await setSetting(t, "trading.CRYPTO", CRYPTO_TERMS);
  return t;
}

/** Another process of the same deployment: a second app on the same database (what a restart starts). */
function sameDatabase(t: TestApp): Promise<FastifyInstance> {
  return buildApp({
    db: t.database.db,
    clock: t.clock,
    market: { provider: board.feed },
    webDist: "/nonexistent-web-dist",
    checkResponses: true,
  });
}

const overviewOf = async (app: FastifyInstance, session: Session, currency = "USD") => {
  const answer = await call(app, "account/overview", { currency }, session.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AccountOverview;
};

const portfolioOf = async (app: FastifyInstance, session: Session, body: unknown = { currency: "USD" }) => {
  const answer = await call(app, "account/portfolio", body, session.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as Portfolio;
};

const recordsOf = async (t: TestApp, who: Trader, reference: string) => {
  const answer = await call(t.app, "fund/records", { reference }, who.session.headers);
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as FundRecordPage).items;
};

const sum = (amounts: readonly { amount: string }[]) =>
  amounts.reduce((s, r) => s.plus(r.amount), money(0)).toFixed(2);

const marksOf = (t: TestApp, userId: string) =>
  t.database.db
    .select()
    .from(portfolioMarks)
    .where(eq(portfolioMarks.userId, userId))
    .orderBy(portfolioMarks.day);

describe("net P&L: a round trip with fees", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await newApp();
  });
  afterAll(() => t.close());

  it("shows the P&L as the change of equity, net of every fee, and the fund records sum to it to the cent", async () => {
    board.set("BTCUSD", "97000.00");
    const who = await trader(t, { currency: "USD", amount: "60000.00" });
    expect(await overviewOf(t.app, who.session)).toMatchObject({
      total: "60000.00",
      netDeposits: "60000.00",
      profit: "0.00",
    });
    // 0.5 BTC at 97,000, 1×: margin 48,500.00; fee 0.1% = 48.50.
    const opened = await placeOk(t, who, {
      symbol: "BTCUSD",
      direction: "long",
      priceType: "market",
      quantity: "0.5",
      leverage: 1,
    });
    expect(opened).toMatchObject({ openFee: "48.50", pnlGross: "0.00", costs: "48.50", pnl: "-48.50" });

    // At 96,954.76 the move is −22.62 and the sale of 48,477.38 costs 48.48: 119.60 is gone in all.
    board.set("BTCUSD", "96954.76");
    const closed = (await trade(t, who, "closePosition", { positionId: opened.id, idempotencyKey: newKey() }))
      .data as TradeOrder;
    expect(closed).toMatchObject({
      state: "closed",
      pnlGross: "-22.62",
      openFee: "48.50",
      closeFee: "48.48",
      stampDuty: "0.00",
      costs: "96.98",
      protection: "0.00",
      pnl: "-119.60",
      returnRate: "-0.25",
    });
    const detail = (await trade(t, who, "positionDetail", { id: opened.id })).data as TradeOrder;
    expect(detail).toMatchObject({ pnl: "-119.60", pnlGross: "-22.62", costs: "96.98" });

    // The account: equity fell by exactly the net P&L, and so did the profit.
    const after = await overviewOf(t.app, who.session);
    expect(after).toMatchObject({ total: "59880.40", netDeposits: "60000.00", profit: "-119.60" });
    expect(money(after.total).minus("60000.00").toFixed(2)).toBe(closed.pnl);
    // The fund records of the trade: on the available account they sum to the net P&L; every account's
    // records of it together too (the margin came and went).
    const records = await recordsOf(t, who, `trade:${opened.id}`);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.reference === `trade:${opened.id}`)).toBe(true);
    expect(sum(records.filter((r) => r.account === "available"))).toBe("-119.60");
    expect(sum(records)).toBe("-119.60");
    expect(sum((await fundRecords(t, who, "USD")).filter((r) => r.type !== "deposit"))).toBe("-119.60");

    const portfolio = await portfolioOf(t.app, who.session);
    expect(portfolio).toMatchObject({
      totalPnl: "-119.60",
      netDeposits: "60000.00",
      realised: "-119.60",
      unrealised: "0.00",
      costs: "96.98",
      other: "0.00",
      dayPnl: "-119.60",
    });
    expect(portfolio.equity.at(-1)).toEqual({ date: "2026-01-05", value: after.total });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("counts an open position's opening charges at once, and its gross move beside them", async () => {
    board.set("ETHUSD", "3000.00");
    const who = await trader(t, { currency: "USD", amount: "10000.00" });
    // 2 ETH at 3,000, 2×: margin 3,000.00; fee 6.00.
    await placeOk(t, who, {
      symbol: "ETHUSD",
      direction: "long",
      priceType: "market",
      quantity: "2",
      leverage: 2,
    });
    board.set("ETHUSD", "3050.00");
    const [position] = ((await trade(t, who, "positions", { tab: "crypto" })).data as { items: TradeOrder[] })
      .items;
    expect(position).toMatchObject({ pnlGross: "100.00", costs: "6.00", pnl: "94.00", returnRate: "3.13" });
    expect(await trade(t, who, "inventory")).toMatchObject({
      data: [{ symbol: "ETHUSD", pnlGross: "100.00", costs: "6.00", pnl: "94.00" }],
    });
    const overview = await overviewOf(t.app, who.session);
    // 6,994 available + 3,000 margin + 100 unrealised.
    expect(overview).toMatchObject({ total: "10094.00", profit: "94.00" });
    expect(await portfolioOf(t.app, who.session)).toMatchObject({
      totalPnl: "94.00",
      unrealised: "94.00",
      realised: "0.00",
      costs: "6.00",
      other: "0.00",
      allocation: [
        { kind: "cash", market: null, currency: "USD", amount: "6994.00", value: "6994.00" },
        { kind: "positions", market: "CRYPTO", currency: "USD", amount: "3100.00", value: "3100.00" },
      ],
    });
  });

  it("does not count a withdrawal, a loan or a second deposit as profit or loss", async () => {
    const who = await trader(t, { currency: "USD", amount: "500.00" });
    const bookAs = (entry: Parameters<typeof book>[1]["entry"]) =>
      t.database.db.transaction((tx) =>
        book(tx, { entry, userId: who.userId, cause: { by: "system" }, at: t.clock.now() }),
      );
    await bookAs(credit("deposit", who.userId, "USD", "250.00"));
    await bookAs(
      transfer("creditLoan", platformAccount("loans", "USD"), userAccount(who.userId, "USD"), "100.00"),
    );
    await bookAs(hold("withdrawalHold", who.userId, "USD", "50.00"));
    await bookAs(postHold("withdrawalPayout", who.userId, "USD", "50.00"));
    // A reward is income: it is the only profit here.
    await bookAs(
      transfer("signIn", platformAccount("rebates", "USD"), userAccount(who.userId, "USD"), "1.25"),
    );
    expect(await overviewOf(t.app, who.session)).toMatchObject({
      total: "801.25",
      netDeposits: "800.00",
      profit: "1.25",
    });
    expect(await portfolioOf(t.app, who.session)).toMatchObject({
      totalPnl: "1.25",
      realised: "0.00",
      other: "1.25",
      dayPnl: "1.25",
    });
  });
});

describe("account/portfolio: daily marks", () => {
  let t: TestApp;
  let who: Trader;
  beforeAll(async () => {
    t = await newApp();
    board.set("LTCUSD", "100.00");
    who = await trader(t, { currency: "USD", amount: "1000.00" });
    // 1 LTC at 100, 1×: margin 100.00, fee 0.10.
    await placeOk(t, who, {
      symbol: "LTCUSD",
      direction: "long",
      priceType: "market",
      quantity: "1",
      leverage: 1,
    });
  });
  afterAll(() => t.close());

  it("starts with today alone, equal to the overview's total", async () => {
    board.set("LTCUSD", "105.00");
    const overview = await overviewOf(t.app, who.session);
    const portfolio = await portfolioOf(t.app, who.session, { currency: "USD", range: "1W" });
    expect(portfolio).toMatchObject({
      currency: "USD",
      range: "1W",
      timeZone: "Asia/Kolkata",
      equity: [{ date: "2026-01-05", value: overview.total }],
      dayPnl: "4.90",
      totalPnl: overview.profit,
    });
    expect(overview.total).toBe("1004.90");
  });

  it("marks the day at its end from the ledger, once, and the series outlives the process that wrote it", async () => {
    // The day ends at 18:30 UTC with LTC at 105: 899.90 available + 100 margin + 5 unrealised.
    t.clock.set(TUESDAY);
    await t.app.tradingEngine.round();
    const [day] = await t.database.db.select().from(portfolioDays);
    expect(day).toMatchObject({ day: "2026-01-05" });
    expect(day?.endsAt.toISOString()).toBe(MONDAY_END);
    expect(
      (await marksOf(t, who.userId)).map((m) => [m.day, m.currency, money(m.equity).toFixed(2)]),
    ).toEqual([["2026-01-05", "USD", "1004.90"]]);

    board.set("LTCUSD", "110.00");
    const before = await portfolioOf(t.app, who.session, { currency: "USD", range: "1W" });
    const overview = await overviewOf(t.app, who.session);
    expect(before.equity).toEqual([
      { date: "2026-01-05", value: "1004.90" },
      { date: "2026-01-06", value: overview.total },
    ]);
    // Today: +5 on LTC, nothing paid in or out.
    expect(before).toMatchObject({ dayPnl: "5.00", totalPnl: "9.90", unrealised: "9.90", costs: "0.10" });

    // A second process and then a restart: the same series, and no day marked twice however many run.
    const second = await sameDatabase(t);
    try {
      await second.ready();
      await Promise.all([t.app.tradingEngine.round(), second.tradingEngine.round()]);
      expect(await marksOf(t, who.userId)).toHaveLength(1);
      expect(await portfolioOf(second, who.session, { currency: "USD", range: "1W" })).toEqual(before);
    } finally {
      await second.close();
    }
    const restarted = await sameDatabase(t);
    try {
      await restarted.ready();
      await restarted.tradingEngine.round();
      expect(await portfolioOf(restarted, who.session, { currency: "USD", range: "1W" })).toEqual(before);
      expect(await t.database.db.select().from(portfolioDays)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it("catches up the days it missed while stopped, each at its own end, converted at that day's rates", async () => {
    // Three days pass without a round (the process was down): Tuesday, Wednesday and Thursday ended.
    t.clock.set(new Date(Date.parse(TUESDAY) + 3 * DAY));
    for (let i = 0; i < 4; i++) await t.app.tradingEngine.round();
    const days = (await marksOf(t, who.userId)).map((m) => m.day);
    expect(days).toEqual(["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"]);
    const thb = await portfolioOf(t.app, who.session, { currency: "THB", range: "ALL" });
    expect(thb.equity.map((p) => p.date)).toEqual([...days, "2026-01-09"]);
    const overview = await overviewOf(t.app, who.session, "THB");
    expect(thb.equity.at(-1)?.value).toBe(overview.total);
    // Each past day in baht at its own rate: 1,009.90 dollars at 30–40 baht.
    for (const point of thb.equity.slice(1)) {
      expect(Number(point.value)).toBeGreaterThan(30 * 1009);
      expect(Number(point.value)).toBeLessThan(40 * 1010);
    }
    const [monday] = await t.database.db
      .select()
      .from(portfolioDays)
      .where(eq(portfolioDays.day, "2026-01-05"));
    const rate = monday?.rates.THB ?? "0";
    expect(thb.equity[0]?.value).toBe(money("1004.90").times(rate).toDecimalPlaces(2).toFixed(2));
    // The range narrows the series, today always last.
    const week = await portfolioOf(t.app, who.session, { currency: "USD", range: "1W" });
    expect(week.equity.map((p) => p.date)).toEqual([...days, "2026-01-09"]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("never shows another user's marks or positions", async () => {
    const other = await trader(t, { currency: "USD", amount: "5.00" });
    const portfolio = await portfolioOf(t.app, other.session, { currency: "USD", range: "ALL" });
    expect(portfolio.equity).toEqual([{ date: "2026-01-09", value: "5.00" }]);
    expect(portfolio).toMatchObject({
      realised: "0.00",
      unrealised: "0.00",
      costs: "0.00",
      allocation: [{ kind: "cash", currency: "USD", value: "5.00" }],
    });
    // Someone else's userId in the body is not a field of the call: it is ignored.
    expect(
      await portfolioOf(t.app, other.session, { currency: "USD", range: "ALL", userId: who.userId }),
    ).toEqual(portfolio);
    // A trade's records belong to its owner: the reference of another user's trade lists nothing.
    const [order] = ((await trade(t, who, "positions", { tab: "crypto" })).data as { items: TradeOrder[] })
      .items;
    expect(order).toBeDefined();
    const theirs = await call(
      t.app,
      "fund/records",
      { reference: `trade:${order?.id}` },
      other.session.headers,
    );
    expect(theirs).toMatchObject({ status: 1, data: { items: [], nextCursor: null } });
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(portfolioMarks)
      .where(and(eq(portfolioMarks.userId, other.userId)));
    expect(rows[0]?.n).toBe(0);
  });

  it("refuses a malformed body with its code and answers the same to two requests at once", async () => {
    const bodies: [unknown, string][] = [
      [{ currency: "USD", range: "2W" }, "INVALID_INPUT"],
      [{ currency: "USD", range: 1 }, "INVALID_INPUT"],
      [{ currency: 7 }, "INVALID_INPUT"],
      [{ currency: "EUR" }, "CURRENCY_UNSUPPORTED"],
    ];
    for (const [body, code] of bodies)
      expect(
        await call(t.app, "account/portfolio", body, who.session.headers),
        JSON.stringify(body),
      ).toMatchObject({
        httpStatus: 200,
        status: 0,
        code,
      });
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/vue/account/portfolio",
      headers: { ...who.session.headers, "content-type": "application/json" },
      payload: '{"currency": "USD",',
    });
    // Not JSON at all: a business error too (DESIGN §4: bad input is INVALID_INPUT, never a 500).
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.json()).toMatchObject({ status: 0, code: "INVALID_INPUT" });
    expect(await call(t.app, "account/portfolio", { currency: "USD" })).toMatchObject({ httpStatus: 401 });
    expect(
      await call(t.app, "fund/records", { reference: "trade:'; drop table postings" }, who.session.headers),
    ).toMatchObject({ status: 0, code: "INVALID_INPUT" });

    const [a, b] = await Promise.all([
      portfolioOf(t.app, who.session, { range: "ALL" }),
      portfolioOf(t.app, who.session, { range: "ALL" }),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ currency: "USD", range: "ALL" });
  });
});
