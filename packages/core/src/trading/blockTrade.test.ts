import { describe, expect, it } from "vitest";
import {
  blockTradeCost,
  blockTradeDiscount,
  blockTradeStatus,
  checkBlockTradeSubscription,
  type BlockTradeOfferTerms,
} from "./blockTrade.js";
import { TradingRuleError } from "./errors.js";

/** A SHA-256 digest (hex), as the server keeps an offer's key. */
const KEY_HASH = "1a8b2a9c1f3b0a1a5a0d0b7d6a2d8d2f5c0a9e8f4a3b2c1d0e9f8a7b6c5d4e3f";
const OPENS = Date.parse("2026-01-05T03:00:00Z");
const CLOSES = Date.parse("2026-01-09T12:00:00Z");

const offer = (over: Partial<BlockTradeOfferTerms> = {}): BlockTradeOfferTerms => ({
  price: "925.50",
  currency: "INR",
  minQuantity: "100",
  maxQuantity: "1000",
  opensAt: OPENS,
  closesAt: CLOSES,
  state: "active",
  secretKeyHash: null,
  ...over,
});

const refusal = (fn: () => void): { code: string; params: Record<string, string> } | undefined => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TradingRuleError) return { code: error.code, params: error.params };
    throw error;
  }
  return undefined;
};

const inWindow = OPENS + 60_000;

describe("blockTradeStatus", () => {
  it("is upcoming before the window, open from its start, closed at its end and when withdrawn", () => {
    expect(blockTradeStatus(offer(), OPENS - 1)).toBe("upcoming");
    expect(blockTradeStatus(offer(), OPENS)).toBe("open");
    expect(blockTradeStatus(offer(), CLOSES - 1)).toBe("open");
    expect(blockTradeStatus(offer(), CLOSES)).toBe("closed");
    expect(blockTradeStatus(offer({ state: "withdrawn" }), inWindow)).toBe("closed");
    expect(blockTradeStatus(offer(), new Date(inWindow))).toBe("open");
  });
});

describe("checkBlockTradeSubscription", () => {
  const ask = { quantity: "100", secretKeyHash: null };

  it("passes the minimum, the maximum and anything between, inside the window", () => {
    for (const quantity of ["100", "555", "1000"])
      expect(refusal(() => checkBlockTradeSubscription(offer(), { ...ask, quantity }, inWindow))).toBe(
        undefined,
      );
    expect(
      refusal(() =>
        checkBlockTradeSubscription(offer({ maxQuantity: null }), { ...ask, quantity: "10000000" }, inWindow),
      ),
    ).toBe(undefined);
  });

  it.each([
    ["before the window", offer(), ask, OPENS - 1],
    ["at the window's end", offer(), ask, CLOSES],
    ["withdrawn", offer({ state: "withdrawn" }), ask, inWindow],
  ])("refuses an offer %s as closed, with the minimum", (_name, terms, asked, at) => {
    expect(refusal(() => checkBlockTradeSubscription(terms, asked, at))).toEqual({
      code: "BLOCK_TRADE_CLOSED",
      params: { minShares: "100" },
    });
  });

  it.each([
    ["0", "QUANTITY_NOT_WHOLE_LOTS"],
    ["-5", "QUANTITY_NOT_WHOLE_LOTS"],
    ["100.5", "QUANTITY_NOT_WHOLE_LOTS"],
    ["NaN", "QUANTITY_NOT_WHOLE_LOTS"],
    ["1e3", "QUANTITY_NOT_WHOLE_LOTS"],
    ["99", "BLOCK_TRADE_BELOW_MIN"],
    ["100.0", undefined],
    ["1001", "BLOCK_TRADE_ABOVE_MAX"],
  ])("refuses %s shares with %s", (quantity, code) => {
    expect(refusal(() => checkBlockTradeSubscription(offer(), { ...ask, quantity }, inWindow))?.code).toBe(
      code,
    );
  });

  it("carries the minimum and the maximum in the refusals' params", () => {
    expect(refusal(() => checkBlockTradeSubscription(offer(), { ...ask, quantity: "1" }, inWindow))).toEqual({
      code: "BLOCK_TRADE_BELOW_MIN",
      params: { minShares: "100" },
    });
    expect(
      refusal(() => checkBlockTradeSubscription(offer(), { ...ask, quantity: "5000" }, inWindow)),
    ).toEqual({
      code: "BLOCK_TRADE_ABOVE_MAX",
      params: { maxShares: "1000" },
    });
  });

  it("asks for the key only where the offer has one, and refuses a missing or wrong one", () => {
    const keyed = offer({ secretKeyHash: KEY_HASH });
    expect(
      refusal(() => checkBlockTradeSubscription(keyed, { ...ask, secretKeyHash: KEY_HASH }, inWindow)),
    ).toBe(undefined);
    for (const given of [null, KEY_HASH.replace(/^1/, "2"), KEY_HASH.slice(1), ""])
      expect(
        refusal(() => checkBlockTradeSubscription(keyed, { ...ask, secretKeyHash: given }, inWindow))?.code,
      ).toBe("SECRET_KEY_MISMATCH");
    // A key given to an offer without one is not held against the user.
    expect(
      refusal(() => checkBlockTradeSubscription(offer(), { ...ask, secretKeyHash: KEY_HASH }, inWindow)),
    ).toBe(undefined);
  });

  it("checks in the fixed order: window, whole lots, minimum, maximum, key", () => {
    const keyed = offer({ secretKeyHash: KEY_HASH, state: "withdrawn" });
    const wrong = { quantity: "0.5", secretKeyHash: null };
    expect(refusal(() => checkBlockTradeSubscription(keyed, wrong, inWindow))?.code).toBe(
      "BLOCK_TRADE_CLOSED",
    );
    const open = { ...keyed, state: "active" as const };
    expect(refusal(() => checkBlockTradeSubscription(open, wrong, inWindow))?.code).toBe(
      "QUANTITY_NOT_WHOLE_LOTS",
    );
    expect(
      refusal(() => checkBlockTradeSubscription(open, { ...wrong, quantity: "5" }, inWindow))?.code,
    ).toBe("BLOCK_TRADE_BELOW_MIN");
    expect(
      refusal(() => checkBlockTradeSubscription(open, { ...wrong, quantity: "5000" }, inWindow))?.code,
    ).toBe("BLOCK_TRADE_ABOVE_MAX");
    expect(
      refusal(() => checkBlockTradeSubscription(open, { ...wrong, quantity: "500" }, inWindow))?.code,
    ).toBe("SECRET_KEY_MISMATCH");
  });
});

describe("blockTradeCost", () => {
  it.each([
    // INR: 100 × 925.50 = 92,550.00; fee 0.03% = 27.765 → 27.77 (above the ₹20 minimum).
    [{ price: "925.50", currency: "INR" }, "100", { feeRate: "0.0003", minFee: "20" }, "92550.00", "27.77"],
    // USD: 10 × 12.345 = 123.45; fee 0.03% = 0.037 → the $1 minimum.
    [{ price: "12.345", currency: "USD" }, "10", { feeRate: "0.0003", minFee: "1" }, "123.45", "1.00"],
    // KRW at the won: 150 × 71,350 = 10,702,500; fee 0.03% = 3,210.75 → 3,211.
    [{ price: "71350", currency: "KRW" }, "150", { feeRate: "0.0003", minFee: "100" }, "10702500", "3211"],
  ])(
    "holds the whole notional as margin, unleveraged, plus the fee (%o × %s)",
    (terms, qty, rule, margin, fee) => {
      const cost = blockTradeCost(terms, qty, rule);
      expect(cost.margin).toBe(margin);
      expect(cost.notional).toBe(margin);
      expect(cost.fee).toBe(fee);
      expect(cost.total).toBe(
        terms.currency === "KRW"
          ? String(Number(margin) + Number(fee))
          : (Number(margin) + Number(fee)).toFixed(2),
      );
    },
  );
});

describe("blockTradeDiscount", () => {
  it("is the offer's distance below the live price, in percent of it", () => {
    expect(blockTradeDiscount("92.50", "100")).toBe("7.50");
    expect(blockTradeDiscount("925.50", "1000.00")).toBe("7.45");
    // 1 − 2/3 = 33.333…% → 33.33; half-up at the second decimal.
    expect(blockTradeDiscount("2", "3")).toBe("33.33");
    expect(blockTradeDiscount("0.995", "1")).toBe("0.50");
    expect(blockTradeDiscount("110", "100")).toBe("-10.00");
  });

  it("is null without a live price above zero", () => {
    expect(blockTradeDiscount("92.50", null)).toBeNull();
    expect(blockTradeDiscount("92.50", undefined)).toBeNull();
    expect(blockTradeDiscount("92.50", "0")).toBeNull();
  });
});
