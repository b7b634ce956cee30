import { assertTransition, blockTradeDiscount, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { AfterCommit, Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import {
  allotReviewed,
  currentPrice,
  declineReviewed,
  lockReviewed,
  reviewedMessageParams,
  reviewedSubject,
  rule,
  type TradeChange,
} from "../trading/index.js";
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
        rows.map(({ order, offer, ...user }) => [
          order.id,
          {
            ...reviewedSubject(order, offer, user, market, now),
            discount: blockTradeDiscount(offer.price, currentPrice(market, order.symbol, now)),
          },
        ]),
      );
    },

    async approve(tx: Db, review: ReviewRef, decider: Decider, afterCommit: AfterCommit) {
      const row = await lockReviewed(tx, review, "blockTrade");
      rule(() => assertTransition(row.state, "approve"));
      const offer = row.offerId === null ? undefined : await repo.findOffer(tx, row.offerId);
      if (!offer) throw new DomainError("NOT_FOUND");
      const cause = { by: "staff", staffId: decider.id } as const;
      const opened = await allotReviewed(tx, row, offer, cause, clock.now());
      // After the commit: told earlier, the engine could read the order before the position exists, or
      // hear of one that a failure later in the decision rolled back.
      const { notify } = deps;
      if (notify)
        afterCommit(() => notify({ orderId: opened.id, symbol: opened.symbol, state: opened.state }));
    },

    async reject(tx: Db, review: ReviewRef, decider: Decider, reason: string) {
      const row = await lockReviewed(tx, review, "blockTrade");
      rule(() => assertTransition(row.state, "decline"));
      await declineReviewed(tx, row, reason, { by: "staff", staffId: decider.id }, clock.now());
    },

    /** The instrument and shares; approved: the price and any lock; rejected: what came back. */
    async messageParams(tx, review, outcome) {
      const found = await repo.findSubscription(tx, { id: review.subjectId, userId: review.userId });
      return found ? reviewedMessageParams(found.order, found.offer, market, outcome) : {};
    },
  };
}
