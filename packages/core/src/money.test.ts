import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fixedText,
  formatMoney,
  money,
  MoneyDecimal,
  percentChange,
  toBookedString,
  toPlainString,
} from "./money.js";

describe("money", () => {
  it("formats with two decimals and thousands separators", () => {
    expect(formatMoney("1234567.805")).toBe("1,234,567.81");
    expect(formatMoney("-1000")).toBe("-1,000.00");
    expect(formatMoney("0.1")).toBe("0.10");
  });
  it("adds without floating-point error", () => {
    expect(money("0.1").plus("0.2").toFixed()).toBe("0.3");
  });
  it("books at the currency's scale", () => {
    expect(toBookedString("1.005", "USD")).toBe("1.01");
    expect(toBookedString("1234.5", "KRW")).toBe("1235");
  });
  it("gives an amount already booked back as it is, and writes every other text as booked", () => {
    expect(toBookedString("1.01", "USD")).toBe("1.01");
    expect(toBookedString("-0.01", "USD")).toBe("-0.01");
    expect(toBookedString("1235", "KRW")).toBe("1235");
    expect(toBookedString("0.00000001", "BTC")).toBe("0.00000001");
    expect(toBookedString("-0.00", "USD")).toBe("0.00");
    expect(toBookedString("-0", "KRW")).toBe("0");
    expect(toBookedString("01.50", "USD")).toBe("1.50");
    expect(toBookedString("1.5", "USD")).toBe("1.50");
    expect(toBookedString("1.500", "USD")).toBe("1.50");
    expect(toBookedString("+1.50", "USD")).toBe("1.50");
    expect(toBookedString("1.50e0", "USD")).toBe("1.50");
    expect(toBookedString("1.00", "KRW")).toBe("1");
  });
  it("books any decimal text as decimal.js rounds and prints it, at every scale", () => {
    const reference = (text: string, scale: number) =>
      money(text).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toFixed(scale);
    const digits = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
    const sign = fc.constantFrom("", "-", "+");
    // Any text decimal.js reads: leading zeros, any number of decimals, an exponent.
    const anyText = fc
      .tuple(
        sign,
        digits(1, 45),
        fc.option(digits(0, 12), { nil: undefined }),
        fc.constantFrom("", "e0", "e-2", "e3"),
      )
      .map(([s, int, frac, exponent]) => `${s}${int}${frac === undefined ? "" : `.${frac}`}${exponent}`);
    // Texts that look booked at `scale`, zeros and negative zeros among them.
    const bookedLike = (scale: number) =>
      fc
        .tuple(sign, fc.oneof(fc.constant("0"), digits(1, 40)), digits(scale, scale))
        .map(([s, int, frac]) => (scale > 0 ? `${s}${int}.${frac}` : `${s}${int}`));
    const currencies = [
      ["USD", 2],
      ["KRW", 0],
      ["USDT", 6],
      ["BTC", 8],
    ] as const;
    const cases = fc
      .constantFrom(...currencies)
      .chain(([currency, scale]) =>
        fc.tuple(fc.constant(currency), fc.constant(scale), fc.oneof(anyText, bookedLike(scale))),
      );
    fc.assert(
      fc.property(cases, ([currency, scale, value]) => {
        expect(toBookedString(value, currency)).toBe(reference(value, scale));
        // The same amount computed (a Decimal, not text) books alike.
        expect(toBookedString(money(value).times(3).div(7), currency)).toBe(
          reference(money(value).times(3).div(7).toFixed(), scale),
        );
      }),
      { numRuns: 10000 },
    );
  });
  it("writes a value with a fixed number of decimals exactly as decimal.js's toFixed does", () => {
    expect(fixedText(money("1.1"), 2)).toBe("1.10");
    expect(fixedText(money("12"), 2)).toBe("12.00");
    expect(fixedText(money("12"), 0)).toBe("12");
    expect(fixedText(money("-0"), 2)).toBe("0.00");
    expect(fixedText(money("-0.001"), 2)).toBe("-0.00");
    expect(fixedText(money("1e-7"), 8)).toBe("0.00000010");
    expect(fixedText(money("1.005"), 2)).toBe("1.01");
    expect(fixedText(money("NaN"), 2)).toBe("NaN");
    expect(fixedText(money("-Infinity"), 2)).toBe("-Infinity");
    expect(() => fixedText(money("1"), Number.NaN)).toThrow();
    expect(() => fixedText(money("1"), -1)).toThrow();
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 30 });
    const value = fc.oneof(
      fc
        .tuple(
          fc.constantFrom("", "-"),
          digits,
          fc.option(digits, { nil: undefined }),
          fc.integer({ min: -40, max: 40 }),
        )
        .map(([sign, int, frac, exponent]) =>
          money(`${sign}${int}${frac === undefined ? "" : `.${frac}`}e${exponent}`),
        ),
      // Values rounded to some decimals, as amounts and prices are before they are written.
      fc
        .tuple(digits, digits, fc.integer({ min: 0, max: 12 }))
        .map(([a, b, dp]) => money(a).div(money(b).plus(1)).toDecimalPlaces(dp, MoneyDecimal.ROUND_HALF_UP)),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 14 }), (v, decimals) => {
        expect(fixedText(v, decimals)).toBe(v.toFixed(decimals));
      }),
      { numRuns: 10000 },
    );
  });
  it("writes a value plainly, without trailing zeros, as decimal.js's toFixed() does", () => {
    expect(toPlainString("1.01")).toBe("1.01");
    expect(toPlainString("-0.01")).toBe("-0.01");
    expect(toPlainString("1.10")).toBe("1.1");
    expect(toPlainString("10.00")).toBe("10");
    expect(toPlainString("-0")).toBe("0");
    expect(toPlainString("-0.00")).toBe("0");
    expect(toPlainString("007")).toBe("7");
    expect(toPlainString("1e-3")).toBe("0.001");
    expect(toPlainString(money("2.50"))).toBe("2.5");
    const digits = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
    const text = fc
      .tuple(
        fc.constantFrom("", "-", "+"),
        fc.oneof(fc.constant("0"), digits(1, 40)),
        fc.option(digits(0, 12), { nil: undefined }),
        fc.constantFrom("", "", "e0", "e-2", "e3"),
      )
      .map(([s, int, frac, exponent]) => `${s}${int}${frac === undefined ? "" : `.${frac}`}${exponent}`);
    fc.assert(
      fc.property(text, (value) => {
        expect(toPlainString(value)).toBe(money(value).toFixed());
      }),
      { numRuns: 10000 },
    );
  });
  it("computes percent change to two decimals", () => {
    expect(percentChange("110", "100")).toBe("10.00");
    expect(percentChange("99.5", "100")).toBe("-0.50");
    expect(percentChange("1", "0")).toBe("0.00");
  });
});
