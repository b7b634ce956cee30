import type { TradeOrder } from "@brokerage/api";
import { money, toBookedString, type MarketDataProvider, type Money } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { currentPrice, toTradeOrder } from "../trading/index.js";
import * as repo from "./repository.js";

/**
 * A product's portfolio now, from the ledger and the positions alone: its cash (`available` and `held`,
 * what waiting orders hold), its positions at their current prices (margin plus the unrealised P&L before
 * the closing charges, never below zero), and whether every position had a current price (a mark is made
 * only then: a NAV is never made on a guess).
 */
export interface PortfolioNow {
  cash: string;
  positionsValue: string;
  value: string;
  complete: boolean;
  positions: TradeOrder[];
  /** Waiting (limit) orders and positions not closed yet. */
  openOrders: number;
  available: string;
}

export async function portfolioNow(
  db: Db,
  market: MarketDataProvider,
  product: Pick<repo.ProductRow, "portfolioUserId" | "currency">,
  at: Date,
  locked = false,
): Promise<PortfolioNow> {
  const { portfolioUserId: userId, currency } = product;
  const balances = locked
    ? await repo.lockBalances(db, userId, currency)
    : await repo.balancesOf(db, userId, currency);
  const balance = (purpose: string) => money(balances.find((b) => b.purpose === purpose)?.balance ?? "0");
  const rows = await repo.portfolioOrders(db, userId, ["pending", "open", "closing"]);
  let positionsValue: Money = balance("margin");
  let complete = true;
  const positions: TradeOrder[] = [];
  for (const row of rows) {
    if (row.state === "pending") continue;
    const price = currentPrice(market, row.symbol, at);
    if (price === undefined) complete = false;
    const order = toTradeOrder(row, market, price);
    positions.push(order);
    if (order.pnlGross !== null) {
      // A loss beyond the margin is the platform's (negative balance protection), not the portfolio's.
      const worth = money(row.margin).plus(order.pnlGross);
      positionsValue = positionsValue.plus(worth.isNegative() ? money(row.margin).neg() : order.pnlGross);
    }
  }
  const cash = balance("available").plus(balance("held"));
  return {
    cash: toBookedString(cash, currency),
    positionsValue: toBookedString(positionsValue, currency),
    value: toBookedString(cash.plus(positionsValue), currency),
    complete,
    positions,
    openOrders: rows.length,
    available: toBookedString(balance("available"), currency),
  };
}

export const toFollowPosition = (order: TradeOrder) => ({
  symbol: order.symbol,
  name: order.name,
  direction: order.direction,
  quantity: order.quantity,
  leverage: order.leverage,
  openPrice: order.openPrice,
  currentPrice: order.currentPrice,
  marketValue: order.marketValue,
  pnl: order.pnl,
  openedAt: order.openedAt,
});
