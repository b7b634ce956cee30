import { describe, expect, it } from "vitest";
import { overviewTotals } from "./overview.js";

/** Units of THB per unit of each currency. */
const toThb: Record<string, string> = { THB: "1", USD: "34.5", INR: "0.4035087719" };

describe("account overview totals", () => {
  it("converts every wallet into the display currency at the mid rate", () => {
    const totals = overviewTotals({
      display: "THB",
      wallets: [
        { currency: "USD", available: "100", held: "20", margin: "0" },
        { currency: "INR", available: "855", held: "0", margin: "0" },
        { currency: "THB", available: "10.5", held: "0", margin: "0" },
      ],
      netDeposits: [
        { currency: "USD", amount: "121.5" },
        { currency: "INR", amount: "855" },
        { currency: "THB", amount: "10.5" },
      ],
      positions: [],
      midRate: (c) => toThb[c],
    });
    // available 3450 + 345.0000000 (855 × 0.40350877) + 10.5 = 3805.50; frozen 20 × 34.5 = 690
    // net deposits 121.5 × 34.5 = 4191.75 + 345.00 + 10.5 = 4547.25: 51.75 less than the equity
    expect(totals).toEqual({
      total: "4495.50",
      available: "3805.50",
      frozen: "690.00",
      profit: "-51.75",
      netDeposits: "4547.25",
      positionsValue: "0.00",
      unconverted: [],
    });
  });

  it("adds open positions' unrealised P&L, counts their margin as frozen, reports their value", () => {
    const totals = overviewTotals({
      display: "USD",
      wallets: [{ currency: "USD", available: "50", held: "0", margin: "100" }],
      netDeposits: [{ currency: "USD", amount: "143" }],
      positions: [{ currency: "USD", marketValue: "112.5", unrealisedPnl: "12.5" }],
      midRate: () => undefined,
    });
    expect(totals).toMatchObject({
      total: "162.50",
      available: "50.00",
      frozen: "100.00",
      profit: "19.50",
      netDeposits: "143.00",
      positionsValue: "112.50",
    });
  });

  it("leaves out a currency without a rate instead of guessing, and says which", () => {
    const totals = overviewTotals({
      display: "USD",
      wallets: [
        { currency: "USD", available: "1", held: "0", margin: "0" },
        { currency: "KRW", available: "5000", held: "0", margin: "0" },
        { currency: "VND", available: "0", held: "0", margin: "0" },
      ],
      netDeposits: [],
      positions: [],
      midRate: () => undefined,
    });
    expect(totals).toMatchObject({ total: "1.00", unconverted: ["KRW"] });
  });

  it("rounds to the display currency's scale (JPY: whole yen)", () => {
    const totals = overviewTotals({
      display: "JPY",
      wallets: [{ currency: "USD", available: "0.01", held: "0", margin: "0" }],
      netDeposits: [],
      positions: [],
      midRate: () => "150.6",
    });
    expect(totals.total).toBe("2");
  });
});

describe("the overview's profit (DESIGN §5a: equity − net deposits)", () => {
  it("is what the equity fell by, costs included: a deposit, a trade's fees and its loss", () => {
    // Deposited 10,000; a closed trade lost 22.62 before costs and paid 107.39 in fees: 130.01 is gone.
    const totals = overviewTotals({
      display: "USD",
      wallets: [{ currency: "USD", available: "9869.99", held: "0", margin: "0" }],
      netDeposits: [{ currency: "USD", amount: "10000" }],
      positions: [],
      midRate: () => undefined,
    });
    expect(totals).toMatchObject({ total: "9869.99", netDeposits: "10000.00", profit: "-130.01" });
  });

  it("leaves out a currency without a rate from the net deposits as from the equity", () => {
    const totals = overviewTotals({
      display: "USD",
      wallets: [
        { currency: "USD", available: "105", held: "0", margin: "0" },
        { currency: "KRW", available: "5000", held: "0", margin: "0" },
      ],
      netDeposits: [
        { currency: "USD", amount: "100" },
        { currency: "KRW", amount: "6000" },
      ],
      positions: [],
      midRate: () => undefined,
    });
    expect(totals).toMatchObject({ total: "105.00", profit: "5.00", unconverted: ["KRW"] });
  });
});
