import { money, pnl, type MarketDataProvider, type Money, type PositionContribution } from "@brokerage/core";
import type { OpenPositionSums, PositionValuation, UnrealisedAt } from "../account/index.js";
import { currentPrice } from "./pricing.js";
import * as repo from "./repository.js";
import { positionTerms } from "./view.js";

/**
 * Open positions in the account centre and the portfolio (modules/account valuation.ts): per currency,
 * their margin plus their unrealised P&L at the current price as the market value, and the unrealised P&L.
 * A position without a current price (see pricing.ts) is left out rather than valued at a guess; a position
 * waiting to close still holds its margin, so it counts.
 */
export function tradingValuation(market: MarketDataProvider): PositionValuation {
  /** Prices of one instant, each symbol asked once. */
  const pricesAt = (at: Date) => {
    const prices = new Map<string, string | undefined>();
    return (symbol: string) => {
      if (!prices.has(symbol)) prices.set(symbol, currentPrice(market, symbol, at));
      return prices.get(symbol);
    };
  };
  const unrealisedOf = (row: repo.TradeOrderRow, price: string | undefined) =>
    price === undefined ? undefined : money(pnl(positionTerms(row), price));

  return {
    async positions(db, userId, at): Promise<PositionContribution[]> {
      const sums = new Map<string, { marketValue: Money; unrealisedPnl: Money }>();
      const priceOf = pricesAt(at);
      for (const row of await repo.openPositions(db, userId)) {
        const unrealised = unrealisedOf(row, priceOf(row.symbol));
        if (unrealised === undefined) continue;
        const sum = sums.get(row.currency) ?? { marketValue: money(0), unrealisedPnl: money(0) };
        sums.set(row.currency, {
          marketValue: sum.marketValue.plus(row.margin).plus(unrealised),
          unrealisedPnl: sum.unrealisedPnl.plus(unrealised),
        });
      }
      return [...sums].map(([currency, sum]) => ({ currency, ...sum }));
    },

    async performance(db, userId, at) {
      const priceOf = pricesAt(at);
      const open = new Map<
        string,
        OpenPositionSums & { margin: Money; unrealisedPnl: Money; openFees: Money }
      >();
      for (const row of await repo.openPositions(db, userId)) {
        const key = `${row.market}\u0000${row.currency}`;
        const sum = open.get(key) ?? {
          market: row.market,
          currency: row.currency,
          margin: money(0),
          unrealisedPnl: money(0),
          openFees: money(0),
        };
        const unrealised = unrealisedOf(row, priceOf(row.symbol)) ?? money(0);
        open.set(key, {
          ...sum,
          margin: sum.margin.plus(row.margin),
          unrealisedPnl: sum.unrealisedPnl.plus(unrealised),
          openFees: sum.openFees.plus(row.openFee),
        });
      }
      return { open: [...open.values()], closed: await repo.closedSums(db, userId) };
    },

    async unrealisedAt(db, at, userId): Promise<UnrealisedAt[]> {
      const priceOf = pricesAt(at);
      const sums = new Map<string, UnrealisedAt & { unrealisedPnl: Money }>();
      for (const row of await repo.positionsOpenAt(db, at, userId)) {
        const unrealised = unrealisedOf(row, priceOf(row.symbol));
        if (unrealised === undefined) continue;
        const key = `${row.userId}\u0000${row.currency}`;
        const sum = sums.get(key) ?? { userId: row.userId, currency: row.currency, unrealisedPnl: money(0) };
        sums.set(key, { ...sum, unrealisedPnl: sum.unrealisedPnl.plus(unrealised) });
      }
      return [...sums.values()];
    },
  };
}
