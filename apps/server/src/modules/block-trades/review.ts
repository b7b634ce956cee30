import {
  assertTransition,
  blockTradeDiscount,
  fillEntries,
  lockedUntil,
  quantityText,
  releaseEntries,
  toBookedString,
  type ExchangeCode,
  type MarketDataProvider,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { AfterCommit, Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import {
  bookAll,
  currentPrice,
  heldOf,
  lockOrder,
  priceText,
  referenceOf,
  rule,
  transition,
  type TradeChange,
  type TradeOrderRow,
} from "../trading/index.js";
import { decimalsOf } from "./offers.js";
import * as repo from "./repository.js";

interface Deps {
  clock: Clock;
  market: MarketDataProvider;
  /**
   * Told of the opened position once the approval has committed, so the matching engine tracks it (stops
   * set on it later, say) and reads it only when it exists.
   */
  notify?: (change: TradeChange) => void;
}

const nameOf = (market: MarketDataProvider, symbol: string) => market.listing(symbol)?.name ?? symbol;

/**
 * What block trades contribute to the review queue (DESIGN §5 Reviews). Beside each subscription the
 * reviewer sees the instrument, the shares, the offer's price against the live one, what is held, the
 * lock, and the user's standing. Approving opens the position at the offer's price, as a limit fill does
 * (the hold pays the margin and the fee booked at subscription: `fillEntries`), locked for the offer's
 * trading days counted from the approval (core `lockedUntil`); refusing gives everything held back and
 * keeps the reason (`declined`). Both only from `review`, on the order locked for the decision.
 */
export function blockTradeReviewHandler(deps: Deps): ReviewHandler {
  const { clock, market } = deps;

  /** The subscription locked for the decision: the review's own user's order of kind blockTrade. */
  async function locked(tx: Db, review: ReviewRef): Promise<TradeOrderRow> {
    const row = await lockOrder(tx, { id: review.subjectId, userId: review.userId });
    if (!row || row.kind !== "blockTrade" || row.offerId === null) throw new DomainError("NOT_FOUND");
    return row;
  }

  return {
    kind: "blockTrade",
    // An offer without a lock is approved in words of its own, never "locked for 0 trading days".
    messages: {
      approved: (params) =>
        params.lockDays === undefined ? "blockTradeApprovedNoLock" : "blockTradeApproved",
      rejected: "blockTradeRejected",
    },

    async subjects(db, subjectIds) {
      const rows = await repo.reviewSubjects(db, subjectIds);
      const now = clock.now();
      return new Map(
        rows.map(({ order, offer, realName, kycStatus }) => {
          const decimals = decimalsOf(market, order);
          const live = currentPrice(market, order.symbol, now);
          const subject: Record<string, string | null> = {
            symbol: order.symbol,
            quantity: quantityText(order.quantity),
            holdAmount: heldOf(order).total,
            currency: order.currency,
            name: nameOf(market, order.symbol),
            exchange: order.exchange,
            offerPrice: priceText(offer.price, decimals),
            livePrice: live === undefined ? null : priceText(live, decimals),
            discount: blockTradeDiscount(offer.price, live),
            margin: toBookedString(order.margin, order.currency),
            fee: toBookedString(order.openFee, order.currency),
            lockDays: String(offer.lockDays),
            offerClosesAt: offer.closesAt.toISOString(),
            offerState: offer.state,
            orderNo: order.orderNo,
            orderId: order.id,
            offerId: offer.id,
            createdAt: order.createdAt.toISOString(),
            realName,
            kycStatus,
          };
          return [order.id, subject] as const;
        }),
      );
    },

    async approve(tx: Db, review: ReviewRef, decider: Decider, afterCommit: AfterCommit) {
      const row = await locked(tx, review);
      rule(() => assertTransition(row.state, "approve"));
      const offer = await repo.findOffer(tx, row.offerId as string);
      if (!offer) throw new DomainError("NOT_FOUND");
      const at = clock.now();
      const held = heldOf(row);
      // Booked exactly as held: the margin and fee the user was shown and agreed to at subscription.
      const filled = { margin: row.margin, fee: row.openFee, total: held.total };
      const [entryId] = await bookAll(tx, fillEntries(row.userId, row.currency, held, filled), {
        userId: row.userId,
        reference: referenceOf(row.id),
        cause: { by: "staff", staffId: decider.id },
        at,
      });
      const lock = lockedUntil(at, { kind: "tradingDays", n: offer.lockDays }, row.exchange as ExchangeCode);
      const opened = await transition(tx, {
        id: row.id,
        from: "review",
        to: "open",
        changes: {
          openedAt: at,
          openPrice: offer.price,
          lockedUntil: lock === null ? null : new Date(lock),
          openEntryId: entryId ?? null,
        },
      });
      if (!opened) throw new DomainError("ORDER_STATE_INVALID");
      // After the commit: told earlier, the engine could read the order before the position exists, or
      // hear of one that a failure later in the decision rolled back.
      const { notify } = deps;
      if (notify)
        afterCommit(() => notify({ orderId: opened.id, symbol: opened.symbol, state: opened.state }));
    },

    async reject(tx: Db, review: ReviewRef, decider: Decider, reason: string) {
      const row = await locked(tx, review);
      rule(() => assertTransition(row.state, "decline"));
      const [entryId] = await bookAll(tx, releaseEntries(row.userId, row.currency, heldOf(row)), {
        userId: row.userId,
        reference: referenceOf(row.id),
        cause: { by: "staff", staffId: decider.id },
        at: clock.now(),
      });
      const declined = await transition(tx, {
        id: row.id,
        from: "review",
        to: "declined",
        changes: { declineReason: reason, releaseEntryId: entryId ?? null },
      });
      if (!declined) throw new DomainError("ORDER_STATE_INVALID");
    },

    /** The instrument and shares; approved: the price and any lock; rejected: what came back. */
    async messageParams(tx, review, outcome) {
      const found = await repo.findSubscription(tx, { id: review.subjectId, userId: review.userId });
      if (!found) return {};
      const { order, offer } = found;
      const decimals = decimalsOf(market, order);
      const common = {
        name: nameOf(market, order.symbol),
        symbol: order.symbol,
        quantity: quantityText(order.quantity),
        currency: order.currency,
      };
      if (outcome === "approved") {
        const price = priceText(offer.price, decimals);
        return order.lockedUntil === null
          ? { ...common, price }
          : { ...common, price, lockDays: String(offer.lockDays) };
      }
      return { ...common, amount: heldOf(order).total };
    },
  };
}
