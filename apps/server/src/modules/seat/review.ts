import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import type { Db } from "../../db/index.js";
import * as repo from "./repository.js";

/**
 * What the seat account contributes to the review queue (review kind `seat`): the reviewer sees who asks
 * and their standing; approval makes the account a seat account, a refusal keeps the reason for the user.
 * The reviews module writes the audit record and the message (`seatApproved`, `seatRejected`).
 */
export function seatReviewHandler(deps: { clock: Clock }): ReviewHandler {
  const decide = async (tx: Db, review: ReviewRef, state: "approved" | "rejected", reason: string | null) => {
    const row = await repo.decide(tx, {
      id: review.subjectId,
      userId: review.userId,
      state,
      reason,
      at: deps.clock.now(),
    });
    if (!row) throw new DomainError("ORDER_STATE_INVALID");
  };

  return {
    kind: "seat",
    messages: { approved: "seatApproved", rejected: "seatRejected" },
    async subjects(db, subjectIds) {
      const rows = await repo.findForReview(db, subjectIds);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            applicationId: row.id,
            createdAt: row.createdAt.toISOString(),
            realName: row.realName,
            kycStatus: row.kycStatus,
            creditScore: String(row.creditScore),
            flags:
              [row.frozen && "frozen", row.tradeBanned && "tradeBanned"].filter(Boolean).join(", ") || "none",
          },
        ]),
      );
    },
    approve: (tx, review, _decider: Decider) => decide(tx, review, "approved", null),
    reject: (tx, review, _decider: Decider, reason) => decide(tx, review, "rejected", reason),
  };
}
