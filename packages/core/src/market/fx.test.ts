import { describe, expect, it } from "vitest";
import { FX_CURRENCIES, convertAmount, crossRate, usdRatesFromQuotes } from "./fx.js";
import { MarketSimulator } from "./simulator/simulator.js";

describe("FX rates", () => {
  const rates = usdRatesFromQuotes([
    { code: "USDKRW", close: "1400.00" },
    { code: "USDINR", close: "87.5000" },
    { code: "EURUSD", close: "1.25000" },
    { code: "AAPL", close: "200.00" },
  ]);

  it("derives per-dollar rates from pairs in both directions", () => {
    expect(rates).toEqual({ USD: "1", USDT: "1", KRW: "1400.00", INR: "87.5000", EUR: "0.8" });
  });

  it("computes cross rates and conversions", () => {
    expect(crossRate(rates, "USD", "KRW")).toBe("1400");
    expect(crossRate(rates, "INR", "KRW")).toBe("16");
    expect(crossRate(rates, "KRW", "USD")).toBe("0.0007142857143");
    expect(crossRate(rates, "EUR", "INR")).toBe("109.375");
    expect(crossRate(rates, "KRW", "KRW")).toBe("1");
    expect(crossRate(rates, "KRW", "XYZ")).toBeUndefined();
    expect(convertAmount(rates, "100", "USD", "INR")).toBe("8750");
  });

  it("simulates a rate for every exchange currency, steady while forex is shut", () => {
    const sim = new MarketSimulator({ seed: "fx" });
    const saturday = sim.fxRates(Date.parse("2026-11-21T12:00:00Z"));
    for (const currency of FX_CURRENCIES) expect(Number(saturday[currency]), currency).toBeGreaterThan(0);
    expect(Number(saturday.KRW)).toBeGreaterThan(1000);
    expect(Number(saturday.KRW)).toBeLessThan(2000);
    expect(sim.fxRates(Date.parse("2026-11-22T12:00:00Z"))).toEqual(saturday);
    const monday = sim.fxRates(Date.parse("2026-11-23T12:00:00Z"));
    expect(monday.KRW).not.toBe(saturday.KRW);
    const cross = Number(sim.crossRate("KRW", "INR", Date.parse("2026-11-23T12:00:00Z")));
    expect(cross).toBeCloseTo(Number(monday.INR) / Number(monday.KRW), 8);
  });
});
