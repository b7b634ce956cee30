import { maskIdNumber } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { storedImageAvailability as availability } from "../../lib/image-upload.js";
import type { Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import * as repo from "./repository.js";

/**
 * What KYC contributes to the review queue (DESIGN §5 Reviews). The reviewer sees the submitted name,
 * the masked ID number and whether each photo can be shown (admin `kyc/photo {submissionId, side}`);
 * approving makes the name the user's verified real name, rejecting records the reason the user reads.
 */
export function kycReviewHandler(deps: { clock: Clock; imageDir: string }): ReviewHandler {
  const decide = async (
    tx: Db,
    review: ReviewRef,
    decider: Decider,
    decision: "verified" | "failed",
    reason: string | null,
  ) => {
    const row = await repo.decideSubmission(tx, {
      submissionId: review.subjectId,
      userId: review.userId,
      decision,
      reason,
      decidedBy: decider.id,
      now: deps.clock.now(),
    });
    if (!row) throw new DomainError("ORDER_STATE_INVALID");
  };

  return {
    kind: "kyc",
    messages: { approved: "kycApproved", rejected: "kycRejected" },
    async subjects(db, subjectIds) {
      const rows = await repo.findSubmissions(db, subjectIds);
      const entries = await Promise.all(
        rows.map(async (row) => {
          const [frontPhoto, backPhoto] = await Promise.all([
            availability(deps.imageDir, row.frontPhoto),
            availability(deps.imageDir, row.backPhoto),
          ]);
          const subject: Record<string, string | null> = {
            submissionId: row.id,
            realName: row.realName,
            idNumber: maskIdNumber(row.idNumber),
            state: row.state,
            submittedAt: row.createdAt.toISOString(),
            frontPhoto,
            backPhoto,
          };
          return [row.id, subject] as const;
        }),
      );
      return new Map(entries);
    },
    approve: (tx, review, decider) => decide(tx, review, decider, "verified", null),
    reject: (tx, review, decider, reason) => decide(tx, review, decider, "failed", reason),
  };
}
