import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../market/instruments/index.js";
import { money, toBookedString, toChargedString } from "../money.js";
import {
  closeCost,
  liquidationPrice,
  orderCost,
  pnl,
  settlement,
  shouldLiquidate,
  type CloseRule,
} from "./maths.js";
import { assertQuantityStep, isMultipleOf, quantityText } from "./quantity.js";

/**
 * Quantities are decimals (DESIGN §5a): every step of the catalogue, any multiple of it, at any price on the
 * instrument's grid, gives the exact figures a hand computation gives: notional = price × quantity, margin =
 * notional ÷ leverage, fees rounded up, P&L = (close − open) × quantity, each rounded once at the end.
 */

const STEPS = [...new Set(INSTRUMENTS.flatMap((i) => [i.quantityStep, i.marketQuantityStep]))];
// A commission of 0.1% and a 0.1% tax on sales (charges.ts), so every leg pays something.
const rule: CloseRule = {
  feeRate: "0.001",
  minFee: "0",
  charges: [{ id: "tax", kind: "transactionTax", basis: { kind: "value", rate: "0.001" }, side: "sell" }],
};

/** A price with up to 4 decimals between 0.0001 and 100,000. */
const price = fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => money(n).div(10_000).toFixed());
/** A price on a cent grid, so that price × step (at most 5 decimals) is exact at BTC's 8 decimals. */
const centPrice = fc.integer({ min: 1, max: 10_000_000 }).map((n) => money(n).div(100).toFixed());
const step = fc.constantFrom(...STEPS);
const multiple = fc.integer({ min: 1, max: 1_000_000 });
const quantityOn = (s: string, k: number) => quantityText(money(s).times(k));

describe("quantity steps", () => {
  it("accepts every multiple of every step and refuses anything off the grid", () => {
    fc.assert(
      fc.property(step, multiple, (s, k) => {
        const q = quantityOn(s, k);
        expect(assertQuantityStep(q, s).toFixed()).toBe(q);
        const off = quantityText(money(q).plus(money(s).div(2)));
        expect(() => assertQuantityStep(off, s)).toThrow(
          expect.objectContaining({
            code: "QUANTITY_NOT_MULTIPLE_OF_STEP",
            params: { quantity: off, step: s },
          }),
        );
      }),
    );
  });

  it("refuses 150 shares on a board lot of 100, takes 200", () => {
    expect(isMultipleOf("150", "100")).toBe(false);
    expect(isMultipleOf("200", "100")).toBe(true);
    expect(() => assertQuantityStep("150", "100")).toThrow(
      expect.objectContaining({ params: { quantity: "150", step: "100" } }),
    );
  });

  it("writes quantities without trailing zeros, as the database's numeric reads back", () => {
    expect(quantityText("200.00000000")).toBe("200");
    expect(quantityText("0.00100000")).toBe("0.001");
  });
});

describe("costs of fractional quantities are exact", () => {
  it("charges price × quantity, its margin and its fee, each rounded once", () => {
    fc.assert(
      fc.property(price, step, multiple, fc.constantFrom(1, 2, 5, 10, 30), (p, s, k, leverage) => {
        const quantity = quantityOn(s, k);
        const notional = money(p).times(quantity);
        const cost = orderCost({ direction: "long", price: p, quantity, leverage, currency: "USD" }, rule);
        expect(cost.notional).toBe(toBookedString(notional, "USD"));
        expect(cost.margin).toBe(toBookedString(notional.div(leverage), "USD"));
        expect(cost.fee).toBe(toChargedString(notional.times("0.001"), "USD"));
        expect(money(cost.fee).greaterThan(0)).toBe(true);
        expect(cost.total).toBe(money(cost.margin).plus(cost.fee).toFixed(2));
      }),
    );
  });

  it("splits: two positions of a and b units have the P&L of one of a + b units, to the exact amount", () => {
    fc.assert(
      fc.property(centPrice, centPrice, step, multiple, multiple, (open, close, s, a, b) => {
        const qa = quantityOn(s, a);
        const qb = quantityOn(s, b);
        const whole = quantityOn(s, a + b);
        const of = (quantity: string) =>
          money(pnl({ direction: "short", openPrice: open, quantity, currency: "BTC" }, close));
        // BTC books to 8 decimals, finer than a cent price × any step: each figure is exact, so they add up.
        expect(of(qa).plus(of(qb)).toFixed()).toBe(of(whole).toFixed());
        expect(of(whole).toFixed()).toBe(money(open).minus(close).times(whole).toFixed());
      }),
    );
  });

  it("settles a close of a fractional position: margin + P&L − fee − duty, each as computed by hand", () => {
    fc.assert(
      fc.property(price, price, step, multiple, (open, close, s, k) => {
        const quantity = quantityOn(s, k);
        const opened = orderCost(
          { direction: "long", price: open, quantity, leverage: 1, currency: "USD" },
          rule,
        );
        const position = {
          direction: "long" as const,
          openPrice: open,
          quantity,
          margin: opened.margin,
          currency: "USD",
        };
        const closing = closeCost(position, close, rule);
        const settled = settlement(position, close, rule, "1000000000");
        const realised = toBookedString(money(close).minus(open).times(quantity), "USD");
        expect(settled.pnl).toBe(realised);
        expect(settled.fee).toBe(closing.fee);
        expect(closing.notional).toBe(toBookedString(money(close).times(quantity), "USD"));
        expect(settled.net).toBe(
          money(opened.margin).plus(realised).minus(closing.fee).minus(closing.stampDuty).toFixed(2),
        );
      }),
    );
  });

  it("closes automatically at the shown liquidation price of a fractional position, not a tick before", () => {
    fc.assert(
      fc.property(centPrice, step, multiple, fc.constantFrom(2, 5, 10, 30), (open, s, k, leverage) => {
        const quantity = quantityOn(s, k);
        const { margin } = orderCost(
          { direction: "long", price: open, quantity, leverage, currency: "USD" },
          rule,
        );
        // An order whose margin rounds to nothing is refused before it opens (BELOW_MIN_AMOUNT).
        fc.pre(money(margin).greaterThan(0));
        const position = { direction: "long" as const, openPrice: open, quantity, margin, currency: "USD" };
        const at = liquidationPrice(position, "0.8", 2);
        if (at === undefined) return;
        expect(shouldLiquidate(position, at, "0.8")).toBe(true);
        expect(shouldLiquidate(position, money(at).plus("0.01").toFixed(2), "0.8")).toBe(false);
      }),
    );
  });
});
