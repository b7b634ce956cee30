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
