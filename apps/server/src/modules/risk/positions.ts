import type { AcknowledgedProduct } from "@brokerage/api";
import { money, pnl, positionResultAt, type MarketDataProvider, type Money } from "@brokerage/core";
import { eq, gt, type SQL } from "drizzle-orm";
import { tradeOrders } from "../../db/schema/index.js";
import { currentPrice, positionTerms, type TradeOrderRow } from "../trading/index.js";

/**
 * The products whose loss share is published, as filters on positions (trade_orders rows). A product
 * made of positions in trade_orders adds a filter here; a copy product (its followers hold units at a NAV,
 * not positions) has its own results in statistics.ts instead (docs/risk.md, "Adding a product").
 */
export const PRODUCT_FILTERS: Record<AcknowledgedProduct, SQL> = {
  /** Every position opened with a leverage above 1 (day trades included). */
  leveraged: gt(tradeOrders.leverage, 1),
  /** Every intraday order (kind dayTrade), whatever its leverage. */
  dayTrading: eq(tradeOrders.kind, "dayTrade"),
};

/** A closed position's P&L net of every charge it paid, plus what negative balance protection paid in. */
export function closedNet(row: TradeOrderRow): Money {
  return money(row.pnl ?? 0)
    .plus(row.protection ?? 0)
    .minus(row.openFee)
    .minus(row.closeFee ?? 0)
    .minus(row.stampDuty ?? 0);
}

/**
 * A position's net result to date at `at` (core `positionResultAt`): 0 before it opened, its unrealised P&L at that
 * instant's price less its opening charges while open (no price: the charges alone), its net P&L once
 * closed. Prices of one instant are asked once per symbol (`prices`).
 */
export function positionValue(
  row: TradeOrderRow,
  at: Date,
  market: MarketDataProvider,
  prices = new Map<string, string | undefined>(),
): Money {
  const opened = row.openedAt !== null && row.openedAt.getTime() < at.getTime();
  if (!opened || row.openPrice === null) return money(0);
  if (row.closedAt !== null && row.closedAt.getTime() < at.getTime())
    return positionResultAt({ opened, closedNet: closedNet(row), openCharges: row.openFee });
  const key = `${row.symbol}@${at.getTime()}`;
  if (!prices.has(key)) prices.set(key, currentPrice(market, row.symbol, at));
  const price = prices.get(key);
  return positionResultAt({
    opened,
    unrealised: price === undefined ? undefined : pnl(positionTerms(row), price),
    openCharges: row.openFee,
  });
}

/** What a position made over [from, to): its value at `to` less its value at `from`. */
export function resultOver(
  row: TradeOrderRow,
  from: Date,
  to: Date,
  market: MarketDataProvider,
  prices?: Map<string, string | undefined>,
): Money {
  return positionValue(row, to, market, prices).minus(positionValue(row, from, market, prices));
}
