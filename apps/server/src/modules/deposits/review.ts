import { credit, toBookedString } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { storedImageAvailability } from "../../lib/image-upload.js";
import { book } from "../ledger/index.js";
import type { Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import * as repo from "./repository.js";

/**
 * The message params of a deposit's outcome (`messages.depositApproved` / `depositRejected`: amount and
 * currency beside the reviewer's reason). Read in the decision's transaction.
 */
async function depositMessageParams(db: Db, review: ReviewRef): Promise<Record<string, string>> {
  const row = await repo.findAmount(db, review.subjectId);
  return row ? { amount: toBookedString(row.amount, row.currency), currency: row.currency } : {};
}

/**
 * What deposits contribute to the review queue (DESIGN §5 Reviews). Beside each request the reviewer sees
 * the amount, currency and channel, whether the voucher can be shown (admin `deposits/voucher
 * {depositId}`), and the user's standing: KYC state, real name, and the number and sum of the deposits
 * approved before this one. Approving books the credit (`deposit`: platform cash in → the user's
 * available) and keeps its entry; refusing keeps the reason the user reads. Both only from pending, so a
 * deposit is credited at most once whatever the queue does.
 */
export function depositReviewHandler(deps: { clock: Clock; imageDir: string }): ReviewHandler {
  const decide = async (tx: Db, review: ReviewRef, state: "approved" | "rejected", reason: string | null) => {
    const row = await repo.decide(tx, {
      id: review.subjectId,
      userId: review.userId,
      state,
      reason,
      at: deps.clock.now(),
    });
    if (!row) throw new DomainError("ORDER_STATE_INVALID");
    return row;
  };

  return {
    kind: "deposit",
    messages: { approved: "depositApproved", rejected: "depositRejected" },
    messageParams: depositMessageParams,
    async subjects(db, subjectIds) {
      const rows = await repo.reviewSubjects(db, subjectIds);
      const entries = await Promise.all(
        rows.map(async (row) => {
          const { deposit } = row;
          const subject: Record<string, string | null> = {
            depositId: deposit.id,
            amount: toBookedString(deposit.amount, deposit.currency),
            currency: deposit.currency,
            channelName: row.channelName,
            channelKind: row.channelKind,
            voucher: deposit.voucher ? await storedImageAvailability(deps.imageDir, deposit.voucher) : null,
            state: deposit.state,
            createdAt: deposit.createdAt.toISOString(),
            kycStatus: row.kycStatus,
            realName: row.realName,
            approvedBefore: String(row.approvedCount ?? 0),
            approvedSumBefore: toBookedString(row.approvedSum ?? "0", deposit.currency),
          };
          return [deposit.id, subject] as const;
        }),
      );
      return new Map(entries);
    },
    async approve(tx: Db, review: ReviewRef, decider: Decider) {
      const row = await decide(tx, review, "approved", null);
      const at = deps.clock.now();
      const booked = await book(tx, {
        entry: credit("deposit", row.userId, row.currency, toBookedString(row.amount, row.currency)),
        userId: row.userId,
        reference: `deposit:${row.id}`,
        cause: { by: "staff", staffId: decider.id },
        at,
      });
      await repo.setEntry(tx, row.id, booked.entryId);
    },
    async reject(tx: Db, review: ReviewRef, _decider: Decider, reason: string) {
      await decide(tx, review, "rejected", reason);
    },
  };
}
