import { describe, expect, it } from "vitest";
import type { CloseRule } from "./maths.js";
import type { ChargeComponent, ChargeSide } from "./charges.js";
import {
  closeCost,
  liquidationPrice,
  marketValue,
  orderCost,
  pnl,
  returnRate,
  settlement,
  shouldLiquidate,
  type Direction,
  type PositionTerms,
} from "./maths.js";

/** A tax on the value of a trade, on `side` (charges.test.ts has each market's real components). */
const tax = (rate: string, side: ChargeSide = "sell", max?: string): ChargeComponent[] => [
  { id: "tax", kind: "stampDuty", basis: { kind: "value", rate }, side, ...(max ? { max } : {}) },
];
/** Fixed rules for the tables (not the defaults, which an operator may change): a commission and a tax on sales. */
const RULES: Record<string, CloseRule> = {
  INR: { feeRate: "0.0003", minFee: "20", charges: tax("0.001") },
  USD: { feeRate: "0.0003", minFee: "1", charges: tax("0.0000278") },
  KRW: { feeRate: "0.0003", minFee: "100", charges: tax("0.002") },
};
const rule = (currency: string) => RULES[currency] as CloseRule;
const DIRECTIONS: Direction[] = ["long", "short"];

describe("opening cost: margin = price × quantity ÷ leverage, fee = max(rate × notional, minimum)", () => {
  // currency, price, quantity, leverage → notional, margin, fee, total (computed by hand)
  const TABLE: [string, string, number, number, string, string, string, string][] = [
    ["INR", "2456.35", 37, 1, "90884.95", "90884.95", "27.27", "90912.22"],
    ["INR", "2456.35", 37, 5, "90884.95", "18176.99", "27.27", "18204.26"],
    ["INR", "2456.35", 37, 10, "90884.95", "9088.50", "27.27", "9115.77"],
    ["INR", "101.10", 3, 1, "303.30", "303.30", "20.00", "323.30"],
    ["INR", "101.10", 3, 5, "303.30", "60.66", "20.00", "80.66"],
    ["INR", "101.10", 3, 10, "303.30", "30.33", "20.00", "50.33"],
    ["USD", "187.43", 13, 1, "2436.59", "2436.59", "1.00", "2437.59"],
    ["USD", "187.43", 13, 5, "2436.59", "487.32", "1.00", "488.32"],
    ["USD", "187.43", 13, 10, "2436.59", "243.66", "1.00", "244.66"],
    ["USD", "512.77", 250, 1, "128192.50", "128192.50", "38.46", "128230.96"],
    ["USD", "512.77", 250, 5, "128192.50", "25638.50", "38.46", "25676.96"],
    ["USD", "512.77", 250, 10, "128192.50", "12819.25", "38.46", "12857.71"],
    ["KRW", "71300", 7, 1, "499100", "499100", "150", "499250"],
    ["KRW", "71300", 7, 5, "499100", "99820", "150", "99970"],
    ["KRW", "71300", 7, 10, "499100", "49910", "150", "50060"],
    ["KRW", "12345", 3, 1, "37035", "37035", "100", "37135"],
    ["KRW", "12345", 3, 5, "37035", "7407", "100", "7507"],
    ["KRW", "12345", 3, 10, "37035", "3704", "100", "3804"],
  ];
  for (const direction of DIRECTIONS)
    it.each(TABLE)(
      `${direction} %s %s × %i at %ix`,
      (currency, price, quantity, leverage, notional, margin, fee, total) => {
        // The commission alone: a short's opening sale would also pay the tax on sales (charges.test.ts).
        const commission = { ...rule(currency), charges: [] };
        expect(
          orderCost({ direction, price, quantity: String(quantity), leverage, currency }, commission),
        ).toMatchObject({
          notional,
          margin,
          fee,
          total,
          charges: [{ id: "commission", kind: "commission", amount: fee }],
        });
      },
    );

  it("refuses a quantity not above 0, any JS number (even whole), and a leverage below 1", () => {
    const order = { direction: "long", price: "10", quantity: "1", leverage: 1, currency: "INR" } as const;
    for (const quantity of [0, -1, 1, 1.5, Number.NaN, "0", "-1", "1e3", "abc"])
      expect(() => orderCost({ ...order, quantity: quantity as string }, rule("INR"))).toThrow(
        expect.objectContaining({ code: "QUANTITY_NOT_MULTIPLE_OF_STEP" }),
      );
    expect(() => orderCost({ ...order, leverage: 0 }, rule("INR"))).toThrow(
      expect.objectContaining({ code: "LEVERAGE_NOT_ALLOWED" }),
    );
  });
});

describe("closing cost: fee on the close notional, stamp duty on the closing side", () => {
  // currency, quantity, close price → notional, fee, stamp duty
  const TABLE: [string, number, string, string, string, string][] = [
    ["INR", 37, "2601.80", "96266.60", "28.88", "96.27"],
    ["INR", 37, "2310.05", "85471.85", "25.65", "85.48"],
    ["USD", 13, "179.06", "2327.78", "1.00", "0.07"],
    ["USD", 250, "530.12", "132530.00", "39.76", "3.69"],
    ["KRW", 7, "74900", "524300", "158", "1049"],
  ];
  it.each(TABLE)("%s %i at %s", (currency, quantity, price, notional, fee, stampDuty) => {
    expect(closeCost({ quantity: String(quantity), currency }, price, rule(currency))).toMatchObject({
      notional,
      fee,
      stampDuty,
    });
  });

  it("caps the stamp duty where the market caps it (Malaysia: 0.1%, at most RM1,000)", () => {
    const myr = { feeRate: "0.001", minFee: "8", charges: tax("0.001", "sell", "1000") };
    expect(closeCost({ quantity: "1000", currency: "MYR" }, "999.99", myr).stampDuty).toBe("999.99");
    expect(closeCost({ quantity: "1000", currency: "MYR" }, "1000.01", myr).stampDuty).toBe("1000.00");
  });
});

describe("P&L, return rate on margin, market value", () => {
  // currency, quantity, open, price → long P&L, short P&L
  const TABLE: [string, number, string, string, string, string][] = [
    ["INR", 37, "2456.35", "2601.80", "5381.65", "-5381.65"],
    ["INR", 37, "2456.35", "2310.05", "-5413.10", "5413.10"],
    ["INR", 37, "2456.35", "2456.35", "0.00", "0.00"],
    ["USD", 13, "187.43", "179.06", "-108.81", "108.81"],
    ["USD", 250, "512.77", "530.12", "4337.50", "-4337.50"],
    ["KRW", 7, "71300", "74900", "25200", "-25200"],
    ["USD", 3, "0.1234", "0.1299", "0.02", "-0.02"],
  ];
  it.each(TABLE)("%s %i from %s to %s", (currency, quantity, openPrice, price, long, short) => {
    expect(pnl({ direction: "long", openPrice, quantity: String(quantity), currency }, price)).toBe(long);
    expect(pnl({ direction: "short", openPrice, quantity: String(quantity), currency }, price)).toBe(short);
  });

  it.each([
    ["5381.65", "90884.95", "5.92"],
    ["5381.65", "18176.99", "29.61"],
    ["5381.65", "9088.50", "59.21"],
    ["-5413.10", "18176.99", "-29.78"],
    ["-108.81", "487.32", "-22.33"],
    ["25200", "49910", "50.49"],
    ["-25200", "99820", "-25.25"],
    ["12", "0", "0.00"],
  ])("return rate of %s on a margin of %s is %s%%", (profit, margin, rate) => {
    expect(returnRate(profit, margin)).toBe(rate);
  });

  it("market value is price × quantity at the currency's scale", () => {
    expect(marketValue("2601.80", "37", "INR")).toBe("96266.60");
    expect(marketValue("74900", "7", "KRW")).toBe("524300");
    expect(marketValue("0.1299", "3", "USD")).toBe("0.39");
  });
});

describe("settlement of a close", () => {
  // A short closes with a purchase: the tax is levied on both sides here, so that its close pays one.
  const usdBothSides = { ...rule("USD"), charges: tax("0.0000278", "both") };
  const inrLong5: PositionTerms = {
    direction: "long",
    openPrice: "2456.35",
    quantity: "37",
    margin: "18176.99",
    currency: "INR",
  };

  it("a gain: margin and gain back, fee and stamp duty charged", () => {
    expect(settlement(inrLong5, "2601.80", rule("INR"))).toEqual({
      closeNotional: "96266.60",
      pnl: "5381.65",
      fee: "28.88",
      stampDuty: "96.27",
      net: "23433.49",
      shortfall: "0.00",
      fromAvailable: "0.00",
      booked: {
        marginRelease: "18176.99",
        protection: "0.00",
        realisedPnl: "5381.65",
        fee: "28.88",
        stampDuty: "96.27",
      },
      charges: [
        { id: "commission", kind: "commission", amount: "28.88" },
        { id: "tax", kind: "stampDuty", amount: "96.27" },
      ],
    });
  });

  it("a loss within the margin: what is left of the margin comes back", () => {
    const s = settlement(inrLong5, "2310.05", rule("INR"), "500.00");
    expect(s).toMatchObject({ pnl: "-5413.10", fee: "25.65", stampDuty: "85.48", net: "12652.76" });
    expect(s).toMatchObject({ shortfall: "0.00", fromAvailable: "0.00" });
    expect(s.booked).toEqual({
      marginRelease: "18176.99",
      protection: "0.00",
      realisedPnl: "-5413.10",
      fee: "25.65",
      stampDuty: "85.48",
    });
  });

  const usdShort10: PositionTerms = {
    direction: "short",
    openPrice: "512.77",
    quantity: "250",
    margin: "12819.25",
    currency: "USD",
  };

  it("a loss beyond the margin: the platform pays it in, the charges come from available, all booked in full", () => {
    const s = settlement(usdShort10, "570.00", usdBothSides, "1000.00");
    expect(s).toMatchObject({
      closeNotional: "142500.00",
      pnl: "-14307.50",
      fee: "42.75",
      stampDuty: "3.97",
      net: "-1534.97",
      shortfall: "1534.97",
      // The closing charges 42.75 + 3.97; the market loss beyond the margin, 1,488.25, is the platform's.
      fromAvailable: "46.72",
    });
    expect(s.booked).toEqual({
      marginRelease: "12819.25",
      protection: "1488.25",
      realisedPnl: "-14307.50",
      fee: "42.75",
      stampDuty: "3.97",
    });
  });

  it("with nothing available the platform bears the whole shortfall, charges included", () => {
    const s = settlement(usdShort10, "570.00", usdBothSides);
    expect(s).toMatchObject({ fromAvailable: "0.00", booked: { protection: "1534.97" } });
  });

  it("even when the margin is a sliver of the charges: taxes and fees get their whole amount", () => {
    const krwShort10: PositionTerms = {
      direction: "short",
      openPrice: "1000",
      quantity: "1",
      margin: "100",
      currency: "KRW",
    };
    const s = settlement(krwShort10, "100000", {
      feeRate: "0.0003",
      minFee: "0",
      charges: tax("0.002", "both"),
    });
    expect(s).toMatchObject({
      pnl: "-99000",
      fee: "30",
      stampDuty: "200",
      net: "-99130",
      shortfall: "99130",
    });
    expect(s.booked).toEqual({
      marginRelease: "100",
      protection: "99130",
      realisedPnl: "-99000",
      fee: "30",
      stampDuty: "200",
    });
  });
});

describe("automatic close at a share of the margin", () => {
  const long: PositionTerms = {
    direction: "long",
    openPrice: "2456.35",
    quantity: "37",
    margin: "18176.99",
    currency: "INR",
  };
  const short: PositionTerms = { ...long, direction: "short" };

  it("a long closes once the loss reaches 80% of the margin (14,541.592: 393.016 a share)", () => {
    expect(liquidationPrice(long, "0.8", 2)).toBe("2063.33");
    expect(shouldLiquidate(long, "2063.33", "0.8")).toBe(true);
    expect(shouldLiquidate(long, "2063.34", "0.8")).toBe(false);
    expect(shouldLiquidate(long, "2600", "0.8")).toBe(false);
  });

  it("a short mirrors it", () => {
    expect(liquidationPrice(short, "0.8", 2)).toBe("2849.37");
    expect(shouldLiquidate(short, "2849.37", "0.8")).toBe(true);
    expect(shouldLiquidate(short, "2849.36", "0.8")).toBe(false);
    expect(shouldLiquidate(short, "2000", "0.8")).toBe(false);
  });

  it("the threshold is inclusive and exact", () => {
    // Margin 100, share 0.5: a loss of exactly 50 (10 shares down 5) closes.
    const p: PositionTerms = {
      direction: "long",
      openPrice: "100",
      quantity: "10",
      margin: "100",
      currency: "USD",
    };
    expect(shouldLiquidate(p, "95", "0.5")).toBe(true);
    expect(shouldLiquidate(p, "95.01", "0.5")).toBe(false);
    expect(liquidationPrice(p, "0.5", 2)).toBe("95.00");
  });

  it("an unleveraged long with a share of 1 has no price that closes it", () => {
    const p: PositionTerms = {
      direction: "long",
      openPrice: "50",
      quantity: "2",
      margin: "100",
      currency: "USD",
    };
    expect(liquidationPrice(p, "1", 2)).toBeUndefined();
    expect(shouldLiquidate(p, "0.01", "1")).toBe(false);
  });
});
