import type { PositionContribution } from "@brokerage/core";
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
 */
export interface PositionValuation {
  positions(db: Db, userId: string, at: Date): Promise<PositionContribution[]>;
}

/** Before trading exists: no open positions. */
export const NO_POSITIONS: PositionValuation = { positions: async () => [] };
