import { toBookedString, voidHold } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { book, userWallets } from "../ledger/index.js";
import type { Decider, ReviewHandler, ReviewRef } from "../reviews/index.js";
import { allowanceOf } from "./allowance.js";
import * as repo from "./repository.js";
import { referenceOf } from "./service.js";

/** What the reviewer reads beside one application: the request, the user's standing, the allowance now. */
async function subjectOf(db: Db, row: repo.ReviewRow): Promise<Record<string, string | null>> {
  const [wallets, approved] = await Promise.all([
    userWallets(db, row.userId),
    repo.latest(db, { userId: row.userId, states: ["approved"] }),
  ]);
  const wallet = wallets.find((w) => w.currency === row.currency);
  const inCurrency = (value: string | undefined) =>
    `${toBookedString(value ?? "0", row.currency)} ${row.currency}`;
  const allowance = approved ? await allowanceOf(db, approved) : undefined;
  return {
    applicationId: row.id,
    amount: toBookedString(row.amount, row.currency),
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    realName: row.realName,
    kycStatus: row.kycStatus,
    creditScore: String(row.creditScore),
    flags: [row.frozen && "frozen", row.tradeBanned && "tradeBanned"].filter(Boolean).join(", ") || "none",
    available: inCurrency(wallet?.available),
    held: inCurrency(wallet?.held),
    currentAllowance: allowance ? `${allowance.amount} ${allowance.currency}` : null,
    allowanceUsed: allowance ? `${allowance.used} ${allowance.currency}` : null,
  };
}

/**
 * What day trading contributes to the review queue (review kind `dayTrading`). Either decision releases
 * the held amount back to available (fund flow "day-trade review"), a refusal with the reviewer's reason on
 * the entry; an approval makes the application the user's allowance.
 */
export function dayTradingReviewHandler(deps: { clock: Clock }): ReviewHandler {
  const decide = async (
    tx: Db,
    review: ReviewRef,
    decider: Decider,
    state: "approved" | "rejected",
    reason: string | null,
  ) => {
    const at = deps.clock.now();
    const row = await repo.decide(tx, { id: review.subjectId, userId: review.userId, state, reason, at });
    if (!row) throw new DomainError("ORDER_STATE_INVALID");
    const released = await book(tx, {
      entry: voidHold("dayTradeReview", row.userId, row.currency, toBookedString(row.amount, row.currency)),
      userId: row.userId,
      reference: referenceOf(row.id),
      cause: { by: "staff", staffId: decider.id },
      ...(reason !== null && { reason }),
      at,
    });
    await repo.setReleaseEntry(tx, { id: row.id, entryId: released.entryId });
  };

  return {
    kind: "dayTrading",
    messages: { approved: "dayTradingApproved", rejected: "dayTradingRejected" },
    async subjects(db, subjectIds) {
      const rows = await repo.findForReview(db, subjectIds);
      return new Map(await Promise.all(rows.map(async (row) => [row.id, await subjectOf(db, row)] as const)));
    },
    // "Your day-trading application for 1,000.00 USD …".
    async messageParams(tx, review): Promise<Record<string, string>> {
      const row = await repo.findOne(tx, { id: review.subjectId, userId: review.userId });
      return row ? { amount: toBookedString(row.amount, row.currency), currency: row.currency } : {};
    },
    approve: (tx, review, decider) => decide(tx, review, decider, "approved", null),
    reject: (tx, review, decider, reason) => decide(tx, review, decider, "rejected", reason),
  };
}
