import { describe, expect, it } from "vitest";
import { offeringDiscount, offeringWarnings } from "./offeringCheck.js";

describe("offering draft warnings", () => {
  it("computes the discount to the reference as a fraction, null without a reference", () => {
    expect(offeringDiscount("90", "100")).toBe("0.1000");
    expect(offeringDiscount("105", "100")).toBe("-0.0500");
    expect(offeringDiscount("90", null)).toBeNull();
    expect(offeringDiscount("90", "0")).toBeNull();
  });

  it("warns of a discount above the limit, not one at it", () => {
    const at = offeringWarnings({ price: "95", reference: "100", warnAbove: "0.05", others: [] });
    expect(at).toEqual({ discount: "0.0500", warnings: [] });
    const above = offeringWarnings({ price: "94.99", reference: "100", warnAbove: "0.05", others: [] });
    expect(above.warnings).toEqual([{ kind: "discount", discount: "0.0501", limit: "0.05" }]);
    // Above the limit by less than the rounding: still a warning.
    const hair = offeringWarnings({ price: "94.9999", reference: "100", warnAbove: "0.05", others: [] });
    expect(hair.warnings.map((w) => w.kind)).toEqual(["discount"]);
  });

  it("warns of another offering of the symbol; no reference price judges no discount", () => {
    const other = {
      id: "o1",
      seq: 7,
      state: "listed",
      price: "10",
      opensAt: new Date("2026-01-05T00:00:00Z"),
      closesAt: new Date("2026-01-09T00:00:00Z"),
    };
    const second = offeringWarnings({ price: "1", reference: null, warnAbove: "0.05", others: [other] });
    expect(second).toEqual({
      discount: null,
      warnings: [
        {
          kind: "secondOffering",
          others: [{ ...other, opensAt: "2026-01-05T00:00:00.000Z", closesAt: "2026-01-09T00:00:00.000Z" }],
        },
      ],
    });
  });
});
