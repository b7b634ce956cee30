import { ipoAmount, money, toBookedString, type Money } from "@brokerage/core";
import Decimal from "decimal.js";
import type { Db } from "../../db/index.js";
import { availableOf, type Cause } from "../ledger/index.js";
import { blockMore, releaseBeyond, stillHeld } from "./holds.js";
import * as repo from "./repository.js";

/**
 * A provisional price made final (docs/ipo.md "A provisional price"; DESIGN §5a "Primary market"): every
 * application still `applied` was blocked at the provisional price, and from now on blocks price × quantity
 * at the final one.
 *
 * - A fall releases the difference (`ipoRefund`, held → available).
 * - A rise blocks the extra (`ipoPayment`, available → held) when the available balance covers it; when it
 *   does not, the application is reduced to the most whole shares that what it holds and the balance can
 *   pay at the final price, and blocks that; below the offering's minimum it fails and its block comes back.
 *
 * One user's applications take the balance in the order they were made. Each booking goes through the
 * ledger in the step's transaction, under the offering's lock, which the step's own guard (the price not
 * made final yet) makes run once.
 */

export interface PriceAdjustment {
  subscriptionId: string;
  userId: string;
  /** Shares asked for before and after (0 after: failed). */
  before: bigint;
  after: bigint;
  /** Blocked more, and released, by the step. */
  blocked: Money;
  released: Money;
  /** What it holds after the step. */
  held: Money;
}

/** The most whole shares `funds` pays at `price` (amounts at the currency's scale). */
export function sharesFor(funds: Money, price: string, currency: string): bigint {
  let shares = BigInt(funds.div(price).floor().toFixed(0));
  while (shares > 0n && money(ipoAmount(price, shares, currency)).greaterThan(funds)) shares -= 1n;
  return shares;
}

export async function adjustToFinalPrice(
  tx: Db,
  offering: repo.OfferingRow,
  applied: readonly repo.SubscriptionRow[],
  params: { price: string; cause: Cause; at: Date },
): Promise<PriceAdjustment[]> {
  const { currency } = offering;
  const { price, cause, at } = params;
  const available = new Map<string, Money>();
  const availableTo = async (userId: string) =>
    available.get(userId) ?? money(await availableOf(tx, userId, currency));
  const adjustments: PriceAdjustment[] = [];
  for (const row of applied) {
    const held = money(stillHeld(row, currency));
    const need = money(ipoAmount(price, row.quantity, currency));
    const base = { subscriptionId: row.id, userId: row.userId, before: row.quantity };
    const none = money(0);
    if (need.equals(held)) {
      adjustments.push({ ...base, after: row.quantity, blocked: none, released: none, held });
      continue;
    }
    if (need.lessThan(held)) {
      await releaseBeyond(tx, row, { currency, keep: need.toFixed(), cause, at });
      adjustments.push({
        ...base,
        after: row.quantity,
        blocked: none,
        released: held.minus(need),
        held: need,
      });
      continue;
    }
    const balance = await availableTo(row.userId);
    const extra = need.minus(held);
    if (!extra.greaterThan(balance)) {
      await blockMore(tx, row, { currency, amount: toBookedString(extra, currency), cause, at });
      available.set(row.userId, balance.minus(extra));
      adjustments.push({ ...base, after: row.quantity, blocked: extra, released: none, held: need });
      continue;
    }
    const shares = sharesFor(held.plus(balance), price, currency);
    if (shares < offering.minQuantity) {
      await releaseBeyond(tx, row, { currency, keep: "0", to: "failed", cause, at });
      available.set(row.userId, balance.plus(held));
      adjustments.push({ ...base, after: 0n, blocked: none, released: held, held: none });
      continue;
    }
    const cost = money(ipoAmount(price, shares, currency));
    if (cost.greaterThan(held)) {
      const more = cost.minus(held);
      await blockMore(tx, row, {
        currency,
        amount: toBookedString(more, currency),
        quantity: shares,
        cause,
        at,
      });
      available.set(row.userId, balance.minus(more));
      adjustments.push({ ...base, after: shares, blocked: more, released: none, held: cost });
    } else {
      await releaseBeyond(tx, row, { currency, keep: cost.toFixed(), cause, at });
      if (!(await repo.reduceQuantity(tx, { id: row.id, quantity: shares })))
        throw new Error("a subscription changed while its price was made final");
      available.set(row.userId, balance.plus(held.minus(cost)));
      adjustments.push({ ...base, after: shares, blocked: none, released: held.minus(cost), held: cost });
    }
  }
  return adjustments;
}

/** (final − provisional) ÷ provisional in percent, signed, 2 decimals ("+12.50", "-8.00", "0.00"). */
export function priceChange(provisional: string, final: string): string {
  const change = money(final).minus(provisional).div(provisional).times(100);
  const text = change.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return change.greaterThan(0) ? `+${text}` : text;
}

/** Whether the final price moved from the provisional one by more than `warnAbove` (a fraction). */
export const movedBeyond = (provisional: string, final: string, warnAbove: string): boolean =>
  money(final).minus(provisional).abs().greaterThan(money(provisional).times(warnAbove));
