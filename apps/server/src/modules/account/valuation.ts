import type { Money, PositionContribution } from "@brokerage/core";
import type { Db } from "../../db/index.js";

/**
 * How open positions enter the account centre (issue 8: "total assets include open positions once
 * trading exists"). Trading implements this and passes it to the account routes
 * (`app.register(accountRoutes, { prefix, valuation })` in app.ts); nothing else changes.
 *
 * `positions` answers, per currency, the user's open positions at market value at `at` (for a leveraged
 * position: its margin plus its unrealised P&L) and the unrealised P&L within it, read in `db` (the
 * overview's read-only snapshot, so positions and balances are of one moment). The margin is already in
 * the ledger (purpose `margin`, counted as frozen), so the overview adds only the unrealised P&L to the
 * total and to the profit, and reports the market value beside them. A position without a fresh price is
 * left out of the answer rather than valued at a guess.
 *
 * `performance` answers what the portfolio splits the P&L into: the open positions by market and currency
 * and the closed ones by currency. `unrealisedAt` answers, per user and currency, the unrealised P&L at the
 * instant `at` (a day's end, perhaps past) of the positions open then, at that instant's prices: the part
 * of a daily mark that is not in the ledger.
 */
export interface PositionValuation {
  positions(db: Db, userId: string, at: Date): Promise<PositionContribution[]>;
  performance(db: Db, userId: string, at: Date): Promise<PositionPerformance>;
  unrealisedAt(db: Db, at: Date, userId?: string): Promise<UnrealisedAt[]>;
}

/** The open positions of one market and settlement currency. */
export interface OpenPositionSums {
  market: string;
  currency: string;
  /** Their margin (in the ledger's margin account). */
  margin: Money | string;
  /** Their gross unrealised P&L at the current price; positions without one count 0. */
  unrealisedPnl: Money | string;
  /** The opening charges they paid. */
  openFees: Money | string;
}

/** The closed positions of one settlement currency. */
export interface ClosedPositionSums {
  currency: string;
  /** Their P&L net of every cost (the sum of each one's `pnl`). */
  net: Money | string;
  /** The charges they paid, opening and closing. */
  costs: Money | string;
}

export interface PositionPerformance {
  open: OpenPositionSums[];
  closed: ClosedPositionSums[];
}

export interface UnrealisedAt {
  userId: string;
  currency: string;
  unrealisedPnl: Money | string;
}

/** Before trading exists: no open positions. */
export const NO_POSITIONS: PositionValuation = {
  positions: async () => [],
  performance: async () => ({ open: [], closed: [] }),
  unrealisedAt: async () => [],
};
