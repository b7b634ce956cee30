import type { ChargeLine, InventoryItem, TradeOrder } from "@brokerage/api";
import {
  EXCHANGES,
  marketValue,
  money,
  netPnl,
  quantityText,
  pnl,
  toBookedString,
  type ExchangeCode,
  type MarketDataProvider,
  type Money,
} from "@brokerage/core";
import Decimal from "decimal.js";
import type { TradeOrderRow } from "./repository.js";
import { priceText } from "./pricing.js";

/** How rows become the contract's orders and inventory: amounts at their currency's scale, prices plain. */

/** The instrument's price decimals (crypto pairs carry their own), else its exchange's. */
export function decimalsOf(
  market: MarketDataProvider,
  row: Pick<TradeOrderRow, "symbol" | "exchange">,
): number {
  const listing = market.listing(row.symbol);
  if (listing && listing.kind !== "index") return listing.priceDecimals;
  return EXCHANGES[row.exchange as ExchangeCode]?.priceDecimals ?? 2;
}

const nameOf = (market: MarketDataProvider, symbol: string) => market.listing(symbol)?.name ?? symbol;

/** The terms the core's P&L maths takes, from a row that has opened. */
export function positionTerms(row: TradeOrderRow) {
  if (row.openPrice === null) throw new Error(`order ${row.id} has no open price`);
  return {
    direction: row.direction,
    openPrice: row.openPrice,
    quantity: quantityText(row.quantity),
    margin: row.margin,
    currency: row.currency,
  };
}

/** Charge lines as a row keeps them (JSON text); null where none were recorded (orders filled before). */
function chargeLinesOf(text: string | null): ChargeLine[] | null {
  return text === null ? null : (JSON.parse(text) as ChargeLine[]);
}

const holdsPosition = (row: TradeOrderRow) => row.state === "open" || row.state === "closing";

/**
 * One order as the contract shows it. `price` is the current price (from the market, when current): of an
 * open position, which gives its unrealised P&L, return rate and market value; of a waiting limit order,
 * shown beside its limit. A closed one shows its realised P&L, every other state none. The P&L is net of
 * the charges paid (core `netPnl`), with the gross and the costs beside it.
 */
export function toTradeOrder(row: TradeOrderRow, market: MarketDataProvider, price?: string): TradeOrder {
  const decimals = decimalsOf(market, row);
  const cash = (value: string | null) => (value === null ? null : toBookedString(value, row.currency));
  const shown = (value: string | null) => (value === null ? null : priceText(value, decimals));
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  // Parsed once: the P&L, the shown price and the market value all take it.
  const live = holdsPosition(row) && price !== undefined ? money(price) : undefined;
  const waitingAt = row.state === "pending" && price !== undefined ? money(price) : undefined;
  const gross =
    live !== undefined ? pnl(positionTerms(row), live) : row.state === "closed" ? cash(row.pnl) : null;
  const profit = gross === null ? null : netPnl(gross, row, row);
  return {
    id: row.id,
    orderNo: row.orderNo,
    kind: row.kind,
    symbol: row.symbol,
    exchange: row.exchange,
    name: nameOf(market, row.symbol),
    market: row.market,
    currency: row.currency,
    direction: row.direction,
    priceType: row.priceType,
    state: row.state,
    quantity: quantityText(row.quantity),
    leverage: row.leverage,
    limitPrice: shown(row.limitPrice),
    stopLoss: shown(row.stopLoss),
    takeProfit: shown(row.takeProfit),
    margin: toBookedString(row.margin, row.currency),
    openFee: toBookedString(row.openFee, row.currency),
    openCharges: chargeLinesOf(row.openCharges),
    createdAt: row.createdAt.toISOString(),
    openedAt: iso(row.openedAt),
    openPrice: shown(row.openPrice),
    lockedUntil: iso(row.lockedUntil),
    closedAt: iso(row.closedAt),
    closePrice: shown(row.closePrice),
    closeFee: cash(row.closeFee),
    stampDuty: cash(row.stampDuty),
    closeCharges: chargeLinesOf(row.closeCharges),
    closeReason: row.closeReason,
    pnl: profit?.net ?? null,
    pnlGross: profit?.gross ?? null,
    costs: profit?.costs ?? null,
    protection: row.state === "closed" ? toBookedString(row.protection ?? "0", row.currency) : null,
    returnRate: profit?.returnRate ?? null,
    currentPrice:
      live !== undefined
        ? priceText(live, decimals)
        : waitingAt !== undefined
          ? priceText(waitingAt, decimals)
          : null,
    marketValue: live === undefined ? null : marketValue(live, row.quantity, row.currency),
    declineReason: row.declineReason,
    expiresAt: row.state === "pending" ? iso(row.expiresAt) : null,
  };
}

/**
 * Open positions summed by instrument and direction (`trade/inventory`): quantity, the quantity-weighted
 * average open price (half-up at the instrument's price decimals), the opening charges paid, and at the
 * current price (when there is one) the market value and the P&L gross and net of those charges.
 */
export function inventoryOf(
  rows: readonly TradeOrderRow[],
  market: MarketDataProvider,
  priceOf: (symbol: string) => string | undefined,
): InventoryItem[] {
  const groups = new Map<string, TradeOrderRow[]>();
  for (const row of rows) {
    const key = `${row.symbol}\u0000${row.direction}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as TradeOrderRow;
    const quantity = group.reduce<Money>((sum, r) => sum.plus(r.quantity), money(0));
    const cost = group.reduce<Money>(
      (sum, r) => sum.plus(money(positionTerms(r).openPrice).times(r.quantity)),
      money(0),
    );
    const decimals = decimalsOf(market, first);
    const price = priceOf(first.symbol);
    const costs = group.reduce<Money>((sum, r) => sum.plus(r.openFee), money(0));
    const gross =
      price === undefined
        ? null
        : group.reduce<Money>((sum, r) => sum.plus(pnl(positionTerms(r), price)), money(0));
    const cash = (amount: Money) => toBookedString(amount, first.currency);
    return {
      symbol: first.symbol,
      exchange: first.exchange,
      name: nameOf(market, first.symbol),
      currency: first.currency,
      direction: first.direction,
      quantity: quantityText(quantity),
      averageCost: cost.div(quantity).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals),
      currentPrice: price === undefined ? null : priceText(price, decimals),
      marketValue: price === undefined ? null : marketValue(price, quantity, first.currency),
      pnl: gross === null ? null : cash(gross.minus(costs)),
      pnlGross: gross === null ? null : cash(gross),
      costs: cash(costs),
    };
  });
}
