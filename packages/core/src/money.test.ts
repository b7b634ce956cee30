import { describe, expect, it } from "vitest";
import { formatMoney, percentChange, toBookedString, money } from "./money.js";

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
  it("computes percent change to two decimals", () => {
    expect(percentChange("110", "100")).toBe("10.00");
    expect(percentChange("99.5", "100")).toBe("-0.50");
    expect(percentChange("1", "0")).toBe("0.00");
  });
});
