import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  ipoAmount,
  ipoDraw,
  ipoDrawKeyInput,
  ipoPremium,
  ipoStatus,
  ipoWinRate,
  wholeShares,
} from "./index.js";

/** The draw keys the server hands in: SHA-256 in hex, from the library the back office checks them with. */
const sha = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

describe("ipoDraw", () => {
  it("allots whole subscriptions in ascending key order, skipping one that no longer fits", () => {
    const entries = [
      { id: "a", quantity: 30_000, key: "03" },
      { id: "b", quantity: 50_000, key: "01" },
      { id: "c", quantity: 40_000, key: "02" },
      { id: "d", quantity: 10_000, key: "04" },
    ];
    // b (50k) fits, c (40k) fits: 90k; a (30k) does not fit in 10k; d (10k) does.
    const result = ipoDraw(entries, 100_000);
    expect(Object.fromEntries(result.allotted)).toEqual({ a: 0, b: 50_000, c: 40_000, d: 10_000 });
    expect(result.winners).toBe(3);
    expect(result.sharesAllotted).toBe(100_000);
    expect(result.winRate).toBe("75.00");
  });

  it("lets everyone win when undersubscribed, and nobody when nothing fits", () => {
    const entries = [
      { id: "a", quantity: 10_000, key: "ff" },
      { id: "b", quantity: 20_000, key: "00" },
    ];
    expect(ipoDraw(entries, 1_000_000).winRate).toBe("100.00");
    const none = ipoDraw(entries, 5_000);
    expect(none.winners).toBe(0);
    expect([...none.allotted.values()]).toEqual([0, 0]);
    expect(none.winRate).toBe("0.00");
    expect(ipoDraw([], 10).winRate).toBe("0.00");
  });

  it("is repeatable from the published seed whatever order the entries come in", () => {
    const seed = "9f".repeat(32);
    const ids = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const entries = ids.map((id, i) => ({
      id,
      quantity: 10_000 + (i % 3) * 5_000,
      key: sha(ipoDrawKeyInput(seed, id)),
    }));
    const first = ipoDraw(entries, 200_000);
    const again = ipoDraw([...entries].reverse(), 200_000);
    expect(Object.fromEntries(again.allotted)).toEqual(Object.fromEntries(first.allotted));
    expect(first.sharesAllotted).toBeLessThanOrEqual(200_000);
    expect(first.winners).toBeGreaterThan(0);
    expect(first.winners).toBeLessThan(50);
  });

  it("refuses nonsense", () => {
    expect(() => ipoDraw([{ id: "a", quantity: 0, key: "1" }], 10)).toThrow(RangeError);
    expect(() => ipoDraw([], -1)).toThrow(RangeError);
  });
});

describe("ipo figures", () => {
  it("rounds the win rate half up to 2 decimals", () => {
    expect(ipoWinRate(1, 3)).toBe("33.33");
    expect(ipoWinRate(2, 3)).toBe("66.67");
  });

  it("prices an allotment at the currency's scale (INR, USD, KRW)", () => {
    expect(ipoAmount("310.55", 10_000n, "INR")).toBe("3105500.00");
    expect(ipoAmount("17.125", "10000", "USD")).toBe("171250.00");
    expect(ipoAmount("60000", 10_000n, "KRW")).toBe("600000000");
  });

  it("gives the price difference and the pre-listing gain rate", () => {
    expect(ipoPremium("100", "112.5")).toEqual({ priceDifference: "12.5", premiumRate: "12.50" });
    expect(ipoPremium("300", "290")).toEqual({ priceDifference: "-10", premiumRate: "-3.33" });
    expect(ipoPremium("300", null)).toBeNull();
  });

  it("tells the status from the state and the window", () => {
    const o = {
      state: "active" as const,
      opensAt: new Date("2026-12-01T00:00:00Z"),
      closesAt: new Date("2026-12-03T00:00:00Z"),
    };
    expect(ipoStatus(o, new Date("2026-11-30T00:00:00Z"))).toBe("upcoming");
    expect(ipoStatus(o, new Date("2026-12-01T00:00:00Z"))).toBe("open");
    expect(ipoStatus(o, new Date("2026-12-03T00:00:00Z"))).toBe("closed");
    expect(ipoStatus({ ...o, state: "drawn" }, new Date("2026-12-01T00:00:00Z"))).toBe("drawn");
  });
});

describe("wholeShares", () => {
  it("reads whole shares of any size exactly and refuses the rest as not whole lots", () => {
    expect(wholeShares("10000")).toBe(10_000n);
    expect(wholeShares("10000.000")).toBe(10_000n);
    // Beyond a JS number's exact integers, still exact.
    expect(wholeShares("9007199254740993")).toBe(9_007_199_254_740_993n);
    expect(ipoAmount("1.00", wholeShares("9007199254740993"), "USD")).toBe("9007199254740993.00");
    for (const refused of ["0", "5.5", "", "-1", "1e4"])
      expect(() => wholeShares(refused), refused).toThrow(
        expect.objectContaining({ code: "QUANTITY_NOT_WHOLE_LOTS" }),
      );
  });
});
