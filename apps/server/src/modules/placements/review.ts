import { assertTransition, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { AfterCommit, Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import {
  allotReviewed,
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
  /** Told of the allotted position once the approval has committed (the matching engine tracks it). */
  notify?: (change: TradeChange) => void;
}

/**
 * What placements and capital increases contribute to the review queue (DESIGN §5 Reviews). Beside each
 * subscription the reviewer sees the offer's kind, the instrument, the shares, the offer's price against
 * the live one, what is held, the lock, who may apply, and the user's standing (verification, flags).
 * Approving allots: the position opens at the offer's price, paid from the hold, locked for the offer's
 * trading days from the approval; refusing gives everything held back and keeps the reason. Both only
 * from `review`, on the order locked for the decision (trading's `allotReviewed`, `declineReviewed`).
 */
export function placementReviewHandler(deps: Deps): ReviewHandler {
  const { clock, market } = deps;

  return {
    kind: "placement",
    // An offer without a lock is approved in words of its own, never "locked for 0 trading days".
    messages: {
      approved: (params) => (params.lockDays === undefined ? "placementApprovedNoLock" : "placementApproved"),
      rejected: "placementRejected",
    },

    async subjects(db, subjectIds) {
      const rows = await repo.reviewSubjects(db, subjectIds);
      const now = clock.now();
      return new Map(
        rows.map(({ order, offer, frozen, tradeBanned, ...user }) => [
          order.id,
          {
            ...reviewedSubject(order, offer, user, market, now),
            offerKind: offer.kind,
            eligibility: offer.eligibility,
            accountFrozen: frozen ? "yes" : "no",
            tradeBanned: tradeBanned ? "yes" : "no",
          },
        ]),
      );
    },

    async approve(tx: Db, review: ReviewRef, decider: Decider, afterCommit: AfterCommit) {
      const row = await lockReviewed(tx, review, "placement");
      rule(() => assertTransition(row.state, "approve"));
      const offer =
        row.placementOfferId === null ? undefined : await repo.findOffer(tx, row.placementOfferId);
      if (!offer) throw new DomainError("NOT_FOUND");
      const opened = await allotReviewed(tx, row, offer, { by: "staff", staffId: decider.id }, clock.now());
      const { notify } = deps;
      if (notify)
        afterCommit(() => notify({ orderId: opened.id, symbol: opened.symbol, state: opened.state }));
    },

    async reject(tx: Db, review: ReviewRef, decider: Decider, reason: string) {
      const row = await lockReviewed(tx, review, "placement");
      rule(() => assertTransition(row.state, "decline"));
      await declineReviewed(tx, row, reason, { by: "staff", staffId: decider.id }, clock.now());
    },

    async messageParams(tx, review, outcome) {
      const found = await repo.findSubscription(tx, { id: review.subjectId, userId: review.userId });
      return found ? reviewedMessageParams(found.order, found.offer, market, outcome) : {};
    },
  };
}
