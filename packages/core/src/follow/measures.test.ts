import { describe, expect, it } from "vitest";
import {
  RISK_DRAWDOWN_EDGES,
  RISK_VOLATILITY_EDGES,
  annualisedVolatility,
  bandOf,
  copierResults,
  maxDrawdown,
  riskScore,
} from "./measures.js";

describe("measured figures", () => {
  it("measures the largest fall from a running peak", () => {
    expect(maxDrawdown(["1", "1.2", "0.9", "1.3", "1.04"])).toBe("-25.00");
    expect(maxDrawdown(["1", "1.1", "1.2"])).toBe("0.00");
    expect(maxDrawdown([])).toBe("0.00");
  });

  it("annualises the sample deviation of daily returns, none before five returns", () => {
    expect(annualisedVolatility(["1", "1", "1", "1", "1"])).toBeNull();
    expect(annualisedVolatility(["1", "1", "1", "1", "1", "1"])).toBe("0.00");
    // Returns +1 %, −1 % alternating (five of them): deviation ≈ 0.01095 → × √252 ≈ 17.39 %.
    const navs = ["1", "1.01", "0.9999", "1.009899", "0.99980001", "1.0097980101"];
    expect(annualisedVolatility(navs)).toBe("17.39");
  });

  it("bands figures by the published edges", () => {
    expect(bandOf("0.5", RISK_VOLATILITY_EDGES)).toBe(1);
    expect(bandOf("1", RISK_VOLATILITY_EDGES)).toBe(2);
    expect(bandOf("17.39", RISK_VOLATILITY_EDGES)).toBe(7);
    expect(bandOf("-25.00", RISK_DRAWDOWN_EDGES)).toBe(7);
    expect(bandOf("99", RISK_DRAWDOWN_EDGES)).toBe(10);
  });

  it("scores the higher of the two bands, and gives no score to a young product", () => {
    const navs = ["1", "1.01", "0.9999", "1.009899", "0.99980001", "1.0097980101"];
    expect(riskScore(navs, navs)).toMatchObject({ score: 7, volatilityBand: 7, drawdownBand: 1, days: 5 });
    expect(riskScore(["1", "0.5"], ["1", "0.5"])).toMatchObject({ score: null, drawdownBand: 9 });
  });

  it("tells the share of copiers who lost and the median copier's result", () => {
    expect(
      copierResults([
        { copier: "a", start: "100", end: "90" },
        { copier: "b", start: "100", end: "120" },
        { copier: "b", start: "100", end: "100" },
        { copier: "c", start: "50", end: "55" },
      ]),
    ).toEqual({ copiers: 3, lostShare: "33.33", medianResult: "10.00" });
    expect(copierResults([])).toEqual({ copiers: 0, lostShare: null, medianResult: null });
    expect(
      copierResults([
        { copier: "a", start: "100", end: "90" },
        { copier: "b", start: "100", end: "100" },
      ]),
    ).toEqual({ copiers: 2, lostShare: "50.00", medianResult: "-5.00" });
  });
});
