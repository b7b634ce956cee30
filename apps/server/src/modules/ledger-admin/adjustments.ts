import type { BalanceAdjustment, EntryType } from "@brokerage/api";
import { adjustment, formatMoney, money, scaleOf, toBookedString } from "@brokerage/core";
import type { Booking } from "../ledger/index.js";
import type { NewMessage } from "../messages/index.js";
import type { AdjustmentRow } from "./repository.js";

/**
 * The rules shared by an adjustment booked at once (service.ts) and one a second administrator approves
 * (review.ts): how it is booked, what the user reads.
 */

export const adjustmentReference = (id: string) => `adjustment:${id}`;

/** The journal entry of type `adjustment`, with the reason the user reads in fund records. */
export function adjustmentBooking(row: {
  id: string;
  userId: string;
  currency: string;
  amount: string;
  reason: string;
  requestedBy: string;
  idempotencyKey?: string;
  at: Date;
}): Booking {
  return {
    entry: adjustment<EntryType>("adjustment", row.userId, row.currency, row.amount),
    userId: row.userId,
    reference: adjustmentReference(row.id),
    ...(row.idempotencyKey === undefined ? {} : { idempotencyKey: row.idempotencyKey }),
    // The administrator who asked for it; the approver of a four-eyes adjustment is in the review and audit.
    cause: { by: "staff", staffId: row.requestedBy },
    reason: row.reason,
    at: row.at,
  };
}

/** An amount as people read it (spec §9: the currency's decimals, thousands separators), signed: "+1,500.00", "-20.00". */
export function signedText(amount: string, currency: string): string {
  const text = formatMoney(amount, scaleOf(currency));
  return money(amount).isNegative() ? text : `+${text}`;
}

/** The params of the user's `balanceAdjusted` message (amount, currency, reason). */
export function adjustedMessageParams(row: { amount: string; currency: string; reason: string }) {
  return { amount: signedText(row.amount, row.currency), currency: row.currency, reason: row.reason };
}

export function adjustedMessage(row: {
  userId: string;
  amount: string;
  currency: string;
  reason: string;
}): NewMessage {
  return { userId: row.userId, kind: "balanceAdjusted", params: adjustedMessageParams(row) };
}

export function toBalanceAdjustment(row: AdjustmentRow): BalanceAdjustment {
  return {
    id: row.id,
    userId: row.userId,
    currency: row.currency,
    amount: toBookedString(row.amount, row.currency),
    reason: row.reason,
    state: row.state,
    requestedBy: row.requestedBy,
    reviewId: row.reviewId,
    entryId: row.entryId === null ? null : String(row.entryId),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
