import { can } from "@brokerage/api";
import { formatMoney, scaleOf } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { book } from "../ledger/index.js";
import type { Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import { adjustedMessageParams, adjustmentBooking, signedText } from "./adjustments.js";
import * as repo from "./repository.js";

/**
 * What adjustments contribute to the review queue (kind `adjustment`): one that takes the day's sum
 * above `adjustment.fourEyesAbove` (service.ts) is booked only when an administrator other than the one
 * who asked for it approves (SAME_APPROVER for the requester; FORBIDDEN for a decider whose role lacks
 * `ledger.adjust`, which the queue's `reviews.decide` alone does not imply). Approval books the entry
 * and messages the user; a rejection books nothing and tells the user nothing (they never asked).
 */
export function adjustmentReviewHandler(deps: { clock: Clock }): ReviewHandler {
  const mayAdjust = async (tx: Db, decider: Decider) => {
    const staff = await repo.staffRole(tx, decider.id);
    if (!staff || staff.disabled || !can(staff.role, "ledger.adjust")) throw new DomainError("FORBIDDEN");
  };

  const pending = async (tx: Db, review: ReviewRef) => {
    const row = await repo.lockPendingAdjustment(tx, review.subjectId);
    if (!row || row.userId !== review.userId) throw new DomainError("ORDER_STATE_INVALID");
    return row;
  };

  return {
    kind: "adjustment",
    messages: { approved: "balanceAdjusted", rejected: null },

    async subjects(db, subjectIds) {
      const rows = await repo.findAdjustments(db, subjectIds);
      const balances = await Promise.all(
        rows.map((row) => repo.availableBalance(db, row.userId, row.currency)),
      );
      return new Map(
        rows.map((row, i) => {
          const subject: Record<string, string | null> = {
            amount: signedText(row.amount, row.currency),
            currency: row.currency,
            adjustmentReason: row.reason,
            requestedBy: row.requestedBy,
            requestedById: row.requestedById,
            available: formatMoney(balances[i] ?? "0", scaleOf(row.currency)),
            adjustmentId: row.id,
          };
          return [row.id, subject] as const;
        }),
      );
    },

    async approve(tx, review, decider) {
      await mayAdjust(tx, decider);
      const row = await pending(tx, review);
      if (row.requestedBy === decider.id) throw new DomainError("SAME_APPROVER");
      const at = deps.clock.now();
      const booked = await book(tx, adjustmentBooking({ ...row, at }));
      const decided = await repo.decideAdjustment(tx, {
        id: row.id,
        state: "approved",
        entryId: booked.entryId,
        at,
      });
      if (!decided) throw new DomainError("ORDER_STATE_INVALID");
    },

    async reject(tx, review, decider) {
      await mayAdjust(tx, decider);
      const row = await pending(tx, review);
      const decided = await repo.decideAdjustment(tx, {
        id: row.id,
        state: "rejected",
        entryId: null,
        at: deps.clock.now(),
      });
      if (!decided) throw new DomainError("ORDER_STATE_INVALID");
    },

    async messageParams(tx, review) {
      const [row] = await repo.findAdjustments(tx, [review.subjectId]);
      if (!row) throw new Error(`adjustment ${review.subjectId} not found`);
      return adjustedMessageParams(row);
    },
  };
}
