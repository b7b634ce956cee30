import { CURRENCIES, type AccountOverview, type ExchangeQuote } from "@brokerage/api";
import { INSTRUMENTS } from "@brokerage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type TestApp } from "../../../test/helper.js";
import { fund, userIdOf } from "./testing.js";

/**
 * Only tradeable listings (DESIGN §5a): every instrument of the catalogue settles in a currency a user
 * holds a wallet in (the account overview lists it) and can exchange into from US dollars (a quote with a
 * rate). USDCAD and USDCHF settle in CAD and CHF, which are wallet currencies for that reason.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SETTLEMENT_CURRENCIES = [...new Set(INSTRUMENTS.map((i) => i.currency))].sort();

describe("every listed instrument settles in a holdable currency", () => {
  it("is a wallet currency, listed in the overview, and exchangeable from USD", async () => {
    expect(SETTLEMENT_CURRENCIES).toEqual(expect.arrayContaining(["CAD", "CHF", "USD", "JPY"]));
    const session = await registerUser(t.app);
    await fund(t, await userIdOf(t, session), "USD", "1000.00");
    const overview = await call(t.app, "account/overview", {}, session.headers);
    const wallets = (overview.data as AccountOverview).wallets.map((w) => w.currency);
    for (const currency of SETTLEMENT_CURRENCIES) {
      expect(CURRENCIES, currency).toContain(currency);
      expect(wallets, currency).toContain(currency);
      if (currency === "USD") continue;
      const quote = await call(
        t.app,
        "fund/exchangeQuote",
        { from: "USD", to: currency, amount: "100" },
        session.headers,
      );
      expect(quote, `${currency}: ${JSON.stringify(quote)}`).toMatchObject({ status: 1 });
      expect(Number((quote.data as ExchangeQuote).receive), currency).toBeGreaterThan(0);
    }
  });

  it("exchanges back from CAD and CHF into US dollars, and shows them in CAD", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t, session);
    await fund(t, userId, "CAD", "100.00");
    await fund(t, userId, "CHF", "100.00");
    for (const from of ["CAD", "CHF"]) {
      const quote = await call(
        t.app,
        "fund/exchangeQuote",
        { from, to: "USD", amount: "50.00" },
        session.headers,
      );
      expect(quote, from).toMatchObject({ status: 1, data: { from, to: "USD" } });
    }
    const inCad = await call(t.app, "account/overview", { currency: "CAD" }, session.headers);
    expect(inCad).toMatchObject({ status: 1, data: { currency: "CAD", unconverted: [] } });
    expect((inCad.data as AccountOverview).wallets.find((w) => w.currency === "CAD")).toMatchObject({
      available: "100.00",
      value: "100.00",
    });
  });
});
