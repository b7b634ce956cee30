import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../../money.js";
import {
  exchangeEntryType,
  exchangeFee,
  fitsScale,
  minimumExchange,
  quoteExchange,
  quotedRate,
  receiveFor,
} from "./quote.js";

const terms = { mid: "85.5", spread: "0.005", feeRate: "0.001" };

describe("exchange quote math", () => {
  it("quotes USD → INR: the mid rate less the spread, the fee in USD, the rest converted", () => {
    // 85.5 × 0.995 = 85.0725; fee 0.1 % of 100.00 = 0.10; (100 − 0.10) × 85.0725 = 8498.74275 → 8498.74
    expect(quoteExchange("100.00", "USD", "INR", terms)).toEqual({
      ok: true,
      rate: "85.0725",
      fee: "0.10",
      receive: "8498.74",
    });
  });

  it("rounds the amount received down, never up (8,498.74275 → 8,498.74; 0.999 → 0.99)", () => {
    expect(receiveFor("100.00", "85.0725", "0.001", "USD", "INR")).toBe("8498.74");
    expect(receiveFor("1", "0.999", "0", "USD", "THB")).toBe("0.99");
  });

  it("rounds the rate down to 12 decimals (KRW → USD)", () => {
    // 1 / 1400 = 0.000714285714285…; less 0.5 % = 0.000710714285714…
    expect(quotedRate(money(1).div(1400), "0.005")).toBe("0.000710714285");
  });

  it("rounds the fee up to the paying currency's scale", () => {
    expect(exchangeFee("100.00", "0.001", "USD")).toBe("0.10");
    expect(exchangeFee("100.01", "0.001", "USD")).toBe("0.11");
    expect(exchangeFee("10000", "0.001", "JPY")).toBe("10");
    expect(exchangeFee("10001", "0.001", "JPY")).toBe("11");
    expect(exchangeFee("5.00", "0", "USD")).toBe("0.00");
  });

  it("books JPY, KRW and VND at scale 0", () => {
    const usdToJpy = quoteExchange("10.00", "USD", "JPY", { mid: "150", spread: "0.005", feeRate: "0.001" });
    // rate 149.25; fee 0.01; 9.99 × 149.25 = 1491.0075 → 1491
    expect(usdToJpy).toEqual({ ok: true, rate: "149.25", fee: "0.01", receive: "1491" });
    const krwToVnd = quoteExchange("1000", "KRW", "VND", { mid: "18.14", spread: "0.005", feeRate: "0.001" });
    // rate 18.0493; fee 1 KRW; 999 × 18.0493 = 18031.2507 → 18031
    expect(krwToVnd).toEqual({ ok: true, rate: "18.0493", fee: "1", receive: "18031" });
  });

  it("refuses an amount that would receive nothing, naming the smallest that receives one unit", () => {
    // 1 KRW → USD at ~0.00071: 0.00071 USD rounds down to 0.00
    const refused = quoteExchange("1", "KRW", "USD", {
      mid: money(1).div(1400),
      spread: "0.005",
      feeRate: "0.001",
    });
    expect(refused).toEqual({ ok: false, reason: "belowMinimum", min: "16" });
    // 16 KRW: fee 1, 15 × 0.000710714285 = 0.01066 → 0.01; 15 KRW: fee 1, 14 × … = 0.00995 → 0
    expect(receiveFor("16", "0.000710714285", "0.001", "KRW", "USD")).toBe("0.01");
    expect(receiveFor("15", "0.000710714285", "0.001", "KRW", "USD")).toBe("0.00");
    // 0.01 USD → JPY: the fee of one cent takes it all
    expect(quoteExchange("0.01", "USD", "JPY", { mid: "150", spread: "0.005", feeRate: "0.001" })).toEqual({
      ok: false,
      reason: "belowMinimum",
      min: "0.02",
    });
  });

  it("refuses a rate that rounds to nothing", () => {
    expect(quoteExchange("1", "USD", "INR", { mid: "0", spread: "0", feeRate: "0" })).toEqual({
      ok: false,
      reason: "noRate",
    });
  });

  it("finds the exact minimum: it receives one unit and one step less receives none", () => {
    const currencies = ["USD", "INR", "JPY", "KRW", "VND", "THB"];
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.constantFrom(...currencies),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom("0", "0.001", "0.01"),
        (from, to, micros, feeRate) => {
          const rate = money(micros).div(1_000_000).toFixed();
          const min = minimumExchange(rate, feeRate, from, to);
          expect(money(receiveFor(min, rate, feeRate, from, to)).greaterThan(0)).toBe(true);
          const step = from === "JPY" || from === "KRW" || from === "VND" ? "1" : "0.01";
          const less = money(min).minus(step);
          if (less.greaterThan(0)) expect(receiveFor(less, rate, feeRate, from, to)).toMatch(/^0(\.0+)?$/);
        },
      ),
    );
  });

  it("never gives more than amount × rate, nor less by a unit or more beyond the fee", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (cents, rateMicros) => {
          const amount = money(cents).div(100);
          const rate = money(rateMicros).div(1_000_000);
          const fee = money(exchangeFee(amount, "0.001", "USD"));
          const exact = amount.minus(fee).times(rate);
          const receive = money(receiveFor(amount, rate, "0.001", "USD", "INR"));
          expect(receive.lessThanOrEqualTo(exact)).toBe(true);
          expect(exact.minus(receive).lessThan("0.01")).toBe(true);
        },
      ),
    );
  });

  it("checks an amount against the currency's scale", () => {
    expect(fitsScale("10.25", "USD")).toBe(true);
    expect(fitsScale("10.255", "USD")).toBe(false);
    expect(fitsScale("100", "JPY")).toBe(true);
    expect(fitsScale("100.5", "KRW")).toBe(false);
    expect(fitsScale("0", "USD")).toBe(false);
    expect(fitsScale("-1", "USD")).toBe(false);
  });

  it("names the INR/USD transfer with its own fund-flow types", () => {
    expect(exchangeEntryType("USD", "INR")).toBe("usToIndia");
    expect(exchangeEntryType("INR", "USD")).toBe("indiaToUs");
    expect(exchangeEntryType("USD", "THB")).toBe("exchange");
    expect(exchangeEntryType("INR", "THB")).toBe("exchange");
  });
});
