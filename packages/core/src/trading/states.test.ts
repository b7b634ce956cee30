import { describe, expect, it } from "vitest";
import { TradingRuleError } from "./errors.js";
import {
  ORDER_EVENTS,
  ORDER_STATES,
  STATE_TAB,
  assertTransition,
  canTransition,
  isFinal,
  isOrderState,
  type OrderEvent,
  type OrderState,
} from "./states.js";

/** The allowed transitions, written out independently of the table under test. */
const ALLOWED: [OrderState, OrderEvent, OrderState][] = [
  ["pending", "fill", "open"],
  ["pending", "cancel", "cancelled"],
  ["pending", "expire", "expired"],
  ["review", "approve", "open"],
  ["review", "decline", "declined"],
  ["open", "close", "closed"],
  ["open", "liquidate", "closed"],
  ["closing", "close", "closed"],
  ["closing", "liquidate", "closed"],
];
const allowed = new Set(ALLOWED.map(([s, e]) => `${s}|${e}`));
const REFUSED = ORDER_STATES.flatMap((state) =>
  ORDER_EVENTS.filter(
    (event) => !allowed.has(`${state}|${event}`) && !(state === "open" && event === "requestClose"),
  ).map((event) => [state, event] as const),
);

const refusal = (fn: () => unknown): TradingRuleError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TradingRuleError) return error;
    throw error;
  }
  throw new Error("not refused");
};

describe("order and position transitions (spec §4)", () => {
  it.each(ALLOWED)("%s --%s--> %s", (from, event, to) => {
    expect(canTransition(from, event)).toBe(true);
    expect(assertTransition(from, event, { at: 0, lockedUntil: null })).toBe(to);
  });

  it("a close asked for while the market trades closes at once; while it is shut, waits (ready to close)", () => {
    expect(canTransition("open", "requestClose")).toBe(true);
    expect(assertTransition("open", "requestClose", { marketOpen: true })).toBe("closed");
    expect(assertTransition("open", "requestClose", { marketOpen: false })).toBe("closing");
    expect(() => assertTransition("open", "requestClose")).toThrow(TypeError);
  });

  it(`refuses the other ${REFUSED.length} pairs with ORDER_STATE_INVALID`, () => {
    expect(REFUSED.length).toBe(ORDER_STATES.length * ORDER_EVENTS.length - ALLOWED.length - 1);
    for (const [from, event] of REFUSED) {
      expect(canTransition(from, event), `${from} ${event}`).toBe(false);
      const error = refusal(() => assertTransition(from, event, { marketOpen: true }));
      expect(error.code).toBe("ORDER_STATE_INVALID");
      expect(error.params).toEqual({ state: from, event });
    }
  });

  it("cancel only while pending; a second close is not repeated", () => {
    for (const state of ORDER_STATES.filter((s) => s !== "pending"))
      expect(canTransition(state, "cancel"), state).toBe(false);
    expect(refusal(() => assertTransition("closing", "requestClose", { marketOpen: true })).code).toBe(
      "ORDER_STATE_INVALID",
    );
  });

  it("final states accept nothing", () => {
    expect(ORDER_STATES.filter(isFinal)).toEqual(["closed", "cancelled", "declined", "expired"]);
  });
});

describe("locks hold back the owner's close, not the automatic one", () => {
  const lockedUntil = Date.parse("2026-03-03T03:45:00Z");

  it("refuses a close before the lock lifts, naming when", () => {
    for (const event of ["requestClose", "close"] as const) {
      const error = refusal(() =>
        assertTransition("open", event, { marketOpen: true, lockedUntil, at: lockedUntil - 1 }),
      );
      expect(error.code).toBe("SELL_LOCKED");
      expect(error.params).toEqual({ until: "2026-03-03T03:45:00.000Z" });
    }
  });

  it("allows it from the instant the lock lifts", () => {
    expect(assertTransition("open", "close", { lockedUntil, at: lockedUntil })).toBe("closed");
    expect(assertTransition("open", "requestClose", { marketOpen: true, lockedUntil, at: lockedUntil })).toBe(
      "closed",
    );
  });

  it("a close asked for at night may wait for a lock that lifts at the open", () => {
    expect(
      assertTransition("open", "requestClose", { marketOpen: false, lockedUntil, at: lockedUntil }),
    ).toBe("closing");
  });

  it("liquidation ignores the lock", () => {
    expect(assertTransition("open", "liquidate", { lockedUntil, at: lockedUntil - 60_000 })).toBe("closed");
  });

  it("a lock without the instant of the close is a programming error", () => {
    expect(() => assertTransition("open", "close", { lockedUntil })).toThrow(TypeError);
  });
});

describe("lent shares hold back every close until they come back", () => {
  const lentUntil = Date.parse("2026-03-10T03:45:00Z");

  it("refuses the owner's close, the engine's and the automatic one, naming when", () => {
    for (const event of ["requestClose", "close", "liquidate"] as const) {
      const error = refusal(() =>
        assertTransition("open", event, { marketOpen: true, lentUntil, at: lentUntil - 1 }),
      );
      expect(error.code).toBe("POSITION_LENT");
      expect(error.params).toEqual({ until: "2026-03-10T03:45:00.000Z" });
    }
  });

  it("allows it from the instant the shares come back, or when none are lent", () => {
    expect(assertTransition("open", "liquidate", { lentUntil, at: lentUntil })).toBe("closed");
    expect(assertTransition("open", "close", { lentUntil: null, at: 0 })).toBe("closed");
  });
});

describe("state helpers", () => {
  it("lists each state under its tab", () => {
    expect(STATE_TAB).toEqual({
      pending: "purchase",
      review: "purchase",
      open: "inProgress",
      closing: "inProgress",
      closed: "finished",
      cancelled: "finished",
      declined: "finished",
      expired: "finished",
    });
  });

  it("recognises stored states", () => {
    expect(isOrderState("closing")).toBe(true);
    expect(isOrderState("locked")).toBe(false);
    expect(isOrderState(3)).toBe(false);
  });
});
