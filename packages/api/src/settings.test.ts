import { describe, expect, it } from "vitest";
import { SETTING_DEFAULTS, isControlChange } from "./settings.js";

describe("isControlChange", () => {
  const us = SETTING_DEFAULTS["trading.US"];

  it("is every change of a whole control setting", () => {
    expect(isControlChange("withdrawal.minCreditScore", 60, 50)).toBe(true);
    expect(isControlChange("adjustment.fourEyesAbove", { USD: "1000" }, { USD: "999" })).toBe(true);
  });

  it("is not a change of a market's fee, lock or price band", () => {
    expect(isControlChange("trading.US", us, { ...us, feeRate: "0.0005", priceBand: "0.10" })).toBe(false);
  });

  it("lets leverages be taken away alone, not added or raised", () => {
    expect(isControlChange("trading.US", { ...us, leverages: [1, 2, 5] }, { ...us, leverages: [1, 2] })).toBe(
      false,
    );
    expect(isControlChange("trading.US", { ...us, leverages: [1, 2] }, { ...us, leverages: [1, 2, 5] })).toBe(
      true,
    );
    expect(isControlChange("trading.US", { ...us, leverages: [1, 5] }, { ...us, leverages: [1, 10] })).toBe(
      true,
    );
  });

  it("is any change of the liquidation share", () => {
    expect(isControlChange("trading.US", us, { ...us, liquidationShare: "0.7" })).toBe(true);
  });

  it("is not a setting outside the controls", () => {
    expect(isControlChange("exchange.spread", "0.001", "0.01")).toBe(false);
  });
});
