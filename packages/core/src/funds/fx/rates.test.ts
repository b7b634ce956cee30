import { describe, expect, it } from "vitest";
import { FX_RATE_MAX_AGE_CLOSED_MS, FX_RATE_MAX_AGE_OPEN_MS, isFreshRate, perUsdFromQuote } from "./rates.js";

const at = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(at.getTime() - ms).toISOString();

describe("FX rate freshness", () => {
  it("takes a trading price only while it is recent", () => {
    expect(isFreshRate({ status: "open", timestamp: at.toISOString() }, at)).toBe(true);
    expect(isFreshRate({ status: "open", timestamp: ago(FX_RATE_MAX_AGE_OPEN_MS) }, at)).toBe(true);
    expect(isFreshRate({ status: "open", timestamp: ago(FX_RATE_MAX_AGE_OPEN_MS + 1) }, at)).toBe(false);
  });

  it("takes the last close over the forex weekend, not a recording that ended long ago", () => {
    expect(isFreshRate({ status: "closed", timestamp: ago(48 * 3_600_000) }, at)).toBe(true);
    expect(isFreshRate({ status: "closed", timestamp: ago(FX_RATE_MAX_AGE_CLOSED_MS + 1) }, at)).toBe(false);
  });

  it("refuses a missing or unreadable stamp, and one from the future", () => {
    expect(isFreshRate({ status: "open", timestamp: "" }, at)).toBe(false);
    expect(isFreshRate({ status: "open", timestamp: "2026-11-23T12:30:00Z" }, at)).toBe(false);
  });
});

describe("per-dollar rates from pairs", () => {
  it("reads a direct pair as it is and inverts a reversed one", () => {
    expect(perUsdFromQuote("INR", { code: "USDINR", close: "85.5000" })).toBe("85.5000");
    expect(perUsdFromQuote("EUR", { code: "EURUSD", close: "1.25" })).toBe("0.8");
    expect(perUsdFromQuote("USD", { code: "ANY", close: "0" })).toBe("1");
  });

  it("refuses another currency's pair and a price that is not positive", () => {
    expect(perUsdFromQuote("INR", { code: "USDKRW", close: "1400" })).toBeUndefined();
    expect(perUsdFromQuote("INR", { code: "USDINR", close: "0" })).toBeUndefined();
  });
});
