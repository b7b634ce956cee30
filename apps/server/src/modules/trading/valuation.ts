import { money, pnl, type MarketDataProvider, type Money, type PositionContribution } from "@brokerage/core";
import type { PositionValuation } from "../account/index.js";
import { currentPrice } from "./pricing.js";
import * as repo from "./repository.js";
import { positionTerms } from "./view.js";

/**
 * Open positions in the account centre (modules/account valuation.ts): per currency, their margin plus
 * their unrealised P&L at the current price as the market value, and the unrealised P&L. A position without
 * a current price (see pricing.ts) is left out rather than valued at a guess; a position waiting to close
 * still holds its margin, so it counts.
 */
export function tradingValuation(market: MarketDataProvider): PositionValuation {
  return {
    async positions(db, userId, at): Promise<PositionContribution[]> {
      const sums = new Map<string, { marketValue: Money; unrealisedPnl: Money }>();
      const prices = new Map<string, string | undefined>();
      for (const row of await repo.openPositions(db, userId)) {
        if (!prices.has(row.symbol)) prices.set(row.symbol, currentPrice(market, row.symbol, at));
        const price = prices.get(row.symbol);
        if (price === undefined) continue;
        const unrealised = money(pnl(positionTerms(row), price));
        const sum = sums.get(row.currency) ?? { marketValue: money(0), unrealisedPnl: money(0) };
        sums.set(row.currency, {
          marketValue: sum.marketValue.plus(row.margin).plus(unrealised),
          unrealisedPnl: sum.unrealisedPnl.plus(unrealised),
        });
      }
      return [...sums].map(([currency, sum]) => ({ currency, ...sum }));
    },
  };
}
