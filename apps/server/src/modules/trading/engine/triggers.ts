import {
  PRICE_DECIMALS,
  liquidationPrice,
  money,
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
 *                         at the price where the loss reaches the market's share of the margin and a
 *                         margin-call entry per level of the market's ladder (equity at that share of the
 *                         margin); a day
 *                         trade's end (the close of the trading day it opened in)
 *   closing position      the close waiting for its market's next open
 */

export type TriggerAction = "fill" | "stopLoss" | "takeProfit" | "liquidation" | "marginCall";

export interface Trigger extends BookEntry {
  orderId: string;
  action: TriggerAction;
  /** A margin call's equity level, a fraction of the margin ("0.8"). */
  level?: string;
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

/** Book ids of one order's entries: unique across kinds (and a margin call's levels), as the book requires. */
export const triggerId = (orderId: string, action: TriggerAction, level?: string): string =>
  action === "fill"
    ? orderId
    : action === "marginCall"
      ? `marginCall:${level}:${orderId}`
      : `${action}:${orderId}`;

/** The actions with one entry per order (a margin call has one per level: see `triggerId`). */
export const TRIGGER_ACTIONS: readonly TriggerAction[] = ["fill", "stopLoss", "takeProfit", "liquidation"];

/**
 * The automatic close applies to leveraged positions only (DESIGN §5): an unleveraged position's margin is
 * its whole notional, so there is nothing borrowed to protect. The entry's price comes from the core's
 * `liquidationPrice` at the book's own 10 decimals, rounded to the far side: for a price of at most 10
 * decimals (every price the book compares) "at or beyond the rounded price" is exactly `shouldLiquidate`.
 */
function liquidationTrigger(
  row: TradeOrderRow,
  share: string | undefined,
  action: "liquidation" | "marginCall" = "liquidation",
  level?: string,
): Trigger | undefined {
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
  return entry(row, action, price, level);
}

/** A margin call at each equity level: where the loss reaches 1 − level of the margin. */
function marginCallTriggers(row: TradeOrderRow, levels: readonly string[]): Trigger[] {
  return levels.flatMap((level) => {
    const trigger = liquidationTrigger(row, money(1).minus(level).toFixed(), "marginCall", level);
    return trigger ? [trigger] : [];
  });
}

function entry(row: TradeOrderRow, action: TriggerAction, price: string, level?: string): Trigger {
  return {
    id: triggerId(row.id, action, level),
    orderId: row.id,
    symbol: row.symbol,
    // The automatic close and the margin calls fire on the stop-loss's side of the price.
    kind:
      action === "fill" ? "limit" : action === "liquidation" || action === "marginCall" ? "stopLoss" : action,
    direction: row.direction as Direction,
    action,
    price,
    ...(level === undefined ? {} : { level }),
  };
}

/**
 * What `row` asks of the engine; `share` is its market's automatic-close share (`liquidationShare`),
 * `levels` its margin-call ladder (`marginCallLevels`).
 */
export function planOf(
  row: TradeOrderRow,
  share: string | undefined,
  levels: readonly string[] = [],
): RowPlan {
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
      if (liquidation) triggers.push(liquidation, ...marginCallTriggers(row, levels));
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
