import { describe, expect, it } from "vitest";
import { isLockedAt, leveragesOf, livePnl, parseAllowed, tabOf, toneOf } from "./order";

const position = {
  direction: "long" as const,
  openPrice: "2500.00",
  quantity: "3",
  margin: "1500.00",
  currency: "INR",
  openFee: "15.00",
};

describe("trade order helpers", () => {
  it.each([
    // (2530 − 2500) × 3 = 90 gross, less the 15.00 paid to open: 75; 75 / 1500 = 5.00%
    ["long", "2530.00", "90.00", "75.00", "5.00"],
    // short: (2500 − 2530) × 3 = −90, −105 net
    ["short", "2530.00", "-90.00", "-105.00", "-7.00"],
    // (2499.995 − 2500) × 3 = −0.015 → −0.02 (half up, away from zero); −15.02 / 1500 = −1.00%
    ["long", "2499.995", "-0.02", "-15.02", "-1.00"],
  ] as const)("%s at %s: P&L %s gross, %s net, return %s%%", (direction, price, gross, net, rate) => {
    expect(livePnl({ ...position, direction }, price)).toEqual({
      pnl: net,
      pnlGross: gross,
      returnRate: rate,
    });
  });

  it("has no live P&L before the order filled", () => {
    expect(livePnl({ ...position, openPrice: null }, "1.00")).toBeNull();
  });

  it("reads the leverage list a refusal names", () => {
    expect(parseAllowed("1, 2, 5")).toEqual([1, 2, 5]);
    expect(parseAllowed("")).toBeNull();
    expect(parseAllowed("1, x")).toBeNull();
  });

  it("offers the default leverages of the instrument's class (ESMA's retail caps)", () => {
    expect(leveragesOf({ type: "inr", symbol: "RELIANCE" })).toEqual([1, 2, 5]);
    expect(leveragesOf({ type: "forex", symbol: "EURUSD" })).toEqual([1, 2, 5, 10, 20, 30]);
    expect(leveragesOf({ type: "forex", symbol: "USDINR" })).toEqual([1, 2, 5, 10, 20]);
  });

  it("lists a waiting order under purchase and a filled one in progress", () => {
    expect(tabOf({ state: "pending" })).toBe("purchase");
    expect(tabOf({ state: "review" })).toBe("purchase");
    expect(tabOf({ state: "open" })).toBe("inProgress");
  });

  it("colours a gain up (red) and a loss down (green)", () => {
    expect(toneOf("12.30")).toBe("up");
    expect(toneOf("-0.01")).toBe("down");
    expect(toneOf("0.00")).toBe("flat");
    expect(toneOf("-0.00")).toBe("flat");
    expect(toneOf(null)).toBe("flat");
  });

  it("is locked until its lock ends", () => {
    const until = Date.parse("2026-11-24T03:45:00.000Z");
    expect(isLockedAt({ lockedUntil: "2026-11-24T03:45:00.000Z" }, until - 1)).toBe(true);
    expect(isLockedAt({ lockedUntil: "2026-11-24T03:45:00.000Z" }, until)).toBe(false);
    expect(isLockedAt({ lockedUntil: null }, until)).toBe(false);
  });
});
