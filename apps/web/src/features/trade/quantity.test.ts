import { describe, expect, it } from "vitest";
import { isOnStep, quantityRuleOf, stepDown, stepUp, typedQuantity } from "./quantity";

describe("the buy form's quantity", () => {
  it("steps exactly, onto the grid, never below one step", () => {
    expect(stepUp("0.1", "0.1")).toBe("0.2");
    expect(stepUp("0.2", "0.1")).toBe("0.3");
    expect(stepUp("150", "100")).toBe("200");
    expect(stepUp("", "0.00001")).toBe("0.00001");
    expect(stepDown("150", "100")).toBe("100");
    expect(stepDown("100", "100")).toBe("100");
    expect(stepDown("0.00003", "0.00001")).toBe("0.00002");
  });

  it("tells a quantity on the step from one off it", () => {
    expect(isOnStep("200", "100")).toBe(true);
    expect(isOnStep("150", "100")).toBe(false);
    expect(isOnStep("0", "1")).toBe(false);
    expect(isOnStep("0.001", "0.00001")).toBe(true);
    expect(isOnStep("1.", "1")).toBe(false);
  });

  it("keeps digits and one decimal point of what is typed", () => {
    expect(typedQuantity("1,5")).toBe("1.5");
    expect(typedQuantity("1.2.3")).toBe("1.23");
    expect(typedQuantity("-12a")).toBe("12");
  });

  it("takes the market order's step at market and the limit order's otherwise", () => {
    const details = { kind: "stock", lotSize: 1, quantityStep: "1", marketQuantityStep: "0.0001" } as const;
    const quote = details as unknown as Parameters<typeof quantityRuleOf>[0];
    expect(quantityRuleOf(quote, "market").step).toBe("0.0001");
    expect(quantityRuleOf(quote, "limit").step).toBe("1");
    expect(quantityRuleOf(undefined, "market")).toEqual({ step: "1", lotSize: 1, kind: "stock" });
  });
});
