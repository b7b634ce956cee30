import { randomUUID } from "node:crypto";
import {
  IPO_CANCEL_AUDIT,
  IPO_DRAW_AUDIT,
  IPO_LISTING_AUDIT,
  IPO_PRICE_FIXED_AUDIT,
  type AdminIpoActionRequest,
  type AdminIpoOffering,
  type MessageKind,
} from "@brokerage/api";
import {
  fillEntries,
  ipoAmount,
  money,
  toBookedString,
  type MarketDataProvider,
  type Money,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction, recordSystemAction } from "../audit/index.js";
import type { Cause } from "../ledger/index.js";
import type { MessageService } from "../messages/index.js";
import { getSetting } from "../settings/index.js";
import type { StaffAuth } from "../staff/index.js";
import {
  bookAll,
  insertOrder,
  referenceOf as tradeReferenceOf,
  type TradeChange,
  type TradeOrderRow,
} from "../trading/index.js";
import { adminView, offeringTarget } from "./admin-service.js";
import { drawAllotments } from "./draw.js";
import { pricePending, releaseBeyond, stillHeld } from "./holds.js";
import { adjustToFinalPrice, movedBeyond, priceChange, type PriceAdjustment } from "./price.js";
import * as repo from "./repository.js";
import { offeringSnapshot } from "./views.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
  messages: MessageService;
  /**
   * Told of each position the listing opened once it has committed, so the matching engine tracks it
   * (stops set on it later, say) and reads it only when it exists.
   */
  notify?: (change: TradeChange) => void;
  /** Told of the listed symbol once the listing has committed: it moves to the listed board and trades. */
  listed?: (symbol: string) => void;
}

type OfferingRow = repo.OfferingRow;

/**
 * Who takes a step: a staff member from the back office, or the platform on time (the scheduler's leader:
 * the draw once its date and beacon round have passed, the listing at its date). Either is audited.
 */
export type IpoActor = StaffAuth | "system";

const causeOf = (actor: IpoActor): Cause =>
  actor === "system" ? { by: "system" } : { by: "staff", staffId: actor.id };
type SubscriptionRow = repo.SubscriptionRow;

/** A user's subscriptions summed for their one message: shares asked for, allotted, and their cost. */
function perUser(offering: OfferingRow, rows: readonly SubscriptionRow[]) {
  const users = new Map<string, { quantity: bigint; allotted: bigint }>();
  for (const row of rows) {
    const sum = users.get(row.userId) ?? { quantity: 0n, allotted: 0n };
    sum.quantity += row.quantity;
    sum.allotted += row.allotted;
    users.set(row.userId, sum);
  }
  return [...users].map(([userId, sum]) => ({
    userId,
    ...sum,
    amount: ipoAmount(offering.price, sum.allotted, offering.currency),
  }));
}

/**
 * The back office's steps of an offering's life (packages/api ipo.ts): the draw, the listing and the
 * cancellation. Each is one transaction on the offering locked for it (a subscription or payment in flight
 * holds it shared, so each step sees every one that committed and none that did not), with its entries,
 * the users' messages and its audit record; a step taken twice answers ORDER_STATE_INVALID.
 */
export class IpoLifecycle {
  constructor(private readonly deps: Deps) {}

  /**
   * A provisional price made final, at or after `priceFinalAt` (NOT_YET_OPEN before; ORDER_STATE_INVALID
   * when the offering has no provisional price, it is final already or the offering is not active): the
   * final price staff set, or the provisional one when none was set, becomes the price, and every
   * application's block follows it (price.ts). Subscribers are warned (`ipoPriceMoved`) when it moved more
   * than `offering.finalPriceWarnAbove`; an application reduced or failed for want of money is told why.
   */
  async priceFixed(actor: IpoActor, request: AdminIpoActionRequest): Promise<AdminIpoOffering> {
    return this.step(actor, request, IPO_PRICE_FIXED_AUDIT, async (tx, before, at) => {
      const { provisionalPrice, priceFinalAt } = before;
      if (before.state !== "active" || provisionalPrice === null || priceFinalAt === null)
        throw new DomainError("ORDER_STATE_INVALID");
      if (before.priceFixedAt !== null) throw new DomainError("ORDER_STATE_INVALID");
      if (at.getTime() < priceFinalAt.getTime()) throw new DomainError("NOT_YET_OPEN");
      const price = before.finalPrice ?? provisionalPrice;
      const applied = await repo.subscriptionsIn(tx, { offeringId: before.id, states: ["applied"] });
      const adjusted = await adjustToFinalPrice(tx, before, applied, { price, cause: causeOf(actor), at });
      const after = await repo.updateOffering(tx, {
        id: before.id,
        from: "active",
        changes: { price, priceFixedAt: at, updatedAt: at },
      });
      if (!after) throw new DomainError("ORDER_STATE_INVALID");
      const warnAbove = await getSetting(tx, "offering.finalPriceWarnAbove");
      const warned = movedBeyond(provisionalPrice, price, warnAbove);
      await this.tellPrice(tx, after, adjusted, { provisionalPrice, warned });
      const sum = (pick: (a: PriceAdjustment) => Money) =>
        toBookedString(
          adjusted.reduce((total, a) => total.plus(pick(a)), money(0)),
          after.currency,
        );
      return {
        after,
        details: {
          provisionalPrice: toBookedString(provisionalPrice, after.currency),
          finalPrice: toBookedString(price, after.currency),
          setByStaff: before.finalPrice !== null,
          change: priceChange(provisionalPrice, price),
          warnAbove,
          warned: warned ? new Set(adjusted.map((a) => a.userId)).size : 0,
          subscriptions: adjusted.length,
          reduced: adjusted.filter((a) => a.after > 0n && a.after < a.before).length,
          failed: adjusted.filter((a) => a.after === 0n).length,
          blocked: sum((a) => a.blocked),
          released: sum((a) => a.released),
        },
      };
    });
  }

  /** The messages of a price made final: the warning to each subscriber, and why an application shrank. */
  private async tellPrice(
    tx: Db,
    offering: OfferingRow,
    adjusted: readonly PriceAdjustment[],
    params: { provisionalPrice: string; warned: boolean },
  ): Promise<void> {
    const { currency } = offering;
    const finalPrice = toBookedString(offering.price, currency);
    const provisionalPrice = toBookedString(params.provisionalPrice, currency);
    const users = new Map<string, { quantity: bigint; held: Money }>();
    for (const a of adjusted) {
      const sum = users.get(a.userId) ?? { quantity: 0n, held: money(0) };
      users.set(a.userId, { quantity: sum.quantity + a.after, held: sum.held.plus(a.held) });
      if (a.after === a.before) continue;
      const common = { quantity: String(a.before), finalPrice, provisionalPrice };
      if (a.after === 0n)
        await this.tell(tx, offering, a.userId, "ipoPriceFailed", {
          ...common,
          minShares: String(offering.minQuantity),
          released: toBookedString(a.released, currency),
        });
      else
        await this.tell(tx, offering, a.userId, "ipoPriceReduced", {
          ...common,
          reducedTo: String(a.after),
          held: toBookedString(a.held, currency),
        });
    }
    if (!params.warned) return;
    const change = priceChange(params.provisionalPrice, offering.price);
    for (const [userId, sum] of users)
      await this.tell(tx, offering, userId, "ipoPriceMoved", {
        provisionalPrice,
        finalPrice,
        change,
        quantity: String(sum.quantity),
        held: toBookedString(sum.held, currency),
      });
  }

  /**
   * The draw, on or after the announced draw date (`drawAt`, never before subscription has closed:
   * NOT_YET_OPEN before) and the beacon round: draw.ts allots the subscriptions still `applied` by the
   * offering's rule from the published root and the round's randomness, each keyed by its rank. Winners
   * await payment (`ipoWon`), the others `notWon` (`ipoNotWon`): one message per user.
   */
  async draw(actor: IpoActor, request: AdminIpoActionRequest): Promise<AdminIpoOffering> {
    return this.step(actor, request, IPO_DRAW_AUDIT, async (tx, before, at) => {
      if (before.state !== "active") throw new DomainError("ORDER_STATE_INVALID");
      if (at.getTime() < before.drawAt.getTime()) throw new DomainError("NOT_YET_OPEN");
      if (pricePending(before)) throw new DomainError("NOT_YET_OPEN");
      const applied = await repo.subscriptionsIn(tx, { offeringId: before.id, states: ["applied"] });
      const result = await drawAllotments(tx, before, applied, at);
      const outcomes = applied.map((s) => {
        const allotted = result.allotted.get(s.id) ?? 0n;
        return {
          id: s.id,
          state: allotted > 0n ? ("awaitingPayment" as const) : ("notWon" as const),
          allotted,
          drawKey: result.ranks.get(s.id) ?? "",
        };
      });
      const released = await this.releaseUnallotted(tx, before, applied, outcomes, causeOf(actor), at);
      if ((await repo.writeDraw(tx, outcomes, at)) !== applied.length)
        throw new Error("a subscription changed during the draw");
      const after = await repo.updateOffering(tx, {
        id: before.id,
        from: "active",
        changes: { state: "drawn", winRate: result.winRate, drawnAt: at, updatedAt: at },
      });
      if (!after) throw new DomainError("ORDER_STATE_INVALID");
      const drawn = applied.map((s) => ({ ...s, allotted: result.allotted.get(s.id) ?? 0n }));
      for (const user of perUser(after, drawn)) {
        const won = user.allotted > 0n;
        await this.tell(tx, after, user.userId, won ? "ipoWon" : "ipoNotWon", {
          quantity: String(user.quantity),
          released: toBookedString(released.get(user.userId) ?? "0", after.currency),
          ...(won && {
            allotted: String(user.allotted),
            amount: user.amount,
            paymentDueAt: after.paymentDueAt.toISOString(),
            listingAt: after.listingAt.toISOString(),
          }),
        });
      }
      return {
        after,
        details: {
          subscriptions: applied.length,
          winners: result.winners,
          sharesAllotted: String(result.sharesAllotted),
          winRate: result.winRate,
          root: result.root,
          randomness: result.randomness,
        },
      };
    });
  }

  /**
   * The listing, at or after `listingAt` (NOT_YET_OPEN before) of a drawn offering: the allotments not
   * paid are `waived`; each paid one opens its position, a trade order of kind `ipo` (long, 1×, at the
   * underwriting price, the payment its margin, no fee, not locked), booked as a fill of what the payment
   * holds (`tradeMargin` held → margin), and is `listed` with its order (`ipoListed`).
   */
  async listing(actor: IpoActor, request: AdminIpoActionRequest): Promise<AdminIpoOffering> {
    const opened: TradeOrderRow[] = [];
    const view = await this.step(actor, request, IPO_LISTING_AUDIT, async (tx, before, at) => {
      if (before.state !== "drawn") throw new DomainError("ORDER_STATE_INVALID");
      if (at.getTime() < before.listingAt.getTime()) throw new DomainError("NOT_YET_OPEN");
      const cause = causeOf(actor);
      // Unpaid by the allocation date: the allotment lapses and its block goes back.
      const lapsing = await repo.subscriptionsIn(tx, { offeringId: before.id, states: ["awaitingPayment"] });
      const { released, rows: waived } = await this.releaseAll(tx, before, lapsing, "waived", cause, at);
      const paid = await repo.subscriptionsIn(tx, { offeringId: before.id, states: ["paid"] });
      for (const subscription of paid) opened.push(await this.open(tx, before, subscription, cause, at));
      const after = await repo.updateOffering(tx, {
        id: before.id,
        from: "drawn",
        changes: { state: "listed", listedAt: at, updatedAt: at },
      });
      if (!after) throw new DomainError("ORDER_STATE_INVALID");
      // Its owner is told why the allotment lapsed.
      for (const user of perUser(after, waived))
        await this.tell(tx, after, user.userId, "ipoWaived", {
          quantity: String(user.quantity),
          allotted: String(user.allotted),
          amount: user.amount,
          released: toBookedString(released.get(user.userId) ?? "0", after.currency),
          paymentDueAt: after.paymentDueAt.toISOString(),
        });
      for (const user of perUser(after, paid))
        await this.tell(tx, after, user.userId, "ipoListed", {
          quantity: String(user.allotted),
          allotted: String(user.allotted),
          price: toBookedString(after.price, after.currency),
          amount: user.amount,
          listingAt: at.toISOString(),
        });
      return { after, details: { listed: paid.length, waived: waived.length } };
    });
    // After the commit: told earlier, the engine could read an order before it exists, or hear of one
    // that a failure later in the listing rolled back.
    const { notify, listed } = this.deps;
    if (notify) for (const o of opened) notify({ orderId: o.id, symbol: o.symbol, state: o.state });
    listed?.(view.symbol);
    return view;
  }

  /**
   * The cancellation of an offering not yet listed: every open subscription (applied, awaiting payment,
   * paid) `failed`; what each holds comes back (entry `ipoRefund`, held → available). `ipoCancelled` to
   * each, with what came back.
   */
  async cancel(staff: StaffAuth, request: AdminIpoActionRequest): Promise<AdminIpoOffering> {
    return this.step(staff, request, IPO_CANCEL_AUDIT, async (tx, before, at) => {
      if (before.state !== "active" && before.state !== "drawn") throw new DomainError("ORDER_STATE_INVALID");
      const cause = causeOf(staff);
      const open = await repo.subscriptionsIn(tx, {
        offeringId: before.id,
        states: ["applied", "awaitingPayment", "paid"],
      });
      const { released: refunded, rows: failed } = await this.releaseAll(
        tx,
        before,
        open,
        "failed",
        cause,
        at,
      );
      const after = await repo.updateOffering(tx, {
        id: before.id,
        from: before.state,
        changes: { state: "cancelled", cancelledAt: at, updatedAt: at },
      });
      if (!after) throw new DomainError("ORDER_STATE_INVALID");
      for (const user of perUser(after, failed))
        await this.tell(tx, after, user.userId, "ipoCancelled", {
          quantity: String(user.quantity),
          amount: toBookedString(refunded.get(user.userId) ?? "0", after.currency),
        });
      const refunds = open.filter((s) => money(stillHeld(s, before.currency)).greaterThan(0)).length;
      return { after, details: { failed: failed.length, refunded: refunds } };
    });
  }

  /**
   * After the draw, each subscription keeps blocked only what its allotment costs (nothing when it lost):
   * the rest goes back to available (`ipoRefund`) before the outcome is written. Answers what each user got
   * back.
   */
  private async releaseUnallotted(
    tx: Db,
    offering: OfferingRow,
    applied: readonly SubscriptionRow[],
    outcomes: readonly { id: string; allotted: bigint }[],
    cause: Cause,
    at: Date,
  ): Promise<Map<string, Money>> {
    const allotted = new Map(outcomes.map((o) => [o.id, o.allotted]));
    const released = new Map<string, Money>();
    for (const row of applied) {
      const keep = ipoAmount(offering.price, allotted.get(row.id) ?? 0n, offering.currency);
      const after = await releaseBeyond(tx, row, { currency: offering.currency, keep, cause, at });
      const back = money(after.releasedAmount).minus(row.releasedAmount);
      released.set(row.userId, (released.get(row.userId) ?? money(0)).plus(back));
    }
    return released;
  }

  /**
   * Releases everything the subscriptions hold, each moved to `to` with its release; answers what each
   * user got back and the rows after.
   */
  private async releaseAll(
    tx: Db,
    offering: OfferingRow,
    rows: readonly SubscriptionRow[],
    to: "waived" | "failed",
    cause: Cause,
    at: Date,
  ): Promise<{ released: Map<string, Money>; rows: SubscriptionRow[] }> {
    const released = new Map<string, Money>();
    const after: SubscriptionRow[] = [];
    for (const row of rows) {
      const back = stillHeld(row, offering.currency);
      after.push(await releaseBeyond(tx, row, { currency: offering.currency, keep: "0", to, cause, at }));
      released.set(row.userId, (released.get(row.userId) ?? money(0)).plus(back));
    }
    return { released, rows: after };
  }

  /** Opens the position of a paid subscription and marks it listed. */
  private async open(
    tx: Db,
    offering: OfferingRow,
    subscription: SubscriptionRow,
    cause: Cause,
    at: Date,
  ): Promise<TradeOrderRow> {
    const { userId } = subscription;
    const amount = toBookedString(subscription.paymentAmount ?? "0", offering.currency);
    const orderId = randomUUID();
    const entries = fillEntries(
      userId,
      offering.currency,
      { total: amount },
      { margin: amount, fee: "0", total: amount },
    );
    const [entryId] = await bookAll(tx, entries, {
      userId,
      reference: tradeReferenceOf(orderId),
      cause,
      at,
    });
    const order = await insertOrder(tx, {
      id: orderId,
      userId,
      kind: "ipo",
      symbol: offering.symbol,
      exchange: offering.exchange,
      market: offering.market,
      currency: offering.currency,
      direction: "long",
      priceType: "market",
      state: "open",
      quantity: String(subscription.allotted),
      leverage: 1,
      margin: amount,
      openFee: "0",
      createdAt: at,
      openedAt: at,
      openPrice: offering.price,
      lockedUntil: null,
      openEntryId: entryId ?? null,
    });
    const listed = await repo.transition(tx, {
      id: subscription.id,
      from: "paid",
      to: "listed",
      changes: { orderId, listedAt: at },
    });
    if (!listed) throw new DomainError("ORDER_STATE_INVALID");
    return order;
  }

  /** A message to the user about the offering: its name and symbol, and what `params` add. */
  private async tell(
    tx: Db,
    offering: OfferingRow,
    userId: string,
    kind: MessageKind,
    params: Record<string, string>,
  ): Promise<void> {
    const name = this.deps.market.listing(offering.symbol)?.name ?? offering.symbol;
    await this.deps.messages.send(tx, {
      userId,
      kind,
      params: { name, symbol: offering.symbol, currency: offering.currency, ...params },
    });
  }

  /** One step: the offering locked (NOT_FOUND), `run`, the audit record, the offering after it. */
  private async step(
    actor: IpoActor,
    request: AdminIpoActionRequest,
    action: string,
    run: (
      tx: Db,
      before: OfferingRow,
      at: Date,
    ) => Promise<{ after: OfferingRow; details: Record<string, unknown> }>,
  ): Promise<AdminIpoOffering> {
    const { db, clock, market } = this.deps;
    return db.transaction(async (tx) => {
      const at = clock.now();
      const before = await repo.findOffering(tx, request.id, "update");
      if (!before) throw new DomainError("NOT_FOUND", { field: "id" });
      const { after, details } = await run(tx, before, at);
      const audit = {
        action,
        target: offeringTarget(after.id),
        reason: request.reason,
        details: { ...details, before: before.state, after: offeringSnapshot(after) },
        at,
      };
      await (actor === "system" ? recordSystemAction(tx, audit) : recordStaffAction(tx, actor, audit));
      return adminView(tx, after, market, at);
    });
  }
}
