import type { OrderState, TradeOrder } from "@brokerage/api";
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

export interface TradingDeps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
  /** Called after each committed change of an order (placed, filled, cancelled, stops set, closed …). */
  notify?: (change: TradeChange) => void;
  /** Called after a margin call was committed (the owner's sockets hear of it). */
  notifyMarginCall?: (call: MarginCall) => void;
}

/** The change an order's answer tells the engine. */
export const changeOf = (order: TradeOrder): TradeChange => ({
  orderId: order.id,
  symbol: order.symbol,
  state: order.state,
});
