import type { CloseReason, EntryType } from "@brokerage/api";
import {
  closeEntries,
  money,
  releaseEntries,
  settlement,
  toBookedString,
  type EntryDraft,
  type MarketCode,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import { availableOf, bookMany, type Booking, type Cause } from "../ledger/index.js";
import { tradingConfig } from "./pricing.js";
import * as repo from "./repository.js";
import { positionTerms } from "./view.js";

/**
 * The money side of trading: the entries of packages/core trading/entries.ts booked through the ledger in
 * the caller's transaction, and the order's state moved in the same transaction by a guarded UPDATE.
 * Every entry of an order refers to it as `trade:<id>` (fund records show the reference).
 */

export const referenceOf = (orderId: string) => `trade:${orderId}`;

/** What a waiting order holds: its margin and fee, priced at the limit. */
export const heldOf = (row: repo.TradeOrderRow) => ({
  total: toBookedString(money(row.margin).plus(row.openFee), row.currency),
});

/**
 * Books the entries in order and answers their ids. A user's account that cannot pay refuses with
 * INSUFFICIENT_AVAILABLE and the available balance of the currency as it was before these entries (what the
 * user had to pay with), the transaction then rolling back whatever else it wrote.
 */
export async function bookAll(
  tx: Db,
  entries: readonly EntryDraft<EntryType>[],
  booking: Omit<Booking, "entry" | "insufficient">,
): Promise<number[]> {
  const insufficient = (index: number, available: string) => {
    const currency = entries[index]?.postings[0]?.account.currency ?? "";
    return new DomainError("INSUFFICIENT_AVAILABLE", { available: toBookedString(available, currency) });
  };
  const booked = await bookMany(tx, entries, { ...booking, insufficient });
  return booked.map((b) => b.entryId);
}

/** A pending order ends (`cancelled`, `expired`): everything its hold holds goes back to available. */
export async function releaseHold(
  tx: Db,
  row: repo.TradeOrderRow,
  to: "cancelled" | "expired",
  cause: Cause,
  at: Date,
): Promise<repo.TradeOrderRow> {
  const entries = releaseEntries(row.userId, row.currency, heldOf(row));
  const [entryId] = await bookAll(tx, entries, {
    userId: row.userId,
    reference: referenceOf(row.id),
    cause,
    at,
  });
  const ended = await repo.transition(tx, {
    id: row.id,
    from: "pending",
    to,
    changes: { releaseEntryId: entryId ?? null },
  });
  if (!ended) throw new DomainError("ORDER_STATE_INVALID");
  return ended;
}

export interface Close {
  price: string;
  reason: CloseReason;
  cause: Cause;
  at: Date;
}

/**
 * Closes a position (core `settlement`, with the available balance read in this transaction for closing
 * charges beyond the margin): margin back, a loss beyond the margin paid in by the platform (negative
 * balance protection), P&L, closing fee and stamp duty booked, the row closed with what the position
 * shows. The available balance is read without a lock: should another transaction take from it before the
 * entries are booked, the ledger's guard refuses and the whole close rolls back (to be tried again),
 * rather than a balance going below zero.
 */
export async function settle(
  tx: Db,
  row: repo.TradeOrderRow,
  close: Close,
  idempotencyKey?: string,
): Promise<repo.TradeOrderRow> {
  const config = await tradingConfig(tx, row.market as MarketCode);
  const available = await availableOf(tx, row.userId, row.currency);
  const settled = settlement(positionTerms(row), close.price, config, available);
  const [entryId] = await bookAll(tx, closeEntries(row.userId, row.currency, settled), {
    userId: row.userId,
    reference: referenceOf(row.id),
    idempotencyKey,
    cause: close.cause,
    at: close.at,
  });
  const closed = await repo.transition(tx, {
    id: row.id,
    from: row.state,
    to: "closed",
    changes: {
      closedAt: close.at,
      closePrice: close.price,
      closeFee: settled.fee,
      stampDuty: settled.stampDuty,
      closeCharges: JSON.stringify(settled.charges),
      pnl: settled.pnl,
      protection: settled.booked.protection,
      closeReason: close.reason,
      closeEntryId: entryId ?? null,
    },
  });
  if (!closed) throw new DomainError("ORDER_STATE_INVALID");
  return closed;
}
