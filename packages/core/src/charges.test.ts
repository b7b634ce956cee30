import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exchangeFee } from "./funds/fx/index.js";
import { loanCost } from "./funds/loan/index.js";
import { money, toChargedString } from "./money.js";
import { DEFAULT_TRADING_CONFIG, closeCost, orderCost, settlement } from "./trading/index.js";

/**
 * Fees and taxes round UP to the currency's scale (DESIGN §5a), so that no order is small enough, and no
 * split fine enough, to book zero on a non-zero rate. Every figure below is worked out by hand.
 */

const { CRYPTO, FX, IN, US, KR, MY } = DEFAULT_TRADING_CONFIG;
const long = (price: string, quantity: number, leverage: number, currency = "USD") => ({
  direction: "long" as const,
  price,
  quantity,
  leverage,
  currency,
});

describe("toChargedString: a charge at the currency's scale, rounded up", () => {
  it.each([
    ["0.001", "USD", "0.01"],
    ["0.0000001", "USD", "0.01"],
    ["1.23", "USD", "1.23"],
    ["1.2300001", "USD", "1.24"],
    ["0", "USD", "0.00"],
    ["0.2", "KRW", "1"],
    ["149.73", "KRW", "150"],
    ["150", "KRW", "150"],
    ["0.000000001", "BTC", "0.00000001"],
    ["0.0000001", "USDT", "0.000001"],
  ])("%s %s is %s", (value, currency, charged) => {
    expect(toChargedString(value, currency)).toBe(charged);
  });

  it("refuses a negative or endless amount: a charge is never paid to the payer", () => {
    expect(() => toChargedString("-0.01", "USD")).toThrow(RangeError);
    expect(() => toChargedString(money(Infinity), "USD")).toThrow(RangeError);
  });

  it("never charges less than the exact amount, and less than one unit more", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }), (units, exp) => {
        const exact = money(units.toString()).div(money(10).pow(exp));
        const charged = money(toChargedString(exact, "USD"));
        expect(charged.greaterThanOrEqualTo(exact)).toBe(true);
        expect(charged.minus(exact).lessThan("0.01")).toBe(true);
      }),
    );
  });
});

describe("trading fees round up: a non-zero rate never books zero", () => {
  it("a 1 USD crypto order pays 0.01 (0.1% of 1.00 is 0.001)", () => {
    expect(orderCost(long("1.00", 1, 1), CRYPTO)).toEqual({
      notional: "1.00",
      margin: "1.00",
      fee: "0.01",
      total: "1.01",
    });
    // 2×: margin 0.50, the fee is on the notional all the same.
    expect(orderCost(long("1.00", 1, 2), CRYPTO)).toMatchObject({
      margin: "0.50",
      fee: "0.01",
      total: "0.51",
    });
  });

  it("a crypto order just under 15 USD pays 0.02, where half-up would have charged 0.01", () => {
    // 14.99 × 0.001 = 0.01499.
    expect(orderCost(long("14.99", 1, 1), CRYPTO).fee).toBe("0.02");
    // 15.00 × 0.001 = 0.015 exactly.
    expect(orderCost(long("15.00", 1, 1), CRYPTO).fee).toBe("0.02");
  });

  it("a tiny FX order pays 0.01 (0.01% of 48.825 is 0.0048825)", () => {
    // 45 units of EURUSD at 1.0850: notional 48.825, shown 48.83 (half-up, not a charge).
    expect(orderCost(long("1.0850", 45, 1), FX)).toEqual({
      notional: "48.83",
      margin: "48.83",
      fee: "0.01",
      total: "48.84",
    });
    // One unit at 30×: notional 1.085, margin 0.036 → 0.04, fee 0.0001085 → 0.01.
    expect(orderCost(long("1.0850", 1, 30), FX)).toMatchObject({
      margin: "0.04",
      fee: "0.01",
      total: "0.05",
    });
  });

  it("closing a 1 USD crypto position pays 0.01 too", () => {
    expect(closeCost({ quantity: 1, currency: "USD" }, "1.00", CRYPTO)).toEqual({
      notional: "1.00",
      fee: "0.01",
      stampDuty: "0.00",
    });
    const position = {
      direction: "long",
      openPrice: "1.00",
      quantity: 1,
      margin: "1.00",
      currency: "USD",
    } as const;
    expect(settlement(position, "1.00", CRYPTO)).toMatchObject({
      pnl: "0.00",
      fee: "0.01",
      net: "0.99",
      booked: { marginRelease: "1.00", fee: "0.01", stampDuty: "0.00" },
    });
  });

  it("splitting an order never costs less in fees than placing it whole", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        (cents, pieces) => {
          const price = money(cents).div(100).toFixed(2);
          const piece = money(orderCost(long(price, 1, 1), CRYPTO).fee);
          const whole = money(orderCost(long(price, pieces, 1), CRYPTO).fee);
          expect(piece.times(pieces).greaterThanOrEqualTo(whole)).toBe(true);
          expect(piece.greaterThan(0)).toBe(true);
        },
      ),
    );
  });
});

describe("stamp duty rounds up: a small sale pays it", () => {
  it.each([
    // India: 0.1% of ₹4.00 is ₹0.004; the fee is the ₹20 minimum (0.03% is ₹0.0012).
    ["INR", IN, "4.00", "4.00", "20.00", "0.01"],
    // US: section 31 fee $27.80 per million of $100.00 is $0.00278; the fee is the $1 minimum.
    ["USD", US, "100.00", "100.00", "1.00", "0.01"],
    // Korea: 0.20% of ₩100 is ₩0.2; the fee is the ₩100 minimum.
    ["KRW", KR, "100", "100", "100", "1"],
    // Malaysia: 0.1% of RM1.00 is RM0.001; the fee is the RM8 minimum.
    ["MYR", MY, "1.00", "1.00", "8.00", "0.01"],
  ])("%s: one lot sold at %s", (currency, rule, price, notional, fee, stampDuty) => {
    expect(closeCost({ quantity: 1, currency }, price, rule)).toEqual({ notional, fee, stampDuty });
  });

  it("rounds up below the cap and stops at the cap (Malaysia: at most RM1,000)", () => {
    // 1,000 lots at 999.995: duty 999.995 → 1,000.00; at 1,000.01 the cap, 1,000.00.
    expect(closeCost({ quantity: 1000, currency: "MYR" }, "999.995", MY).stampDuty).toBe("1000.00");
    expect(closeCost({ quantity: 1000, currency: "MYR" }, "999.9849", MY).stampDuty).toBe("999.99");
    expect(closeCost({ quantity: 1000, currency: "MYR" }, "1000.01", MY).stampDuty).toBe("1000.00");
  });
});

describe("a market's minimum fee applies where it is configured", () => {
  it("US: 0.03% of $100 is $0.03, the minimum $1 is charged on opening and on closing", () => {
    expect(orderCost(long("100.00", 1, 1), US).fee).toBe("1.00");
    expect(closeCost({ quantity: 1, currency: "USD" }, "100.00", US).fee).toBe("1.00");
  });

  it("crypto with an operator's minimum of 0.50: below it the minimum, above it the rate, rounded up", () => {
    const rule = { ...CRYPTO, minFee: "0.50" };
    expect(orderCost(long("1.00", 1, 1), rule)).toMatchObject({ fee: "0.50", total: "1.50" });
    // 1,234.56 × 0.001 = 1.23456 → 1.24.
    expect(orderCost(long("1234.56", 1, 1), rule).fee).toBe("1.24");
    expect(closeCost({ quantity: 1, currency: "USD" }, "1.00", rule).fee).toBe("0.50");
  });

  it("a rate of zero without a minimum charges nothing", () => {
    const free = { ...CRYPTO, feeRate: "0", minFee: "0" };
    expect(orderCost(long("1.00", 1, 1), free)).toMatchObject({ fee: "0.00", total: "1.00" });
  });
});

describe("the other charges round up the same way", () => {
  it("exchange fee: 0.1% of 0.01 USD is 0.01; of 1,000 won, 1 won", () => {
    expect(exchangeFee("0.01", "0.001", "USD")).toBe("0.01");
    expect(exchangeFee("1.00", "0.001", "USD")).toBe("0.01");
    expect(exchangeFee("1000", "0.0001", "KRW")).toBe("1");
  });

  it("loan interest: 0.05% a day on 1 USD for a day is 0.0005, charged 0.01", () => {
    expect(loanCost("1.00", { currency: "USD", dailyRate: "0.0005", termDays: 1 })).toEqual({
      interest: "0.01",
      total: "1.01",
    });
    // 10,000 × 0.0005 × 30 = 150 exactly: nothing added.
    expect(loanCost("10000", { currency: "USD", dailyRate: "0.0005", termDays: 30 })).toEqual({
      interest: "150.00",
      total: "10150.00",
    });
  });
});
