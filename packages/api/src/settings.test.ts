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

  it("lets a leverage cap be lowered alone, not raised or a class added", () => {
    const caps = (leverageCaps: Record<string, number>) => ({ ...us, leverageCaps });
    expect(isControlChange("trading.US", caps({ share: 5 }), caps({ share: 2 }))).toBe(false);
    expect(isControlChange("trading.US", caps({ share: 5 }), caps({}))).toBe(false);
    expect(isControlChange("trading.US", caps({ share: 2 }), caps({ share: 5 }))).toBe(true);
    expect(isControlChange("trading.US", caps({ share: 5 }), caps({ share: 5, crypto: 2 }))).toBe(true);
    expect(
      isControlChange("trading.FX", caps({ fxMajor: 30, fxOther: 20 }), caps({ fxMajor: 20, fxOther: 30 })),
    ).toBe(true);
  });

  it("has ESMA's caps and close-out as the defaults", () => {
    expect(us).toMatchObject({ leverageCaps: { share: 5 }, liquidationShare: "0.5" });
    expect(SETTING_DEFAULTS["trading.FX"].leverageCaps).toEqual({ fxMajor: 30, fxOther: 20 });
    expect(SETTING_DEFAULTS["trading.CRYPTO"].leverageCaps).toEqual({ crypto: 2 });
  });

  it("is any change of the liquidation share", () => {
    expect(isControlChange("trading.US", us, { ...us, liquidationShare: "0.7" })).toBe(true);
  });

  it("is not a setting outside the controls", () => {
    expect(isControlChange("exchange.spread", "0.001", "0.01")).toBe(false);
  });
});
