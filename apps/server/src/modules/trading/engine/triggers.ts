import {
  PRICE_DECIMALS,
  liquidationPrice,
  type BookEntry,
  type Direction,
  type ExchangeCode,
} from "@brokerage/core";
import type { TradeOrderRow } from "../repository.js";
import { dayClose } from "../pricing.js";

/**
 * What one live row asks of the matching engine, worked out from the row alone (no clock, no price):
 *
 *   pending limit order   a `limit` entry at its limit, and its expiry (the market's close)
 *   open position         its stop-loss and take-profit entries; when leveraged, an automatic-close entry
 *                         at the price where the loss reaches the market's share of the margin; a day
 *                         trade's end (the close of the trading day it opened in)
 *   closing position      the close waiting for its market's next open
 */

export type TriggerAction = "fill" | "stopLoss" | "takeProfit" | "liquidation";

export interface Trigger extends BookEntry {
  orderId: string;
  action: TriggerAction;
}

export interface RowPlan {
  triggers: Trigger[];
  /** A pending order's end (epoch ms). */
  expiresAt?: number;
  /** A day trade's automatic close (epoch ms). */
  dayEndAt?: number;
  /** A close waiting for the open. */
  closeAtOpen?: boolean;
}

/** Book ids of one order's entries: unique across kinds, as the book requires. */
export const triggerId = (orderId: string, action: TriggerAction): string =>
  action === "fill" ? orderId : `${action}:${orderId}`;

export const TRIGGER_ACTIONS: readonly TriggerAction[] = ["fill", "stopLoss", "takeProfit", "liquidation"];

/**
 * The automatic close applies to leveraged positions only (DESIGN §5): an unleveraged position's margin is
 * its whole notional, so there is nothing borrowed to protect. The entry's price comes from the core's
 * `liquidationPrice` at the book's own 10 decimals, rounded to the far side: for a price of at most 10
 * decimals (every price the book compares) "at or beyond the rounded price" is exactly `shouldLiquidate`.
 */
function liquidationTrigger(row: TradeOrderRow, share: string | undefined): Trigger | undefined {
  if (row.leverage <= 1 || share === undefined || row.openPrice === null) return undefined;
  const price = liquidationPrice(
    {
      direction: row.direction as Direction,
      openPrice: row.openPrice,
      quantity: row.quantity,
      margin: row.margin,
      currency: row.currency,
    },
    share,
    PRICE_DECIMALS,
  );
  if (price === undefined) return undefined;
  return entry(row, "liquidation", price);
}

function entry(row: TradeOrderRow, action: TriggerAction, price: string): Trigger {
  return {
    id: triggerId(row.id, action),
    orderId: row.id,
    symbol: row.symbol,
    // The automatic close fires on the stop-loss's side of the price.
    kind: action === "fill" ? "limit" : action === "liquidation" ? "stopLoss" : action,
    direction: row.direction as Direction,
    action,
    price,
  };
}

/** What `row` asks of the engine; `share` is its market's automatic-close share (`liquidationShare`). */
export function planOf(row: TradeOrderRow, share: string | undefined): RowPlan {
  switch (row.state) {
    case "pending": {
      if (row.priceType !== "limit" || row.limitPrice === null) return { triggers: [] };
      return {
        triggers: [entry(row, "fill", row.limitPrice)],
        expiresAt: row.expiresAt?.getTime(),
      };
    }
    case "open": {
      const triggers: Trigger[] = [];
      if (row.stopLoss !== null) triggers.push(entry(row, "stopLoss", row.stopLoss));
      if (row.takeProfit !== null) triggers.push(entry(row, "takeProfit", row.takeProfit));
      const liquidation = liquidationTrigger(row, share);
      if (liquidation) triggers.push(liquidation);
      const dayEndAt =
        row.kind === "dayTrade" && row.openedAt
          ? dayClose(row.exchange as ExchangeCode, row.openedAt)
          : undefined;
      return { triggers, dayEndAt };
    }
    case "closing":
      return { triggers: [], closeAtOpen: true };
    default:
      return { triggers: [] };
  }
}
