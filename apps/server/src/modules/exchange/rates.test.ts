import { INSTRUMENTS } from "@brokerage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type TestApp } from "../../../test/helper.js";
import { FxRates } from "./rates.js";
import { feedWith, fund, stale, userIdOf } from "./testing.js";

const at = new Date("2026-11-23T12:00:00Z"); // a Monday: forex trades

describe("FX rates from the market feed", () => {
  it("reads every wallet currency's pair from the feed, steady within a second", () => {
    const rates = new FxRates(feedWith((_, quote) => quote));
    const table = rates.table(at);
    expect(Object.keys(table).sort()).toEqual(
      ["CAD", "CHF", "CNY", "HKD", "INR", "JPY", "KRW", "MYR", "THB", "TWD", "USD", "VND"].sort(),
    );
    expect(Number(table.INR)).toBeGreaterThan(60);
    expect(rates.mid("INR", "USD", at)).toBe(rates.mid("INR", "USD", new Date(at.getTime() + 300)));
  });

  it("gives no rate for a stale quote or a pair the feed lists but cannot quote", () => {
    const rates = new FxRates(
      feedWith((symbol, quote) =>
        symbol === "USDINR" ? stale(quote) : symbol === "USDTHB" ? undefined : quote,
      ),
    );
    expect(rates.perUsd("INR", at)).toBeUndefined();
    expect(rates.mid("USD", "INR", at)).toBeUndefined();
    expect(rates.mid("THB", "KRW", at)).toBeUndefined();
    expect(rates.mid("KRW", "USD", at)).toBeDefined();
  });

  it("falls back to the reference pairs, with their drift, for a feed without forex", () => {
    const stocksOnly = feedWith((_, quote) => quote, {
      instruments: INSTRUMENTS.filter((i) => i.kind !== "forex").slice(0, 5),
    });
    const rates = new FxRates(stocksOnly);
    const inr = Number(rates.perUsd("INR", at));
    expect(inr).toBeGreaterThan(85.5 * 0.7);
    expect(inr).toBeLessThan(85.5 * 1.3);
    expect(rates.perUsd("INR", new Date(at.getTime() + 3_600_000))).not.toBe(String(inr));
  });
});

describe("fund/exchangeQuote without a fresh rate", () => {
  let t: TestApp;
  beforeAll(async () => {
    const feed = feedWith((symbol, quote) =>
      symbol === "USDINR" ? stale(quote) : symbol === "USDKRW" ? undefined : quote,
    );
    t = await buildTestApp({ market: { provider: feed } });
  });
  afterAll(() => t.close());

  it("refuses the quote with RATE_UNAVAILABLE, in both directions, and quotes the others", async () => {
    const session = await registerUser(t.app);
    await fund(t, await userIdOf(t, session), "USD", "100.00");
    for (const [from, to] of [
      ["USD", "INR"],
      ["INR", "THB"],
      ["KRW", "USD"],
    ])
      expect(
        await call(t.app, "fund/exchangeQuote", { from, to, amount: "10" }, session.headers),
      ).toMatchObject({ httpStatus: 200, status: 0, code: "RATE_UNAVAILABLE" });
    expect(
      await call(t.app, "fund/exchangeQuote", { from: "USD", to: "THB", amount: "10" }, session.headers),
    ).toMatchObject({ status: 1 });
    const o = await call(t.app, "account/overview", { currency: "INR" }, session.headers);
    expect(o).toMatchObject({ status: 1, data: { total: "0.00", unconverted: ["USD"] } });
  });
});
