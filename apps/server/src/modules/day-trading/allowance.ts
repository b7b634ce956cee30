import type { Currency, DayTradingAllowance } from "@brokerage/api";
import { money, toBookedString } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import * as repo from "./repository.js";

/**
 * The day-trading allowance (DESIGN §5; db/schema/trading.ts `day_trading_applications`): the latest
 * approved application's amount, in its currency, of which the user's day trades (pending limit orders and
 * open positions of kind `dayTrade`) hold `used` as margin. Trading asks it before a day-trade order.
 */

/** The allowance of an approved application, with what the user's day trades use of it now. */
export async function allowanceOf(
  db: Db,
  row: Pick<repo.DayTradingApplicationRow, "userId" | "currency" | "amount">,
  excluding?: string,
): Promise<DayTradingAllowance> {
  const { currency } = row;
  const used = await repo.usedMargin(db, { userId: row.userId, currency, excluding });
  const left = money(row.amount).minus(used);
  const remaining = left.isNegative() ? money(0) : left;
  return {
    currency: currency as Currency,
    amount: toBookedString(row.amount, currency),
    used: toBookedString(used, currency),
    remaining: toBookedString(remaining, currency),
  };
}

/**
 * The user's allowance for a day-trade order, in the order's transaction, its row locked so that the
 * user's day-trade orders are checked one after the other: MARGIN_NOT_ENABLED without an approved
 * application. `orderId`: the order being placed (already written in the transaction), not counted as used.
 */
export async function lockedAllowance(
  tx: Db,
  userId: string,
  orderId?: string,
): Promise<DayTradingAllowance> {
  const row = await repo.lockAllowance(tx, userId);
  if (!row) throw new DomainError("MARGIN_NOT_ENABLED");
  return allowanceOf(tx, row, orderId);
}

/**
 * A day trade's margin fits the allowance: in its currency (CURRENCY_UNSUPPORTED for an instrument that
 * settles in another) and within what remains (DAY_TRADE_ALLOWANCE_EXCEEDED {available}).
 */
export function checkWithinAllowance(allowance: DayTradingAllowance, currency: string, margin: string): void {
  if (allowance.currency !== currency) throw new DomainError("CURRENCY_UNSUPPORTED", { field: "dayTrade" });
  if (money(margin).greaterThan(allowance.remaining))
    throw new DomainError("DAY_TRADE_ALLOWANCE_EXCEEDED", { available: allowance.remaining });
}
