import { describe, expect, it } from "vitest";
import { EXCHANGES } from "./exchanges.js";
import { checkPriceBand, formatScaled, isOnTick, roundToTick, tickSizeFor } from "./ticks.js";

describe("tick sizes", () => {
  it("follows the price-dependent KRX, SET, Bursa, NSE and US tables", () => {
    const krx = EXCHANGES.KRX.ticks;
    expect([1999, 2000, 19_990, 35_000, 199_900, 210_000, 1_000_000].map((p) => tickSizeFor(krx, p))).toEqual(
      ["1", "5", "10", "50", "100", "500", "1000"],
    );
    expect(tickSizeFor(EXCHANGES.SET.ticks, 24.9)).toBe("0.10");
    expect(tickSizeFor(EXCHANGES.SET.ticks, 25)).toBe("0.25");
    expect(tickSizeFor(EXCHANGES.BURSA.ticks, 0.85)).toBe("0.005");
    expect(tickSizeFor(EXCHANGES.NSE.ticks, 1290)).toBe("0.10");
    expect(tickSizeFor(EXCHANGES.NYSE.ticks, 0.5)).toBe("0.0001");
  });

  it("rounds floats onto the grid and renders fixed decimals", () => {
    expect(roundToTick(EXCHANGES.KRX.ticks, 0, 55_049.9)).toBe("55000");
    expect(roundToTick(EXCHANGES.KRX.ticks, 0, 55_050.1)).toBe("55100");
    expect(roundToTick(EXCHANGES.KRX.ticks, 0, 35_024.9)).toBe("35000");
    expect(roundToTick(EXCHANGES.SET.ticks, 2, 32.62)).toBe("32.50");
    expect(roundToTick(EXCHANGES.SET.ticks, 2, 32.63)).toBe("32.75");
    expect(roundToTick(EXCHANGES.BURSA.ticks, 3, 0.8526)).toBe("0.855");
    expect(roundToTick(EXCHANGES.NSE.ticks, 2, 1290.04, "up")).toBe("1290.10");
    expect(roundToTick(EXCHANGES.NSE.ticks, 2, 1290.04, "down")).toBe("1290.00");
    expect(roundToTick(EXCHANGES.NYSE.ticks, 2, 0.1)).toBe("0.10");
    expect(formatScaled(-5, 2)).toBe("-0.05");
    expect(isOnTick(EXCHANGES.KRX.ticks, "55100")).toBe(true);
    expect(isOnTick(EXCHANGES.KRX.ticks, "55050")).toBe(false);
  });
});

describe("price bands", () => {
  it("accepts limit prices within ±band of the previous close, limits on the tick grid", () => {
    const india = EXCHANGES.NSE;
    const check = (price: string) => checkPriceBand("1000.00", price, india.priceBand, india.ticks, 2);
    expect(check("1200.00")).toEqual({ ok: true, lower: "800.00", upper: "1200.00" });
    expect(check("1200.10").ok).toBe(false);
    expect(check("799.95").ok).toBe(false);
  });

  it("rounds KRX limits inwards to the tick in force at the limit", () => {
    const krx = EXCHANGES.KRX;
    // 30% of 55,100 = 16,530 → 71,630 rounds down to 71,600; 38,570 rounds up to 38,600 (tick 50).
    expect(checkPriceBand("55100", "71600", krx.priceBand, krx.ticks, 0)).toEqual({
      ok: true,
      lower: "38600",
      upper: "71600",
    });
    expect(checkPriceBand("55100", "71700", krx.priceBand, krx.ticks, 0).ok).toBe(false);
  });

  it("uses the platform bands: US 10%, crypto 20%, forex 5%", () => {
    expect(EXCHANGES.NYSE.priceBand).toBe("0.10");
    expect(EXCHANGES.CRYPTO.priceBand).toBe("0.20");
    expect(EXCHANGES.FX.priceBand).toBe("0.05");
    expect(checkPriceBand("100.00", "110.01", "0.10", EXCHANGES.NYSE.ticks, 2).ok).toBe(false);
  });
});
