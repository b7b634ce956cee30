import { MARKET_OF_TYPE } from "@brokerage/api/constants";
import type { MarketType, OrderDirection, TradeOrder } from "@brokerage/api";
import {
  DEFAULT_TRADING_CONFIG,
  closeCost,
  leveragesFor,
  marketValue,
  money,
  netPnl,
  pnl,
  toBookedString,
  type CloseRule,
} from "@brokerage/core";
import { readStored, writeStored } from "../../lib/storage";
import { MARKET_BUY_KEY, readStockRef, type StockRef } from "../../lib/quote";
import type { TradeTab } from "./api/trade";

/**
 * The core's default leverages of an instrument (the steps up to its class's cap): what the buy form
 * offers until the server's list in force (`trade/terms`, from the operator's `trading.<market>`) arrives,
 * or when it cannot be read (useOrderTerms).
 */
export function leveragesOf(stock: { type: MarketType; symbol: string }): number[] {
  const market = MARKET_OF_TYPE[stock.type];
  const caps = DEFAULT_TRADING_CONFIG[market]?.leverageCaps ?? {};
  const kind = market === "FX" ? "forex" : market === "CRYPTO" ? "crypto" : "stock";
  return leveragesFor({ kind, symbol: stock.symbol }, caps);
}

/** "1, 2, 5" → [1, 2, 5]; anything unreadable → null (keep the list shown). */
export function parseAllowed(allowed: string | undefined): number[] | null {
  if (!allowed) return null;
  const list = allowed.split(",").map((part) => Number(part.trim()));
  return list.length > 0 && list.every((n) => Number.isInteger(n) && n >= 1) ? list : null;
}

/** What the stock detail's buy buttons saved (spec §2: screens take their stock from local storage). */
export interface BuyRef extends StockRef {
  direction: OrderDirection;
}

export function readBuyRef(): BuyRef | null {
  const stock = readStockRef(MARKET_BUY_KEY);
  if (!stock) return null;
  const { direction } = stock as Partial<BuyRef>;
  return { ...stock, direction: direction === "short" ? "short" : "long" };
}

/** The position detail screen reads its order id from local storage, as the stock detail does its stock. */
export const POSITION_DETAIL_KEY = "positionDetail";

/** Storage unavailable: the detail screen shows its empty state. */
export const savePositionId = (id: string) => writeStored(POSITION_DETAIL_KEY, id);
export const readPositionId = () => readStored(POSITION_DETAIL_KEY);

/** Where a placed order is listed: waiting ones under purchase, filled ones in progress. */
export const tabOf = (order: Pick<TradeOrder, "state">): TradeTab =>
  order.state === "pending" || order.state === "review" ? "purchase" : "inProgress";

/**
 * An open position's P&L at a live price, net of the charges it paid (DESIGN §5a), with the gross beside it
 * and the return rate of the net: the server's own formulas, from the core.
 */
export function livePnl(
  order: Pick<TradeOrder, "direction" | "openPrice" | "quantity" | "margin" | "currency" | "openFee">,
  price: string,
): { pnl: string; pnlGross: string; returnRate: string; marketValue: string } | null {
  if (order.openPrice === null) return null;
  try {
    const gross = pnl({ ...order, openPrice: order.openPrice }, price);
    const net = netPnl(gross, { openFee: order.openFee }, order);
    return {
      pnl: net.net,
      pnlGross: net.gross,
      returnRate: net.returnRate,
      // At the same live price as the P&L and the current price shown beside it (the server's formula).
      marketValue: marketValue(price, order.quantity, order.currency),
    };
  } catch {
    return null;
  }
}

/** Whether an open position is still inside its lock (it cannot be closed before `lockedUntil`). */
export const isLockedAt = (order: Pick<TradeOrder, "lockedUntil">, now: number) =>
  order.lockedUntil !== null && Date.parse(order.lockedUntil) > now;

/** A stop field's value for the request: empty means none. */
export const stopValue = (text: string): string | undefined => (text.trim() === "" ? undefined : text.trim());

/** Spec §9 colour of a P&L: a gain is red ("up"), a loss green ("down"). */
export function toneOf(value: string | null): "up" | "down" | "flat" {
  if (value === null || /^-?0*(\.0*)?$/.test(value)) return "flat";
  return value.startsWith("-") ? "down" : "up";
}

/** What a stop-loss or take-profit at `stop` would lock in, or why it cannot be set there. */
export type StopOutcome =
  | { kind: "result"; gross: string; costs: string; net: string }
  | { kind: "wrongSide"; side: "below" | "above" };

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The P&L an order closed at its stop would realise, by the server's own formulas (the core's): on the
 * price, (stop − price) × quantity for a long; the costs, the opening charges plus the closing charges at
 * the stop price under the market's `rule` (those at the order's price until the terms are read); the net
 * between them. A stop on the wrong side of the price (a long's stop-loss at or above it) says which side it
 * belongs on, as the server would refuse it (STOP_PRICE_INVALID). Null while the stop is empty or not a
 * number.
 */
export function stopOutcome(
  order: { direction: OrderDirection; price: string; quantity: string; currency: string; fee: string },
  which: "stopLoss" | "takeProfit",
  stop: string,
  rule: CloseRule | undefined,
  closeChargesAtPrice: readonly { amount: string }[],
): StopOutcome | null {
  const text = stop.trim();
  if (!DECIMAL.test(text) || money(text).isZero()) return null;
  // A long gains above its price: its take-profit goes above and its stop-loss below; a short the other way.
  const gainsAbove = order.direction === "long";
  const above = (which === "takeProfit") === gainsAbove;
  const cmp = money(text).comparedTo(order.price);
  if (above ? cmp <= 0 : cmp >= 0) return { kind: "wrongSide", side: above ? "above" : "below" };
  try {
    const gross = pnl({ ...order, openPrice: order.price }, text);
    const closing = rule
      ? (() => {
          const cost = closeCost(order, text, rule);
          return money(cost.fee).plus(cost.stampDuty);
        })()
      : closeChargesAtPrice.reduce((sum, line) => sum.plus(line.amount), money(0));
    const costs = money(order.fee).plus(closing);
    return {
      kind: "result",
      gross,
      costs: toBookedString(costs, order.currency),
      net: toBookedString(money(gross).minus(costs), order.currency),
    };
  } catch {
    return null;
  }
}
