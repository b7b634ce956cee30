import type { OrderDraft, OrderState, OrderWarning, TradeOrder } from "@brokerage/api";
import type { MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import type { MarginCall } from "./engine/changes.js";

/** What changed, told after the commit: the matching engine keeps its book in step with it. */
export interface TradeChange {
  orderId: string;
  symbol: string;
  state: OrderState;
}

/** What a guard compares of an order about to be placed. */
export interface GuardedOrder {
  price: string;
  marketPrice: string;
  notional: string;
  currency: string;
}

/**
 * The user's own protections and the fat-finger guards (modules/risk `SelfProtectionService`, passed by
 * app.ts): asked before a new order, never before a close.
 */
export interface OrderGuards {
  warnings(
    userId: string,
    draft: Pick<OrderDraft, "priceType">,
    order: GuardedOrder,
  ): Promise<OrderWarning[]>;
  checkNewOrder(
    userId: string,
    order: { leverage: number; confirmUnusual?: boolean; priceType: OrderDraft["priceType"] },
    priced: GuardedOrder,
  ): Promise<void>;
}

export interface TradingDeps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
  /** Called after each committed change of an order (placed, filled, cancelled, stops set, closed …). */
  notify?: (change: TradeChange) => void;
  /** The order guards (app.ts passes modules/risk's; a service built without them, in tests, has none). */
  guards?: OrderGuards;
  /** Called after a margin call was committed (the owner's sockets hear of it). */
  notifyMarginCall?: (call: MarginCall) => void;
}

/** The change an order's answer tells the engine. */
export const changeOf = (order: TradeOrder): TradeChange => ({
  orderId: order.id,
  symbol: order.symbol,
  state: order.state,
});
