import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exchangeFee } from "./funds/fx/index.js";
import { loanCost } from "./funds/loan/index.js";
import { money, toChargedString } from "./money.js";
import {
  DEFAULT_TRADING_CONFIG,
  closeCost,
  orderCost,
  settlement,
  type ChargeKind,
} from "./trading/index.js";

/**
 * Fees and taxes round UP to the currency's scale (DESIGN §5a), so that no order is small enough, and no
 * split fine enough, to book zero on a non-zero rate. Every figure below is worked out by hand.
 */

const { CRYPTO, FX, IN, US, KR, MY, TH } = DEFAULT_TRADING_CONFIG;
const long = (price: string, quantity: number | string, leverage: number, currency = "USD") => ({
  direction: "long" as const,
  price,
  quantity: String(quantity),
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
      tax: "0.00",
      total: "1.01",
      charges: [{ id: "commission", kind: "commission", amount: "0.01" }],
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
      tax: "0.00",
      total: "48.84",
      charges: [{ id: "commission", kind: "commission", amount: "0.01" }],
    });
    // One unit at 30×: notional 1.085, margin 0.036 → 0.04, fee 0.0001085 → 0.01.
    expect(orderCost(long("1.0850", 1, 30), FX)).toMatchObject({
      margin: "0.04",
      fee: "0.01",
      total: "0.05",
    });
  });

  it("closing a 1 USD crypto position pays 0.01 too", () => {
    expect(closeCost({ quantity: "1", currency: "USD" }, "1.00", CRYPTO)).toEqual({
      notional: "1.00",
      fee: "0.01",
      stampDuty: "0.00",
      charges: [{ id: "commission", kind: "commission", amount: "0.01" }],
    });
    const position = {
      direction: "long",
      openPrice: "1.00",
      quantity: "1",
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

describe("each fee and tax rounds up on its own: a small sale pays every one", () => {
  const line = (id: string, kind: ChargeKind, amount: string) => ({ id, kind, amount });
  it.each([
    // India, ₹4.00 sold: commission at its ₹20 minimum (0.03% is ₹0.0012); NSE 0.00297% is ₹0.0001188,
    // SEBI ₹0.000004, STT 0.1% ₹0.004: each 0.01; GST 18% of 20.00 + 0.01 + 0.01 = 3.6036 → 3.61. No stamp
    // duty: it is the buyer's.
    [
      "INR",
      IN,
      "4.00",
      "20.02",
      "3.62",
      [
        line("commission", "commission", "20.00"),
        line("exchangeFee", "exchangeFee", "0.01"),
        line("sebiFee", "regulatorFee", "0.01"),
        line("stt", "transactionTax", "0.01"),
        line("gst", "vat", "3.61"),
      ],
    ],
    // US, $100.00 sold: the $1 minimum; section 31 fee $0.00206 and FINRA's $0.000195 a share: 0.01 each.
    [
      "USD",
      US,
      "100.00",
      "1.02",
      "0.00",
      [
        line("commission", "commission", "1.00"),
        line("secFee", "regulatorFee", "0.01"),
        line("finraTaf", "regulatorFee", "0.01"),
      ],
    ],
    // Korea, ₩100 sold: the ₩100 minimum; 0.20% is ₩0.2 → ₩1.
    [
      "KRW",
      KR,
      "100",
      "100",
      "1",
      [line("commission", "commission", "100"), line("stt", "transactionTax", "1")],
    ],
    // Malaysia, RM1.00 sold: the RM8 minimum; clearing 0.03% is RM0.0003 → 0.01; stamp duty RM1 for the
    // RM1,000 "or part" the RM1.00 is.
    [
      "MYR",
      MY,
      "1.00",
      "8.01",
      "1.00",
      [
        line("commission", "commission", "8.00"),
        line("clearingFee", "clearingFee", "0.01"),
        line("stampDuty", "stampDuty", "1.00"),
      ],
    ],
  ])("%s: one share sold at %s", (currency, rule, price, fee, stampDuty, charges) => {
    expect(closeCost({ quantity: "1", currency }, price, rule)).toEqual({
      notional: price,
      fee,
      stampDuty,
      charges,
    });
  });
});

/** The charges of one trade by id: `{ commission: "20.00", stt: "24.57", … }`. */
const byId = (lines: { id: string; amount: string }[]) =>
  Object.fromEntries(lines.map((l) => [l.id, l.amount]));

describe("India: STT on both sides, stamp duty on the buy, GST on brokerage + exchange + SEBI fees", () => {
  it.each([
    // 10 × 2,456.35 = 24,563.50 bought: commission 7.37 → the ₹20 minimum; NSE 0.72953595 → 0.73; SEBI
    // 0.0245635 → 0.03; STT 24.5635 → 24.57; stamp duty 0.015% 3.684525 → 3.69; GST 18% of 20.76 = 3.7368
    // → 3.74. Fees 20.76, taxes 32.00.
    [
      10,
      {
        commission: "20.00",
        exchangeFee: "0.73",
        sebiFee: "0.03",
        stt: "24.57",
        stampDuty: "3.69",
        gst: "3.74",
      },
      "52.76",
      "32.00",
    ],
    // 100 × 2,456.35 = 245,635.00: commission 73.6905 → 73.70; NSE 7.2953595 → 7.30; SEBI 0.245635 → 0.25;
    // STT 245.635 → 245.64; stamp duty 36.84525 → 36.85; GST 18% of 81.25 = 14.625 → 14.63.
    [
      100,
      {
        commission: "73.70",
        exchangeFee: "7.30",
        sebiFee: "0.25",
        stt: "245.64",
        stampDuty: "36.85",
        gst: "14.63",
      },
      "378.37",
      "297.12",
    ],
  ])("a long of %i opens with a purchase", (quantity, lines, fee, tax) => {
    const cost = orderCost(long("2456.35", quantity, 1, "INR"), IN);
    expect(byId(cost.charges)).toEqual(lines);
    expect(cost).toMatchObject({ fee, tax });
  });

  it("the sale closing it pays STT and GST but no stamp duty", () => {
    // 10 × 2,601.80 = 26,018.00: ₹20; NSE 0.7727346 → 0.78; SEBI 0.026018 → 0.03; STT 26.018 → 26.02;
    // GST 18% of 20.81 = 3.7458 → 3.75.
    const cost = closeCost({ quantity: "10", currency: "INR" }, "2601.80", IN);
    expect(byId(cost.charges)).toEqual({
      commission: "20.00",
      exchangeFee: "0.78",
      sebiFee: "0.03",
      stt: "26.02",
      gst: "3.75",
    });
    expect(cost).toMatchObject({ fee: "20.81", stampDuty: "29.77" });
  });

  it("a short opens with the sale (no stamp duty) and closes with the purchase (stamp duty)", () => {
    const open = orderCost({ ...long("2456.35", 10, 1, "INR"), direction: "short" }, IN);
    expect(byId(open.charges)).not.toHaveProperty("stampDuty");
    const close = closeCost({ quantity: "10", currency: "INR", direction: "short" }, "2601.80", IN);
    // 26,018.00 × 0.015% = 3.9027 → 3.91.
    expect(byId(close.charges).stampDuty).toBe("3.91");
  });
});

describe("US: section 31 fee and FINRA's trading activity fee on sales only", () => {
  it("a purchase pays the commission alone", () => {
    // 100 × 187.43 = 18,743.00: 0.03% is 5.6229 → 5.63.
    expect(orderCost(long("187.43", 100, 1), US)).toMatchObject({
      fee: "5.63",
      tax: "0.00",
      charges: [{ id: "commission", amount: "5.63" }],
    });
  });

  it.each([
    // 100 × 179.06 = 17,906.00: commission 5.3718 → 5.38; SEC 17,906 × 0.0000206 = 0.3688636 → 0.37; FINRA
    // 100 × 0.000195 = 0.0195 → 0.02.
    [100, "179.06", { commission: "5.38", secFee: "0.37", finraTaf: "0.02" }, "5.77"],
    // 49,999 × 10.00 = 499,990: commission 149.997 → 150.00; SEC 10.299794 → 10.30; FINRA 9.749805 → 9.75.
    [49_999, "10.00", { commission: "150.00", secFee: "10.30", finraTaf: "9.75" }, "170.05"],
    // 50,205 × 10.00 = 502,050: commission 150.615 → 150.62; SEC 10.34223 → 10.35; FINRA 9.789975 → 9.79
    // (just under the cap, rounded up to it).
    [50_205, "10.00", { commission: "150.62", secFee: "10.35", finraTaf: "9.79" }, "170.76"],
    // 60,000 × 10.00 = 600,000: SEC 12.36 exactly; FINRA 11.70 is capped at $9.79 a trade.
    [60_000, "10.00", { commission: "180.00", secFee: "12.36", finraTaf: "9.79" }, "202.15"],
  ])("a sale of %i at %s", (quantity, price, lines, fee) => {
    const cost = closeCost({ quantity: String(quantity), currency: "USD" }, price, US);
    expect(byId(cost.charges)).toEqual(lines);
    expect(cost).toMatchObject({ fee, stampDuty: "0.00" });
  });

  it("a short pays them when it opens (a sale), not when it closes (a purchase)", () => {
    // 18,743.00 sold: SEC 0.3861058 → 0.39, FINRA 0.0195 → 0.02.
    const open = orderCost({ ...long("187.43", 100, 1), direction: "short" }, US);
    expect(byId(open.charges)).toEqual({ commission: "5.63", secFee: "0.39", finraTaf: "0.02" });
    expect(open.fee).toBe("6.04");
    const close = closeCost({ quantity: "100", currency: "USD", direction: "short" }, "179.06", US);
    expect(byId(close.charges)).toEqual({ commission: "5.38" });
  });
});

describe("Korea: securities transaction tax of 0.20% on sales (2026)", () => {
  it("a purchase pays the commission, the sale the tax too", () => {
    // 10 × 71,300 = 713,000: 213.9 → ₩214. Sold at 74,900: 224.7 → ₩225, tax 1,498 exactly.
    expect(orderCost(long("71300", 10, 1, "KRW"), KR)).toMatchObject({ fee: "214", tax: "0" });
    const close = closeCost({ quantity: "10", currency: "KRW" }, "74900", KR);
    expect(byId(close.charges)).toEqual({ commission: "225", stt: "1498" });
    expect(close).toMatchObject({ fee: "225", stampDuty: "1498" });
  });
});

describe("Malaysia: stamp duty RM1 per RM1,000 or part, capped, and the clearing fee, on both sides", () => {
  it.each([
    // value → stamp duty: every RM1,000 begun costs RM1.
    ["1.00", "1.00"],
    ["999.99", "1.00"],
    ["1000.00", "1.00"],
    ["1000.01", "2.00"],
    ["2350.00", "3.00"],
    ["999000.00", "999.00"],
    ["999000.01", "1000.00"],
    // 1,000,001 is 1,001 blocks begun: the cap of RM1,000 a contract.
    ["1000001.00", "1000.00"],
    ["5000000.00", "1000.00"],
  ])("a contract of RM%s pays RM%s", (value, duty) => {
    expect(byId(closeCost({ quantity: "1", currency: "MYR" }, value, MY).charges).stampDuty).toBe(duty);
    expect(byId(orderCost(long(value, 1, 1, "MYR"), MY).charges).stampDuty).toBe(duty);
  });

  it("1,000 shares bought at 2.35 and sold at 2.41", () => {
    // 2,350.00: RM8 minimum; clearing 0.705 → 0.71; stamp duty 3 blocks begun, RM3.
    const open = orderCost(long("2.35", 1000, 1, "MYR"), MY);
    expect(byId(open.charges)).toEqual({ commission: "8.00", clearingFee: "0.71", stampDuty: "3.00" });
    expect(open).toMatchObject({ fee: "11.71", tax: "3.00" });
    // 2,410.00: RM8; clearing 0.723 → 0.73; RM3.
    const close = closeCost({ quantity: "1000", currency: "MYR" }, "2.41", MY);
    expect(close).toMatchObject({ fee: "8.73", stampDuty: "3.00" });
  });

  it("caps the clearing fee at RM1,000 a contract too", () => {
    // 4,000,000: clearing 1,200 → 1,000; stamp duty 4,000 → 1,000; commission 0.1% 4,000.
    const close = closeCost({ quantity: "2000000", currency: "MYR" }, "2.00", MY);
    expect(byId(close.charges)).toEqual({
      commission: "4000.00",
      clearingFee: "1000.00",
      stampDuty: "1000.00",
    });
  });
});

describe("Thailand: commission, SET, TSD and SEC fees, and 7% VAT on them all; no stamp duty", () => {
  it.each([
    // 100 × 35.25 = 3,525.00: the ฿50 minimum; SET 0.17625 → 0.18; TSD 0.03525 → 0.04; SEC 0.04; VAT 7% of
    // 50.26 = 3.5182 → 3.52.
    [
      100,
      { commission: "50.00", exchangeFee: "0.18", clearingFee: "0.04", secFee: "0.04", vat: "3.52" },
      "53.78",
    ],
    // 10,000 × 35.25 = 352,500: commission 528.75; SET 17.625 → 17.63; TSD 3.525 → 3.53; SEC 3.53; VAT 7% of
    // 553.44 = 38.7408 → 38.75.
    [
      10_000,
      { commission: "528.75", exchangeFee: "17.63", clearingFee: "3.53", secFee: "3.53", vat: "38.75" },
      "592.19",
    ],
  ])("%i shares at 35.25, on either side", (quantity, lines, total) => {
    const open = orderCost(long("35.25", quantity, 1, "THB"), TH);
    expect(byId(open.charges)).toEqual(lines);
    expect(open.fee).toBe(total);
    expect(byId(closeCost({ quantity: String(quantity), currency: "THB" }, "35.25", TH).charges)).toEqual(
      lines,
    );
  });
});

describe("a market's minimum fee applies where it is configured", () => {
  it("US: 0.03% of $100 is $0.03, the minimum $1 is charged on opening and on closing", () => {
    expect(orderCost(long("100.00", 1, 1), US).fee).toBe("1.00");
    // The sale pays the regulators' fees besides (see above): the commission line is the minimum.
    expect(closeCost({ quantity: "1", currency: "USD" }, "100.00", US).charges[0]).toEqual({
      id: "commission",
      kind: "commission",
      amount: "1.00",
    });
  });

  it("crypto with an operator's minimum of 0.50: below it the minimum, above it the rate, rounded up", () => {
    const rule = { ...CRYPTO, minFee: "0.50" };
    expect(orderCost(long("1.00", 1, 1), rule)).toMatchObject({ fee: "0.50", total: "1.50" });
    // 1,234.56 × 0.001 = 1.23456 → 1.24.
    expect(orderCost(long("1234.56", 1, 1), rule).fee).toBe("1.24");
    expect(closeCost({ quantity: "1", currency: "USD" }, "1.00", rule).fee).toBe("0.50");
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
