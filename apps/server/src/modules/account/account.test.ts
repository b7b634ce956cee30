import { hold, money, platformAccount, transfer, userAccount } from "@brokerage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { HOUR } from "../../lib/clock.js";
import { book, checkLedger, userWallets } from "../ledger/index.js";
import { FxRates, fxRatesOf } from "../exchange/index.js";
import { feedWith, fund, stale, userIdOf } from "../exchange/testing.js";
import { AccountService } from "./service.js";
import { NO_POSITIONS } from "./valuation.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } } });
});
afterAll(() => t.close());

interface Overview {
  currency: string;
  total: string;
  available: string;
  profit: string;
  frozen: string;
  wallets: { currency: string; available: string; frozen: string; value: string | null }[];
  positionsValue: string;
  unconverted: string[];
  asOf: string;
}

async function newUser() {
  const session = await registerUser(t.app);
  return { session, userId: await userIdOf(t, session) };
}

async function overview(session: Session, body: unknown = { currency: "USD" }): Promise<Overview> {
  const answer = await call(t.app, "account/overview", body, session.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as Overview;
}

const bookAs = (userId: string, entry: Parameters<typeof book>[1]["entry"]) =>
  t.database.db.transaction((tx) => book(tx, { entry, userId, cause: { by: "system" }, at: t.clock.now() }));

/** What the ledger says the user holds, converted to `display` at the mid rate, rounded as the overview rounds. */
async function fromLedger(userId: string, display: string) {
  const rates = fxRatesOf(t.app.market);
  let available = money(0);
  let frozen = money(0);
  for (const w of await userWallets(t.database.db, userId)) {
    const rate = rates.mid(w.currency, display, t.clock.now()) ?? "NaN";
    available = available.plus(money(w.available).times(rate));
    frozen = frozen.plus(money(w.held).plus(w.margin).times(rate));
  }
  const shown = (m: typeof available) => m.toDecimalPlaces(2).toFixed(2);
  return { total: shown(available.plus(frozen)), available: shown(available), frozen: shown(frozen) };
}

describe("account/overview", () => {
  it("shows a new account at zero with every wallet currency, USD and THB first, INR next", async () => {
    const { session } = await newUser();
    const o = await overview(session);
    expect(o).toMatchObject({
      currency: "USD",
      total: "0.00",
      available: "0.00",
      profit: "0.00",
      frozen: "0.00",
      positionsValue: "0.00",
      unconverted: [],
      asOf: t.clock.now().toISOString(),
    });
    expect(o.wallets.map((w) => w.currency)).toEqual([
      "USD",
      "THB",
      "INR",
      "CNY",
      "TWD",
      "HKD",
      "JPY",
      "VND",
      "MYR",
      "KRW",
      "CAD",
      "CHF",
    ]);
    expect(o.wallets.find((w) => w.currency === "JPY")).toEqual({
      currency: "JPY",
      available: "0",
      frozen: "0",
      value: "0.00",
    });
  });

  it("matches the ledger after deposits in several currencies and a hold, in USD and in THB", async () => {
    const { session, userId } = await newUser();
    await fund(t, userId, "USD", "1250.75");
    await fund(t, userId, "THB", "3450.00");
    await fund(t, userId, "INR", "85500.00");
    await fund(t, userId, "KRW", "140000");
    await bookAs(userId, hold("withdrawalHold", userId, "USD", "200.00"));

    const usd = await overview(session);
    expect(usd).toMatchObject({ currency: "USD", ...(await fromLedger(userId, "USD")), unconverted: [] });
    expect(usd.wallets.find((w) => w.currency === "USD")).toEqual({
      currency: "USD",
      available: "1050.75",
      frozen: "200.00",
      value: "1250.75",
    });
    expect(usd.wallets.find((w) => w.currency === "KRW")).toMatchObject({ available: "140000", frozen: "0" });
    expect(usd.frozen).toBe("200.00");
    // Roughly 1,250.75 + 100 + 1,000 + 100 US dollars at the simulated rates.
    expect(Number(usd.total)).toBeGreaterThan(2300);
    expect(Number(usd.total)).toBeLessThan(2600);

    const thb = await overview(session, { currency: "THB" });
    expect(thb).toMatchObject({ currency: "THB", ...(await fromLedger(userId, "THB")) });
    expect(thb.wallets.find((w) => w.currency === "THB")).toMatchObject({ value: "3450.00" });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("counts realised P&L as profit", async () => {
    const { session, userId } = await newUser();
    await fund(t, userId, "USD", "100.00");
    await bookAs(
      userId,
      transfer("realisedPnl", platformAccount("pnl", "USD"), userAccount(userId, "USD"), "12.50"),
    );
    await bookAs(
      userId,
      transfer("realisedPnl", userAccount(userId, "USD"), platformAccount("pnl", "USD"), "2.00"),
    );
    expect(await overview(session)).toMatchObject({ total: "110.50", available: "110.50", profit: "10.50" });
  });

  it("defaults to USD, refuses another currency code, and ignores fields that do not belong", async () => {
    const { session, userId } = await newUser();
    const other = await newUser();
    await fund(t, other.userId, "USD", "999.00");
    await fund(t, userId, "USD", "1.00");
    expect(await overview(session, {})).toMatchObject({ currency: "USD", total: "1.00" });
    expect(await overview(session, { currency: "USD", userId: other.userId })).toMatchObject({
      total: "1.00",
    });
    for (const currency of ["EUR", "usd", ""])
      expect(await call(t.app, "account/overview", { currency }, session.headers)).toMatchObject({
        status: 0,
        code: "CURRENCY_UNSUPPORTED",
        params: { field: "currency" },
      });
    expect(await call(t.app, "account/overview", { currency: 1 }, session.headers)).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
    });
    expect(await call(t.app, "account/overview", { currency: "USD" })).toMatchObject({ httpStatus: 401 });
  });
});

describe("the overview's plug-ins", () => {
  it("adds open positions from a position valuation: unrealised P&L in total and profit, margin frozen", async () => {
    const { userId } = await newUser();
    await fund(t, userId, "USD", "300.00");
    await bookAs(
      userId,
      transfer("tradeMargin", userAccount(userId, "USD"), userAccount(userId, "USD", "margin"), "100.00"),
    );
    const service = new AccountService({
      db: t.database.db,
      clock: t.clock,
      rates: fxRatesOf(t.app.market),
      valuation: {
        ...NO_POSITIONS,
        positions: async (_db, id) =>
          id === userId ? [{ currency: "USD", marketValue: "130.00", unrealisedPnl: "30.00" }] : [],
      },
    });
    expect(await service.overview(userId, "USD")).toMatchObject({
      total: "330.00",
      available: "200.00",
      frozen: "100.00",
      profit: "30.00",
      positionsValue: "130.00",
    });
  });

  it("leaves out a wallet whose rate is stale, and says so, instead of guessing", async () => {
    const { userId } = await newUser();
    await fund(t, userId, "USD", "10.00");
    await fund(t, userId, "KRW", "5000");
    const feed = feedWith((symbol, quote) => (symbol === "USDKRW" ? stale(quote) : quote));
    const service = new AccountService({
      db: t.database.db,
      clock: t.clock,
      rates: new FxRates(feed),
      valuation: NO_POSITIONS,
    });
    const o = await service.overview(userId, "USD");
    expect(o).toMatchObject({ total: "10.00", unconverted: ["KRW"] });
    expect(o.wallets.find((w) => w.currency === "KRW")).toMatchObject({ available: "5000", value: null });
  });
});
