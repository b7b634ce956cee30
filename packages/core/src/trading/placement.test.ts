import { describe, expect, it } from "vitest";
import { TradingRuleError } from "./errors.js";
import {
  checkPlacementQuantity,
  checkPlacementWindow,
  placementAmount,
  placementShareRange,
} from "./placement.js";

const offer = {
  price: "900.00",
  currency: "INR",
  minAmount: "50000",
  maxAmount: "450000",
  opensAt: new Date("2026-01-05T07:00:00Z"),
  closesAt: new Date("2026-01-07T08:00:00Z"),
  state: "active" as const,
};

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof TradingRuleError) return { code: error.code, params: error.params };
    throw error;
  }
  return null;
};

describe("placement rules", () => {
  it("bounds the amount (price × shares, before commission), the minimum in the message", () => {
    expect(placementAmount(offer, "56")).toBe("50400.00");
    expect(refusal(() => checkPlacementQuantity(offer, "55"))).toEqual({
      code: "PLACEMENT_BELOW_MIN",
      params: { min: "50000.00", currency: "INR" },
    });
    expect(refusal(() => checkPlacementQuantity(offer, "56"))).toBeNull();
    expect(refusal(() => checkPlacementQuantity(offer, "500"))).toBeNull();
    expect(refusal(() => checkPlacementQuantity(offer, "501"))).toEqual({
      code: "PLACEMENT_ABOVE_MAX",
      params: { max: "450000.00", currency: "INR" },
    });
    expect(refusal(() => checkPlacementQuantity(offer, "60.5"))?.code).toBe("QUANTITY_NOT_WHOLE_LOTS");
    expect(refusal(() => checkPlacementQuantity({ ...offer, maxAmount: null }, "10000"))).toBeNull();
  });

  it("turns the amounts into the shares they allow at the price", () => {
    expect(placementShareRange(offer)).toEqual({ minQuantity: "56", maxQuantity: "500" });
    expect(placementShareRange({ ...offer, minAmount: "1", maxAmount: null })).toEqual({
      minQuantity: "1",
      maxQuantity: null,
    });
  });

  it("takes subscriptions only inside the window of an active offer", () => {
    expect(refusal(() => checkPlacementWindow(offer, new Date("2026-01-05T06:59:59Z")))?.code).toBe(
      "PLACEMENT_CLOSED",
    );
    expect(refusal(() => checkPlacementWindow(offer, new Date("2026-01-05T07:00:00Z")))).toBeNull();
    expect(refusal(() => checkPlacementWindow(offer, new Date("2026-01-07T08:00:00Z")))?.code).toBe(
      "PLACEMENT_CLOSED",
    );
    expect(
      refusal(() => checkPlacementWindow({ ...offer, state: "withdrawn" }, new Date("2026-01-06T00:00:00Z")))
        ?.code,
    ).toBe("PLACEMENT_CLOSED");
  });
});
