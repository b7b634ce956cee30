import { randomUUID } from "node:crypto";
import {
  IPO_PAGE_SIZE,
  type ipoMineRequest,
  type IpoOfferingDetail,
  type IpoOfferingPage,
  type IpoSubscribeRequest,
  type IpoSubscription,
  type IpoSubscriptionActionRequest,
  type IpoSubscriptionPage,
} from "@brokerage/api";
import { ipoAmount, ipoStatus, money, wholeShares, type MarketDataProvider } from "@brokerage/core";
import type { z } from "zod";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { availableOf, idempotent } from "../ledger/index.js";
import { rule } from "../trading/index.js";
import { block, releaseBeyond, stillHeld } from "./holds.js";
import * as repo from "./repository.js";
import { toOffering, toSubscription } from "./views.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

export { referenceOf } from "./holds.js";

const offeringsCursor = seqCursor("ipo", BIGINT_SEQ_MAX);
const mineCursor = seqCursor("ips", BIGINT_SEQ_MAX);

/** One page of `rows` (IPO_PAGE_SIZE of them; one more tells that another page follows). */
export function pageOf<R, T>(
  rows: R[],
  size: number,
  seqOf: (row: R) => number,
  cursor: { encode(seq: number): string },
  view: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    items: shown.map(view),
    nextCursor: rows.length > size && last !== undefined ? cursor.encode(seqOf(last)) : null,
  };
}

/** A disabled or frozen account moves no money. */
function refuseFrozen(user: { disabled: boolean; frozen: boolean } | undefined): void {
  if (!user) throw new DomainError("UNAUTHORIZED");
  if (user.disabled) throw new DomainError("ACCOUNT_DISABLED");
  if (user.frozen) throw new DomainError("ACCOUNT_FROZEN");
}

/**
 * New shares for users (DESIGN §5 and §5a "Primary market"; packages/api ipo.ts): the offerings, one
 * offering with the user's balance and count, the subscription (checked, its amount blocked), the user's
 * subscriptions, and a winner's payment (out of the block) or waiver (the block released). Money-moving calls run under the request's idempotency key, each in one
 * transaction with its effect.
 */
export class IpoService {
  constructor(private readonly deps: Deps) {}

  /** Every offering not cancelled, newest first, with the shares subscribed so far. */
  async offerings(cursor?: string): Promise<IpoOfferingPage> {
    const { db, clock, market } = this.deps;
    const beforeSeq = cursor === undefined ? undefined : offeringsCursor.decode(cursor);
    const rows = await repo.offeringsPage(db, { beforeSeq, limit: IPO_PAGE_SIZE + 1, withCancelled: false });
    const shown = rows.slice(0, IPO_PAGE_SIZE);
    const shares = await repo.subscribedShares(
      db,
      shown.map((r) => r.id),
    );
    const now = clock.now();
    return pageOf(
      rows,
      IPO_PAGE_SIZE,
      (r) => r.seq,
      offeringsCursor,
      (row) => toOffering(row, shares.get(row.id) ?? 0n, market, now),
    );
  }

  /** One offering (a cancelled one too), with the user's available balance and subscriptions to it. */
  async offering(userId: string, offeringId: string): Promise<IpoOfferingDetail> {
    const { db, clock, market } = this.deps;
    const row = await repo.findOffering(db, offeringId);
    if (!row) throw new DomainError("NOT_FOUND", { field: "offeringId" });
    const [shares, available, mine] = await Promise.all([
      repo.subscribedShares(db, [row.id]),
      availableOf(db, userId, row.currency),
      repo.countMine(db, { userId, offeringId: row.id }),
    ]);
    return {
      ...toOffering(row, shares.get(row.id) ?? 0n, market, clock.now()),
      available,
      mySubscriptions: mine,
    };
  }

  /**
   * The checks of ipo.ts in their order, the user's row locked so that their subscriptions are taken one
   * after the other (the limit holds under concurrent requests), the offering shared so that a draw or a
   * cancellation waits for it: ACCOUNT_FROZEN, TRADE_BANNED, KYC_REQUIRED, NOT_FOUND, NOT_YET_OPEN,
   * SUBSCRIPTION_CHANNEL_CLOSED, QUANTITY_NOT_WHOLE_LOTS, IPO_BELOW_MIN, IPO_ABOVE_MAX, IPO_LIMIT_REACHED,
   * INSUFFICIENT_AVAILABLE. The amount (price × quantity) is blocked at once, in the transaction that
   * writes the subscription (`ipoPayment`, available → held); refused, nothing is written.
   */
  async subscribe(userId: string, request: IpoSubscribeRequest): Promise<IpoSubscription> {
    const { db, clock, market } = this.deps;
    const asked = { action: "ipo/subscribe", offeringId: request.offeringId, quantity: request.quantity };
    const call = { owner: `user:${userId}`, key: request.idempotencyKey, request: asked };
    return idempotent(db, clock, call, async (tx) => {
      const user = await repo.lockSubscriber(tx, userId);
      refuseFrozen(user);
      if (user?.tradeBanned) throw new DomainError("TRADE_BANNED");
      if (user?.kycStatus !== "verified") throw new DomainError("KYC_REQUIRED");
      const offering = await repo.findOffering(tx, request.offeringId, "share");
      if (!offering) throw new DomainError("NOT_FOUND", { field: "offeringId" });
      const at = clock.now();
      const status = ipoStatus(offering, at);
      if (status === "upcoming") throw new DomainError("NOT_YET_OPEN");
      if (status !== "open") throw new DomainError("SUBSCRIPTION_CHANNEL_CLOSED");
      const quantity = rule(() => wholeShares(request.quantity));
      if (quantity < offering.minQuantity)
        throw new DomainError("IPO_BELOW_MIN", {
          field: "quantity",
          minShares: String(offering.minQuantity),
        });
      if (offering.maxQuantity !== null && quantity > offering.maxQuantity)
        throw new DomainError("IPO_ABOVE_MAX", {
          field: "quantity",
          maxShares: String(offering.maxQuantity),
        });
      const mine = await repo.countMine(tx, { userId, offeringId: offering.id });
      if (mine >= offering.subscriptionLimit)
        throw new DomainError("IPO_LIMIT_REACHED", { limit: String(offering.subscriptionLimit) });
      const amount = ipoAmount(offering.price, quantity, offering.currency);
      const id = randomUUID();
      const holdEntryId = await block(tx, {
        userId,
        subscriptionId: id,
        currency: offering.currency,
        amount,
        idempotencyKey: request.idempotencyKey,
        at,
      });
      const row = await repo.insertSubscription(tx, {
        id,
        offeringId: offering.id,
        userId,
        quantity,
        heldAmount: amount,
        holdEntryId,
        createdAt: at,
      });
      return toSubscription(row, offering, market);
    });
  }

  /** The user's subscriptions (to one offering when given), newest first. */
  async mine(userId: string, request: z.infer<typeof ipoMineRequest>): Promise<IpoSubscriptionPage> {
    const { db, market } = this.deps;
    const beforeSeq = request.cursor === undefined ? undefined : mineCursor.decode(request.cursor);
    const rows = await repo.minePage(db, {
      userId,
      offeringId: request.offeringId,
      beforeSeq,
      limit: IPO_PAGE_SIZE + 1,
    });
    return pageOf(
      rows,
      IPO_PAGE_SIZE,
      (r) => r.subscription.seq,
      mineCursor,
      (r) => toSubscription(r.subscription, r.offering, market),
    );
  }

  /**
   * A winner pays for the allotment before the due time out of what the subscription blocked (the draw
   * released the rest): price × allotted stays held until the listing makes it the position's margin, the
   * subscription `paid`. Only a subscription made before blocking, which holds nothing, has its payment
   * held now (`ipoPayment`; INSUFFICIENT_AVAILABLE {available}). NOT_FOUND for another user's subscription;
   * ORDER_STATE_INVALID unless it awaits payment; SUBSCRIPTION_CHANNEL_CLOSED past the due time.
   */
  async pay(userId: string, request: IpoSubscriptionActionRequest): Promise<IpoSubscription> {
    const { db, clock, market } = this.deps;
    const asked = { action: "ipo/pay", subscriptionId: request.subscriptionId };
    const call = { owner: `user:${userId}`, key: request.idempotencyKey, request: asked };
    return idempotent(db, clock, call, async (tx) => {
      refuseFrozen(await repo.findPayer(tx, userId));
      const { subscription, offering } = await this.own(tx, userId, request.subscriptionId);
      const at = clock.now();
      if (at.getTime() >= offering.paymentDueAt.getTime())
        throw new DomainError("SUBSCRIPTION_CHANNEL_CLOSED");
      const amount = ipoAmount(offering.price, subscription.allotted, offering.currency);
      const short = money(amount).minus(stillHeld(subscription, offering.currency));
      let legacy: { heldAmount: string; paymentEntryId: number } | undefined;
      if (short.greaterThan(0)) {
        const shortfall = short.toFixed();
        const entryId = await block(tx, {
          userId,
          subscriptionId: subscription.id,
          currency: offering.currency,
          amount: shortfall,
          idempotencyKey: request.idempotencyKey,
          at,
        });
        legacy = {
          heldAmount: money(subscription.heldAmount).plus(shortfall).toFixed(),
          paymentEntryId: entryId,
        };
      }
      const paid = await repo.transition(tx, {
        id: subscription.id,
        userId,
        from: "awaitingPayment",
        to: "paid",
        changes: { paidAt: at, paymentAmount: amount, ...legacy },
      });
      if (!paid) throw new DomainError("ORDER_STATE_INVALID");
      return toSubscription(paid, offering, market);
    });
  }

  /**
   * A winner gives the allotment up within the payment window: what the subscription holds goes back to
   * available (`ipoRefund`), `waived`. Only while it awaits payment.
   */
  async waive(userId: string, request: IpoSubscriptionActionRequest): Promise<IpoSubscription> {
    const { db, clock, market } = this.deps;
    const asked = { action: "ipo/waive", subscriptionId: request.subscriptionId };
    const call = { owner: `user:${userId}`, key: request.idempotencyKey, request: asked };
    return idempotent(db, clock, call, async (tx) => {
      const { subscription, offering } = await this.own(tx, userId, request.subscriptionId);
      const waived = await releaseBeyond(tx, subscription, {
        currency: offering.currency,
        keep: "0",
        to: "waived",
        cause: { by: "user" },
        at: clock.now(),
        idempotencyKey: request.idempotencyKey,
      });
      return toSubscription(waived, offering, market);
    });
  }

  /**
   * The user's own subscription awaiting payment, with its offering shared for the transaction (the
   * listing or a cancellation waits until this payment or waiver is in).
   */
  private async own(tx: Db, userId: string, subscriptionId: string) {
    const subscription = await repo.findSubscription(tx, { id: subscriptionId, userId });
    if (!subscription) throw new DomainError("NOT_FOUND", { field: "subscriptionId" });
    const offering = await repo.findOffering(tx, subscription.offeringId, "share");
    if (!offering) throw new DomainError("NOT_FOUND", { field: "subscriptionId" });
    if (subscription.state !== "awaitingPayment") throw new DomainError("ORDER_STATE_INVALID");
    return { subscription, offering };
  }
}
