import { describe, expect, it } from "vitest";
import { netPnl, paidCosts } from "./net.js";

describe("net P&L (DESIGN §5a)", () => {
  it("takes every charge paid off the gross: the closed BTC trade of the walk", () => {
    // −22.62 before costs, 53.70 to open and 53.69 to close: −130.01 net.
    expect(
      netPnl(
        "-22.62",
        { openFee: "53.70", closeFee: "53.69", stampDuty: "0" },
        { margin: "5000", currency: "USD" },
      ),
    ).toEqual({ gross: "-22.62", costs: "107.39", net: "-130.01", returnRate: "-2.60" });
  });

  it("counts only the opening charges while a position is open", () => {
    expect(netPnl("12.50", { openFee: "1.25" }, { margin: "250", currency: "USD" })).toEqual({
      gross: "12.50",
      costs: "1.25",
      net: "11.25",
      returnRate: "4.50",
    });
  });

  it("adds back what negative balance protection paid in: the net is what the equity lost", () => {
    // Margin 100, a gap loss of 130 and 2 to close: the user loses the margin and the opening fee, no more.
    const result = netPnl(
      "-130.00",
      { openFee: "1.00", closeFee: "2.00", stampDuty: "0", protection: "32.00" },
      { margin: "100", currency: "USD" },
    );
    expect(result).toMatchObject({ costs: "3.00", net: "-101.00" });
  });

  it("rounds at the currency's scale (KRW: whole won)", () => {
    expect(paidCosts({ openFee: "120", closeFee: "121", stampDuty: "230" }, "KRW")).toBe("471");
    expect(netPnl("1000", { openFee: "120" }, { margin: "0", currency: "KRW" })).toMatchObject({
      net: "880",
      returnRate: "0.00",
    });
  });
});
