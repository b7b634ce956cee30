import { MARKET_OF_TYPE } from "@brokerage/api/constants";
import type { MarketType, OrderDirection, TradeOrder } from "@brokerage/api";
import { DEFAULT_TRADING_CONFIG, leveragesFor, netPnl, pnl } from "@brokerage/core";
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
): { pnl: string; pnlGross: string; returnRate: string } | null {
  if (order.openPrice === null) return null;
  try {
    const gross = pnl({ ...order, openPrice: order.openPrice }, price);
    const net = netPnl(gross, { openFee: order.openFee }, order);
    return { pnl: net.net, pnlGross: net.gross, returnRate: net.returnRate };
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
