import { TradingRuleError } from "./errors.js";

/**
 * The life of an order and the position it becomes (spec §4): one record, one state.
 *
 * - `pending`: a limit order waiting for the price, its funds held.
 * - `review`: an order waiting for staff (a block trade), its funds held.
 * - `open`: in position. "Locked" is not a state: a position is locked while `now < lockedUntil`.
 * - `closing`: ready to close. A close asked for while the market is shut, carried out at the next open.
 * - `closed`, `cancelled` (by the user, while pending), `declined` (by staff, from review).
 * - `expired`: a limit order still pending at the market's close. Kept apart from `cancelled` because the
 *   user did not ask for it: the order list, the message to the user and the audit trail say what really
 *   happened without a side field to tell the two apart. The funds go back exactly as on a cancel.
 */
export const ORDER_STATES = [
  "pending",
  "review",
  "open",
  "closing",
  "closed",
  "cancelled",
  "declined",
  "expired",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * - `fill`: a limit order's price crossed (a market order is created `open`).
 * - `cancel`: the user withdraws a pending order. `expire`: the market closed on a pending order.
 * - `approve` / `decline`: staff decide an order under review.
 * - `requestClose`: the user asks to close; closes at once while the market trades, else waits.
 * - `close`: the close is carried out (a waiting close at the open, stop-loss, take-profit, day-trade end).
 * - `liquidate`: the automatic close on loss; it is the platform's, so a lock does not hold it back.
 */
export const ORDER_EVENTS = [
  "fill",
  "cancel",
  "expire",
  "approve",
  "decline",
  "requestClose",
  "close",
  "liquidate",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Every allowed transition; anything absent is refused with ORDER_STATE_INVALID. */
export const TRANSITIONS: Readonly<Record<OrderState, Readonly<Partial<Record<OrderEvent, OrderState>>>>> = {
  pending: { fill: "open", cancel: "cancelled", expire: "expired" },
  review: { approve: "open", decline: "declined" },
  open: { requestClose: "closing", close: "closed", liquidate: "closed" },
  closing: { close: "closed", liquidate: "closed" },
  closed: {},
  cancelled: {},
  declined: {},
  expired: {},
};

/** The `/trade/index` tab each state is listed under (spec §2: purchase, in progress, finished). */
export const STATE_TAB: Readonly<Record<OrderState, "purchase" | "inProgress" | "finished">> = {
  pending: "purchase",
  review: "purchase",
  open: "inProgress",
  closing: "inProgress",
  closed: "finished",
  cancelled: "finished",
  declined: "finished",
  expired: "finished",
};

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === "string" && (ORDER_STATES as readonly string[]).includes(value);
}

/** Whether nothing can happen to an order in this state any more. */
export function isFinal(state: OrderState): boolean {
  return ORDER_EVENTS.every((event) => TRANSITIONS[state][event] === undefined);
}

/** Whether the transition table allows the event in the state (locks and market hours aside). */
export function canTransition(from: OrderState, event: OrderEvent): boolean {
  return TRANSITIONS[from][event] !== undefined;
}

export interface TransitionContext {
  /** For `requestClose`: whether the market trades now. */
  marketOpen?: boolean;
  /** For a close by the user: the position's lock, epoch ms, or null when it has none. */
  lockedUntil?: number | null;
  /**
   * For a close by the user: when the close is carried out, epoch ms — now while the market trades, the
   * next open while it is shut (so a close can wait for a lock that lifts at the open).
   */
  at?: number;
  /**
   * For any close, the platform's included: until when shares of the position are lent (epoch ms), or null
   * when none are. Lent shares come back only at the loan's end (its term, or a recall), so no close is
   * carried out before it, an automatic one neither (a lendable position has no leverage, so waiting cannot
   * take its loss beyond its margin).
   */
  lentUntil?: number | null;
}

/**
 * The state after `event`, or a `TradingRuleError`: ORDER_STATE_INVALID when the table refuses it (the
 * spec's "do not repeat"), POSITION_LENT with `{ until }` when any close meets lent shares, SELL_LOCKED with
 * `{ until }` (ISO instant) when a user's close meets a lock.
 */
export function assertTransition(
  from: OrderState,
  event: OrderEvent,
  context: TransitionContext = {},
): OrderState {
  const to = TRANSITIONS[from][event];
  if (to === undefined) throw new TradingRuleError("ORDER_STATE_INVALID", { state: from, event });
  const closes = event === "requestClose" || event === "close" || event === "liquidate";
  if (closes && context.lentUntil !== undefined && context.lentUntil !== null) {
    if (context.at === undefined)
      throw new TypeError("a close of lent shares needs the instant it is carried out");
    if (context.at < context.lentUntil)
      throw new TradingRuleError("POSITION_LENT", { until: new Date(context.lentUntil).toISOString() });
  }
  if (event === "requestClose" || event === "close") {
    const { lockedUntil, at } = context;
    if (lockedUntil !== undefined && lockedUntil !== null) {
      if (at === undefined) throw new TypeError("a close under a lock needs the instant it is carried out");
      if (at < lockedUntil)
        throw new TradingRuleError("SELL_LOCKED", { until: new Date(lockedUntil).toISOString() });
    }
  }
  if (event === "requestClose") {
    if (context.marketOpen === undefined)
      throw new TypeError("requestClose needs to know whether the market trades");
    return context.marketOpen ? "closed" : "closing";
  }
  return to;
}
