import { describe, expect, it } from "vitest";
import { isLockedAt, leveragesOf, livePnl, parseAllowed, stopOutcome, tabOf, toneOf } from "./order";

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
    ["long", "2530.00", "90.00", "75.00", "5.00", "7590.00"],
    // short: (2500 − 2530) × 3 = −90, −105 net
    ["short", "2530.00", "-90.00", "-105.00", "-7.00", "7590.00"],
    // (2499.995 − 2500) × 3 = −0.015 → −0.02 (half up, away from zero); −15.02 / 1500 = −1.00%
    // 2499.995 × 3 = 7499.985: market value at the rupee's scale
    ["long", "2499.995", "-0.02", "-15.02", "-1.00", "7499.99"],
  ] as const)(
    "%s at %s: P&L %s gross, %s net, return %s%%, market value %s",
    (direction, price, gross, net, rate, value) => {
      expect(livePnl({ ...position, direction }, price)).toEqual({
        pnl: net,
        pnlGross: gross,
        returnRate: rate,
        marketValue: value,
      });
    },
  );

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

describe("what a stop would lock in", () => {
  // 2 shares bought at 2,500.00 INR; the opening charges were 20.00 (the minimum commission).
  const order = {
    direction: "long" as const,
    price: "2500.00",
    quantity: "2",
    currency: "INR",
    fee: "20.00",
  };
  // A commission of 0.1% at least 20, and a tax of 0.1% on sales: closing 2 at 2,400 is 4,800 of value, so
  // 20.00 commission (the minimum) and 4.80 tax.
  const rule = {
    feeRate: "0.001",
    minFee: "20",
    charges: [
      {
        id: "stt",
        kind: "transactionTax" as const,
        basis: { kind: "value" as const, rate: "0.001" },
        side: "sell" as const,
      },
    ],
  };

  it("is the P&L net of the opening and the closing charges at the stop price, by hand", () => {
    // (2400 − 2500) × 2 = −200.00 on the price; costs 20.00 + 20.00 + 4.80 = 44.80; net −244.80.
    expect(stopOutcome(order, "stopLoss", "2400", rule, [])).toEqual({
      kind: "result",
      gross: "-200.00",
      costs: "44.80",
      net: "-244.80",
    });
    // Closing 2 at 2,600 is 5,200: commission 20.00 (the minimum, 5.20 is less), tax 5.20; +200 − 45.20.
    expect(stopOutcome(order, "takeProfit", "2600", rule, [])).toEqual({
      kind: "result",
      gross: "200.00",
      costs: "45.20",
      net: "154.80",
    });
  });

  it("uses the closing charges at the order's price until the market's terms are read", () => {
    expect(
      stopOutcome(order, "stopLoss", "2400", undefined, [{ amount: "20.00" }, { amount: "5.00" }]),
    ).toMatchObject({
      costs: "45.00",
      net: "-245.00",
    });
  });

  it("says on which side of the price a stop belongs, for a long and for a short", () => {
    expect(stopOutcome(order, "stopLoss", "2500", rule, [])).toEqual({ kind: "wrongSide", side: "below" });
    expect(stopOutcome(order, "takeProfit", "2499.99", rule, [])).toEqual({
      kind: "wrongSide",
      side: "above",
    });
    const short = { ...order, direction: "short" as const };
    expect(stopOutcome(short, "stopLoss", "2400", rule, [])).toEqual({ kind: "wrongSide", side: "above" });
    // A short's take-profit below the price: (2500 − 2400) × 2 = +200 less the buy-back's commission only.
    expect(stopOutcome(short, "takeProfit", "2400", rule, [])).toEqual({
      kind: "result",
      gross: "200.00",
      costs: "40.00",
      net: "160.00",
    });
  });

  it("is nothing while the stop is empty or not a price", () => {
    for (const text of ["", " ", "abc", "0", "-5", "1e3"])
      expect(stopOutcome(order, "stopLoss", text, rule, [])).toBeNull();
  });
});
