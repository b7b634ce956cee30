import { describe, expect, it } from "vitest";
import { loanCost } from "./index.js";

describe("loanCost", () => {
  // Hand-computed: interest = amount × daily rate × days, rounded up to the currency's scale.
  it.each([
    ["1000", "USD", "0.0005", 30, "15.00", "1015.00"], // 1000 × 0.0005 × 30 = 15 exactly
    ["333.33", "USD", "0.0005", 30, "5.00", "338.33"], // 4.99995 rounds up to 5.00
    ["100", "USD", "0.0001", 1, "0.01", "100.01"], // 0.01 exactly
    ["101", "USD", "0.00001", 7, "0.01", "101.01"], // 0.00707 rounds up to a cent, never to 0.00
    ["100000", "INR", "0.0003", 90, "2700.00", "102700.00"],
    ["1234567", "KRW", "0.0005", 30, "18519", "1253086"], // 18518.505 rounds up to a whole won
    ["5000", "USD", "0", 30, "0.00", "5000.00"], // no interest at a rate of 0
  ])(
    "%s %s at %s for %i days: interest %s, total %s",
    (amount, currency, dailyRate, termDays, interest, total) => {
      expect(loanCost(amount, { currency, dailyRate, termDays })).toEqual({ interest, total });
    },
  );
});
