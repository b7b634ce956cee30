import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { money } from "../money.js";
import {
  YEAR_MS,
  allocateByUnits,
  changePercent,
  markNav,
  settleFees,
  splitFees,
  stopLossReached,
  stopValueOf,
  unitsFor,
  type FollowBook,
} from "./nav.js";

const terms = { managementFeeRate: "0.02", performanceFeeRate: "0.2" };
const fresh: FollowBook = {
  currency: "USD",
  units: "0",
  accruedManagement: "0.00",
  accruedPerformance: "0.00",
  highWaterMark: "1",
};

describe("markNav", () => {
  it("answers the last NAV and accrues nothing while no units are outstanding", () => {
    expect(markNav(fresh, terms, "0.00", YEAR_MS, "1")).toMatchObject({
      nav: "1",
      managementFee: "0.00",
      netAssets: "0.00",
    });
  });

  it("accrues a year's management fee on the net assets, rounded up", () => {
    const book = { ...fresh, units: "1000" };
    // 1000.00 × 2 % × a year = 20.00; NAV (1000 − 20) ÷ 1000 = 0.98, below the high-water mark: no performance fee.
    expect(markNav(book, terms, "1000.00", YEAR_MS, "1")).toMatchObject({
      managementFee: "20.00",
      accruedManagement: "20.00",
      accruedPerformance: "0.00",
      nav: "0.98",
      netAssets: "980.00",
    });
    // One minute: 1000 × 0.02 × 60000 ÷ 31536000000 = 0.0000380… → 0.01 (a charge rounds up).
    expect(markNav(book, terms, "1000.00", 60_000, "1").managementFee).toBe("0.01");
  });

  it("accrues the performance fee over the high-water mark afresh at each mark", () => {
    const book = { ...fresh, units: "1000" };
    // No time: NAV before 1.5; fee (1.5 − 1) × 1000 × 20 % = 100.00; NAV (1500 − 100) ÷ 1000 = 1.4.
    const up = markNav(book, terms, "1500.00", 0, "1");
    expect(up).toMatchObject({ accruedPerformance: "100.00", nav: "1.4", highWaterMark: "1" });
    // A fall below the mark takes the accrual back.
    const fell = markNav({ ...book, accruedPerformance: "100.00" }, terms, "900.00", 0, "1");
    expect(fell).toMatchObject({ accruedPerformance: "0.00", nav: "0.9" });
    // Settled at 1.4: the leader gets half, rounded down; the mark rises to 1.4 and only a rise above it is charged.
    expect(settleFees(up, "0.5", "USD")).toEqual({
      leader: "50.00",
      platform: "50.00",
      highWaterMark: "1.4",
    });
    const after = { ...book, highWaterMark: "1.4" };
    expect(markNav(after, terms, "1300.00", 0, "1")).toMatchObject({
      accruedPerformance: "0.00",
      nav: "1.3",
    });
    // NAV before 1.45; fee 0.05 × 1000 × 0.2 = 10.00; NAV 1.44.
    expect(markNav(after, terms, "1450.00", 0, "1")).toMatchObject({
      accruedPerformance: "10.00",
      nav: "1.44",
    });
  });

  it("never lets fees exceed the value", () => {
    const book = { ...fresh, units: "1000", accruedManagement: "5.00" };
    expect(markNav(book, terms, "30.00", 0, "1")).toMatchObject({
      accruedPerformance: "0.00",
      accruedManagement: "5.00",
      netAssets: "25.00",
      nav: "0.025",
    });
    expect(markNav(book, terms, "3.00", 0, "1")).toMatchObject({
      accruedPerformance: "0.00",
      accruedManagement: "3.00",
      netAssets: "0.00",
      nav: "0",
    });
  });
});

describe("units, allocation, stop-loss, fees", () => {
  it("buys units at the NAV rounded down to 8 decimals", () => {
    expect(unitsFor("100.00", "1")).toBe("100");
    expect(unitsFor("100.00", "1.3")).toBe("76.92307692");
    expect(unitsFor("100.00", "0")).toBe("0");
  });

  it("allocates the net assets by units to the cent, the rest to the largest remainders", () => {
    expect(allocateByUnits("100.00", ["1", "1", "1"], "USD")).toEqual(["33.34", "33.33", "33.33"]);
    expect(allocateByUnits("10", ["2", "1"], "JPY")).toEqual(["7", "3"]);
    expect(allocateByUnits("5.00", ["0", "0"], "USD")).toEqual(["0.00", "0.00"]);
  });

  it("puts the stop value at the amount less the percentage, rounded up", () => {
    expect(stopValueOf("1000.00", 30, "USD")).toBe("700.00");
    expect(stopValueOf("333.33", 5, "USD")).toBe("316.67");
    expect(() => stopValueOf("1.00", 4, "USD")).toThrow(RangeError);
    expect(() => stopValueOf("1.00", 96, "USD")).toThrow(RangeError);
    expect(stopLossReached("700.00", "700.00")).toBe(true);
    expect(stopLossReached("700.01", "700.00")).toBe(false);
  });

  it("pays the leader their share rounded down and the platform the rest", () => {
    expect(splitFees("10.01", "0.5", "USD")).toEqual({ leader: "5.00", platform: "5.01" });
    expect(changePercent("1", "1.0123")).toBe("1.23");
    expect(changePercent("0", "1")).toBeNull();
  });
});

/**
 * The property of issue 30: whatever happens (buys at the NAV, the market moving the portfolio up or
 * down, time passing, redemptions paid at the holder's share, fees settled out of the portfolio), the
 * followers' values plus the fees accrued equal the portfolio's value to the cent at every mark.
 */
describe("the followers' values and the fees add up to the portfolio", () => {
  type Step =
    | { kind: "buy"; cents: number }
    | { kind: "move"; permille: number }
    | { kind: "time"; ms: number }
    | { kind: "redeem"; pick: number }
    | { kind: "settle" };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("buy" as const), cents: fc.integer({ min: 1, max: 10_000_000 }) }),
    fc.record({ kind: fc.constant("move" as const), permille: fc.integer({ min: -600, max: 800 }) }),
    fc.record({ kind: fc.constant("time" as const), ms: fc.integer({ min: 0, max: 40 * 24 * 3600_000 }) }),
    fc.record({ kind: fc.constant("redeem" as const), pick: fc.nat() }),
    fc.constant({ kind: "settle" as const }),
  );
  const rates = fc.record({
    managementFeeRate: fc.constantFrom("0", "0.01", "0.02", "0.05"),
    performanceFeeRate: fc.constantFrom("0", "0.1", "0.2", "0.3"),
  });

  it("holds to the cent at every step", () => {
    fc.assert(
      fc.property(rates, fc.array(step, { minLength: 1, maxLength: 40 }), (feeTerms, steps) => {
        let value = money(0); // the portfolio's cash and positions, exact
        let book: FollowBook = { ...fresh };
        let nav = "1";
        let holdings: string[] = [];
        let elapsed = 0;
        const mark = () => {
          const marked = markNav(book, feeTerms, value.toFixed(), elapsed, nav);
          elapsed = 0;
          value = money(marked.value);
          nav = marked.nav;
          book = {
            ...book,
            accruedManagement: marked.accruedManagement,
            accruedPerformance: marked.accruedPerformance,
            highWaterMark: marked.highWaterMark,
          };
          const values = allocateByUnits(marked.netAssets, holdings, "USD");
          const sum = values.reduce((s, v) => s.plus(v), money(0));
          const fees = money(marked.accruedManagement).plus(marked.accruedPerformance);
          expect(sum.plus(fees).toFixed(2)).toBe(value.toFixed(2));
          return values;
        };
        for (const s of steps) {
          const values = mark();
          if (s.kind === "buy") {
            const amount = money(s.cents).div(100).toFixed(2);
            const units = unitsFor(amount, nav);
            if (money(units).isZero()) continue;
            holdings = [...holdings, units];
            book = { ...book, units: money(book.units).plus(units).toFixed() };
            value = value.plus(amount);
          } else if (s.kind === "move" && money(book.units).greaterThan(0)) {
            // Only a portfolio with followers holds positions: the fees' cash moves with them here, the harder case.
            value = value.times(1000 + s.permille).div(1000);
          } else if (s.kind === "time") {
            elapsed += s.ms;
          } else if (s.kind === "redeem" && holdings.length > 0) {
            const i = s.pick % holdings.length;
            const paid = values[i] ?? "0";
            book = {
              ...book,
              units: money(book.units)
                .minus(holdings[i] ?? "0")
                .toFixed(),
            };
            holdings = holdings.filter((_, k) => k !== i);
            value = value.minus(paid);
          } else if (s.kind === "settle") {
            const paid = settleFees({ ...book, nav }, "0.3", "USD");
            value = value.minus(paid.leader).minus(paid.platform);
            book = {
              ...book,
              accruedManagement: "0.00",
              accruedPerformance: "0.00",
              highWaterMark: paid.highWaterMark,
            };
          }
          expect(value.isNegative()).toBe(false);
        }
        mark();
      }),
      { numRuns: 300 },
    );
  });
});
