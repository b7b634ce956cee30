import type { IpoSubscriptionState } from "@brokerage/api";
import { ipoPaymentEntry, ipoRefundEntry, money, toBookedString } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import type { Cause } from "../ledger/index.js";
import { bookAll } from "../trading/index.js";
import * as repo from "./repository.js";

/**
 * The money a subscription blocks (DESIGN §5a "Primary market"; core ipo/entries.ts): `ipoPayment` moves it
 * from available to held when the subscription is made, `ipoRefund` moves back what it no longer needs (a
 * loss, the unallotted part of a win, a waiver, a lapse, a cancellation), each booked through the ledger in
 * the transaction of the state change it belongs to, under the subscription's reference.
 */

/** Every entry of a subscription refers to it. */
export const referenceOf = (subscriptionId: string) => `ipo:${subscriptionId}`;

/** Whether the offering's price is still provisional: nothing is sealed or drawn at it. */
export const pricePending = (offering: Pick<repo.OfferingRow, "provisionalPrice" | "priceFixedAt">) =>
  offering.provisionalPrice !== null && offering.priceFixedAt === null;

/** What the subscription still holds, at the currency's scale. */
export const stillHeld = (
  row: Pick<repo.SubscriptionRow, "heldAmount" | "releasedAmount">,
  currency: string,
): string => toBookedString(money(row.heldAmount).minus(row.releasedAmount), currency);

/** Books `amount` from available to held under the subscription's reference (`ipoPayment`); its entry. */
async function bookPayment(
  tx: Db,
  params: {
    userId: string;
    subscriptionId: string;
    currency: string;
    amount: string;
    cause: Cause;
    at: Date;
    idempotencyKey?: string;
  },
): Promise<number> {
  const [entryId] = await bookAll(tx, [ipoPaymentEntry(params.userId, params.currency, params.amount)], {
    userId: params.userId,
    reference: referenceOf(params.subscriptionId),
    ...(params.idempotencyKey !== undefined && { idempotencyKey: params.idempotencyKey }),
    cause: params.cause,
    at: params.at,
  });
  if (entryId === undefined) throw new Error("the block was not booked");
  return entryId;
}

/**
 * Blocks `amount` for the subscription `subscriptionId` (about to be written): INSUFFICIENT_AVAILABLE
 * {available} when the available balance cannot cover it, nothing booked. Answers the entry's id.
 */
export const block = (
  tx: Db,
  params: {
    userId: string;
    subscriptionId: string;
    currency: string;
    amount: string;
    idempotencyKey: string;
    at: Date;
  },
): Promise<number> => bookPayment(tx, { ...params, cause: { by: "user" } });

/**
 * Releases what the subscription holds beyond `keep` (everything when `keep` is zero) back to available,
 * while it is still in the state `row` was read in (ORDER_STATE_INVALID when it is not: its row is locked
 * and read again first, so a concurrent release is refused, not booked twice), and moves it to `to` when
 * given, in one statement; nothing is booked when it holds no more than `keep`. Answers the row after it.
 */
export async function releaseBeyond(
  tx: Db,
  row: repo.SubscriptionRow,
  params: {
    currency: string;
    keep: string;
    to?: IpoSubscriptionState;
    cause: Cause;
    at: Date;
    idempotencyKey?: string;
  },
): Promise<repo.SubscriptionRow> {
  const current = await repo.lockInState(tx, { id: row.id, state: row.state });
  if (!current) throw new DomainError("ORDER_STATE_INVALID");
  const excess = money(stillHeld(current, params.currency)).minus(params.keep);
  if (!excess.greaterThan(0)) {
    if (params.to === undefined) return current;
    const moved = await repo.transition(tx, { id: row.id, from: row.state, to: params.to });
    if (!moved) throw new DomainError("ORDER_STATE_INVALID");
    return moved;
  }
  const amount = toBookedString(excess, params.currency);
  const [entryId] = await bookAll(tx, [ipoRefundEntry(row.userId, params.currency, amount)], {
    userId: row.userId,
    reference: referenceOf(row.id),
    ...(params.idempotencyKey !== undefined && { idempotencyKey: params.idempotencyKey }),
    cause: params.cause,
    at: params.at,
  });
  if (entryId === undefined) throw new Error("the release was not booked");
  const released = await repo.addReleased(tx, {
    id: row.id,
    state: row.state,
    ...(params.to !== undefined && { to: params.to }),
    amount,
    entryId,
  });
  if (!released) throw new DomainError("ORDER_STATE_INVALID");
  return released;
}

/**
 * Blocks `amount` more for an `applied` subscription (its final price rose: `ipoPayment`, available →
 * held), setting its quantity when given (reduced to what the balance covers), in the caller's transaction.
 * The caller checked the available balance under the offering's lock; a balance spent meanwhile refuses the
 * booking (INSUFFICIENT_AVAILABLE), which rolls the whole step back to be taken again.
 */
export async function blockMore(
  tx: Db,
  row: repo.SubscriptionRow,
  params: { currency: string; amount: string; quantity?: bigint; cause: Cause; at: Date },
): Promise<repo.SubscriptionRow> {
  await bookPayment(tx, { ...params, userId: row.userId, subscriptionId: row.id });
  const after = await repo.addHeld(tx, {
    id: row.id,
    amount: params.amount,
    ...(params.quantity !== undefined && { quantity: params.quantity }),
  });
  if (!after) throw new DomainError("ORDER_STATE_INVALID");
  return after;
}
