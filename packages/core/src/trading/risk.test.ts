import { describe, expect, it } from "vitest";
import {
  closeOutOrder,
  lossShare,
  median,
  quarterStart,
  twelveMonthsBefore,
  unusualOrder,
  positionResultAt,
} from "./risk.js";

describe("loss share (ESMA Decision (EU) 2018/796)", () => {
  it("sums each account's positions before counting it as lost", () => {
    const share = lossShare([
      { account: "a", result: "-10.00" },
      { account: "a", result: "12.00" }, // a: +2, not lost
      { account: "b", result: "-0.01" }, // lost
      { account: "c", result: "0" }, // even: not lost
      { account: "d", result: "-5" },
      { account: "d", result: "-5" }, // lost
    ]);
    expect(share).toEqual({ accounts: 4, lost: 2, lostShare: "0.5000" });
  });

  it("has no share when nobody traded the product", () => {
    expect(lossShare([])).toEqual({ accounts: 0, lost: 0, lostShare: null });
  });

  it("rounds the share to 4 decimals", () => {
    const results = ["-1", "-1", "1"].map((result, i) => ({ account: String(i), result }));
    expect(lossShare(results).lostShare).toBe("0.6667");
  });

  it("values a position at an instant: nothing before it opened, unrealised less opening charges, then net", () => {
    expect(positionResultAt({ opened: false, openCharges: "1" }).toFixed()).toBe("0");
    expect(positionResultAt({ opened: true, unrealised: "5", openCharges: "1.5" }).toFixed()).toBe("3.5");
    expect(positionResultAt({ opened: true, openCharges: "1.5" }).toFixed()).toBe("-1.5");
    expect(positionResultAt({ opened: true, closedNet: "-7.25", openCharges: "1.5" }).toFixed()).toBe(
      "-7.25",
    );
  });

  it("computes at the quarter's start over the 12 months before it", () => {
    expect(quarterStart(new Date("2026-12-04T01:00:00Z")).toISOString()).toBe("2026-10-01T00:00:00.000Z");
    expect(quarterStart(new Date("2026-01-01T00:00:00Z")).toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(twelveMonthsBefore(new Date("2026-10-01T00:00:00Z")).toISOString()).toBe(
      "2025-10-01T00:00:00.000Z",
    );
  });
});

describe("fat-finger guards", () => {
  const thresholds = { priceDeviation: "0.1", sizeMultiple: "10", minOrders: 3 };

  it("warns of a limit far from the price, either way", () => {
    expect(unusualOrder({ limit: "89", price: "100", notional: "1", earlier: [] }, thresholds)).toEqual([
      { code: "priceFar", value: "0.11", threshold: "0.1" },
    ]);
    expect(unusualOrder({ limit: "110", price: "100", notional: "1", earlier: [] }, thresholds)).toEqual([]);
    expect(unusualOrder({ price: "100", notional: "1", earlier: [] }, thresholds)).toEqual([]);
  });

  it("warns of a size far above the median of the earlier orders, once there are enough", () => {
    const earlier = ["100", "90", "5000", "110"];
    expect(median(earlier)?.toFixed()).toBe("105");
    expect(unusualOrder({ price: "1", notional: "1050", earlier }, thresholds)).toEqual([]);
    expect(unusualOrder({ price: "1", notional: "1050.01", earlier }, thresholds)).toEqual([
      { code: "sizeUnusual", value: "10", threshold: "10" },
    ]);
    expect(unusualOrder({ price: "1", notional: "99999", earlier: ["1", "1"] }, thresholds)).toEqual([]);
  });
});

describe("close-out order", () => {
  it("ranks the position nearest its close-out first, those without a price last", () => {
    const ranked = closeOutOrder([
      { id: "far", price: "100", closeOutPrice: "80" },
      { id: "none", closeOutPrice: "1" },
      { id: "near", price: "100", closeOutPrice: "95" },
      { id: "short", price: "50", closeOutPrice: "54" },
    ]);
    expect(ranked.map((p) => [p.id, p.distance, p.rank])).toEqual([
      ["near", "0.05", 1],
      ["short", "0.08", 2],
      ["far", "0.2", 3],
      ["none", null, 4],
    ]);
  });
});
