import { describe, expect, it } from "vitest";
import { checkOrder, priceBandLimits } from "./checks.js";
import { TradingRuleError } from "./errors.js";

const config = { leverages: [1, 2, 5, 10], priceBand: "0.1" };
const codeOf = (fn: () => void): string | undefined => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TradingRuleError) return error.code;
    throw error;
  }
  return undefined;
};

describe("priceBandLimits", () => {
  it("is ± the band around the previous close, exactly", () => {
    const { low, high } = priceBandLimits("2456.35", "0.2");
    expect([low.toFixed(), high.toFixed()]).toEqual(["1965.08", "2947.62"]);
  });
});

describe("checkOrder", () => {
  const order = { price: "100", quantity: "10", step: "1", leverage: 5 };

  it("passes a good market order and a limit order on the edges of the band", () => {
    expect(codeOf(() => checkOrder(order, config))).toBeUndefined();
    for (const price of ["90", "110", "90.00", "100.5"])
      expect(
        codeOf(() => checkOrder({ ...order, price, limit: { previousClose: "100" } }, config)),
        price,
      ).toBeUndefined();
  });

  it.each([
    ["a zero price", { price: "0" }, "PRICE_NOT_POSITIVE"],
    ["a negative price", { price: "-1" }, "PRICE_NOT_POSITIVE"],
    ["a price that is not a number", { price: "NaN" }, "PRICE_NOT_POSITIVE"],
    ["a limit below the band", { price: "89.99", limit: { previousClose: "100" } }, "PRICE_BEYOND_LIMIT"],
    ["a limit above the band", { price: "110.01", limit: { previousClose: "100" } }, "PRICE_BEYOND_LIMIT"],
    ["a part lot", { quantity: "1.5" }, "QUANTITY_NOT_MULTIPLE_OF_STEP"],
    ["no lots", { quantity: "0" }, "QUANTITY_NOT_MULTIPLE_OF_STEP"],
    ["a negative quantity", { quantity: "-100" }, "QUANTITY_NOT_MULTIPLE_OF_STEP"],
    ["an exponent", { quantity: "1e2" }, "QUANTITY_NOT_MULTIPLE_OF_STEP"],
    [
      "150 shares where the board lot is 100",
      { quantity: "150", step: "100" },
      "QUANTITY_NOT_MULTIPLE_OF_STEP",
    ],
    ["half a step of BTC", { quantity: "0.000005", step: "0.00001" }, "QUANTITY_NOT_MULTIPLE_OF_STEP"],
    ["a leverage not offered", { leverage: 3 }, "LEVERAGE_NOT_ALLOWED"],
  ])("refuses %s", (_, change, code) => {
    expect(codeOf(() => checkOrder({ ...order, ...change }, config))).toBe(code);
  });

  it.each([
    ["200", "100"],
    ["0.001", "0.00001"],
    ["0.00001", "0.00001"],
    ["1.2345", "0.0001"],
    ["3.0", "1"],
  ])("passes %s on a step of %s", (quantity, step) => {
    expect(codeOf(() => checkOrder({ ...order, quantity, step }, config))).toBeUndefined();
  });

  it("names the quantity and the step in the refusal", () => {
    expect(() => checkOrder({ ...order, quantity: "150", step: "100" }, config)).toThrow(
      expect.objectContaining({ params: { quantity: "150", step: "100" } }),
    );
  });

  it("a market order is not held to the band (it trades at the current price)", () => {
    expect(codeOf(() => checkOrder({ ...order, price: "150" }, config))).toBeUndefined();
  });

  it("checks in the issue's order: price, band, lots, leverage", () => {
    const bad = { price: "0", quantity: "0", step: "1", leverage: 3, limit: { previousClose: "100" } };
    expect(codeOf(() => checkOrder(bad, config))).toBe("PRICE_NOT_POSITIVE");
    expect(codeOf(() => checkOrder({ ...bad, price: "200" }, config))).toBe("PRICE_BEYOND_LIMIT");
    expect(codeOf(() => checkOrder({ ...bad, price: "100" }, config))).toBe("QUANTITY_NOT_MULTIPLE_OF_STEP");
    expect(codeOf(() => checkOrder({ ...bad, price: "100", quantity: "1" }, config))).toBe(
      "LEVERAGE_NOT_ALLOWED",
    );
  });

  it("names the band in the refusal", () => {
    try {
      checkOrder({ ...order, price: "120", limit: { previousClose: "100" } }, config);
    } catch (error) {
      expect((error as TradingRuleError).params).toEqual({ min: "90", max: "110" });
    }
    expect.assertions(1);
  });
});
