import { orderState } from "@brokerage/api";
import { z } from "zod";
import type { Bus, Channel } from "../../../lib/bus.js";
import type { TradeChange } from "../service.js";

/**
 * Every committed change of an order, from whichever process made it, to the leader's engine: an order
 * placed on another process must reach the book. Pub/sub keeps nothing, so the leader also rebuilds from the
 * database every so often; a change that is lost on the way is late, never lost.
 */
export const TRADE_CHANGES: Channel<TradeChange> = {
  name: "trade-changes",
  schema: z.object({ orderId: z.string(), symbol: z.string(), state: orderState }),
};

/** The service's `notify`: tells every process (the publisher's own included) through the bus. */
export const publishTradeChange =
  (bus: Bus) =>
  (change: TradeChange): void =>
    void bus.publish(TRADE_CHANGES, change);

/** A margin call just sent to a position's owner, for the owner's sockets on every process. */
export interface MarginCall {
  userId: string;
  orderId: string;
  symbol: string;
  /** The equity level reached, a fraction of the margin ("0.8"). */
  level: string;
  /** Where the automatic close will come: the equity level 1 − liquidationShare ("0.5"). */
  closeOut: string;
}

export const MARGIN_CALLS: Channel<MarginCall> = {
  name: "margin-calls",
  schema: z.object({
    userId: z.string(),
    orderId: z.string(),
    symbol: z.string(),
    level: z.string(),
    closeOut: z.string(),
  }),
};

/** The service's `notifyMarginCall`: to the owner's sockets wherever they are connected. */
export const publishMarginCall =
  (bus: Bus) =>
  (call: MarginCall): void =>
    void bus.publish(MARGIN_CALLS, call);
