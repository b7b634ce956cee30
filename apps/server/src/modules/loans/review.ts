import type { Loan } from "@brokerage/api";
import {
  money,
  platformAccount,
  toBookedString,
  toPlainString,
  transfer,
  userAccount,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DAY, type Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { getSetting } from "../settings/index.js";
import { availableOf, book } from "../ledger/index.js";
import type { ReviewHandler } from "../reviews/index.js";
import * as repo from "./repository.js";
import { referenceOf, toLoan } from "./service.js";
import { quotaOf, termsOf } from "./terms.js";

/** The loan as both the reviewer and the user's message state it. */
const factsOf = (view: Loan) => ({
  amount: view.amount,
  currency: view.currency,
  interest: view.interest,
  total: view.total,
  termDays: String(view.termDays),
});

/**
 * What the reviewer reads beside one application: the loan asked for with its fixed terms, the user's
 * standing and quota under the terms in force, the money they have now, and how their earlier loans went.
 */
async function subjectOf(db: Db, row: repo.ReviewRow): Promise<Record<string, string | null>> {
  const { loan } = row;
  const [available, history, setting] = await Promise.all([
    availableOf(db, loan.userId, loan.currency),
    repo.countByState(db, loan.userId),
    getSetting(db, "loan.terms"),
  ]);
  const view = toLoan(loan);
  const terms = termsOf(setting);
  return {
    loanId: loan.id,
    ...factsOf(view),
    // As the user read it: a percentage a day.
    dailyRate: `${toPlainString(money(view.dailyRate).times(100))}%`,
    createdAt: view.createdAt,
    realName: row.realName,
    kycStatus: row.kycStatus,
    creditScore: String(row.creditScore),
    quota: `${quotaOf(terms, row.creditScore)} ${terms.currency}`,
    flags: [row.disabled && "disabled", row.frozen && "frozen"].filter(Boolean).join(", ") || "none",
    available: `${available} ${loan.currency}`,
    loansRepaid: String(history.finished ?? 0),
    loansRefused: String(history.rejected ?? 0),
  };
}

/**
 * What credit loans contribute to the review queue (review kind `loan`). Approval grants the loan: the
 * entry `creditLoan` pays the amount from the platform's `loans` account into the user's available balance,
 * and the loan is owed (`borrowing`) until `termDays` after the grant. A refusal keeps the reviewer's reason.
 * The reviews module sends `loanApproved` / `loanRejected` with the params below.
 */
export function loanReviewHandler(deps: { clock: Clock }): ReviewHandler {
  return {
    kind: "loan",
    messages: { approved: "loanApproved", rejected: "loanRejected" },
    async subjects(db, subjectIds) {
      const rows = await repo.findForReview(db, subjectIds);
      return new Map(
        await Promise.all(rows.map(async (row) => [row.loan.id, await subjectOf(db, row)] as const)),
      );
    },
    // "Your loan of 1,000.00 USD is granted: 1,015.00 USD due by …".
    async messageParams(tx, review): Promise<Record<string, string>> {
      const row = await repo.findOne(tx, { id: review.subjectId, userId: review.userId });
      if (!row) return {};
      const view = toLoan(row);
      return { ...factsOf(view), ...(view.dueAt !== null && { dueAt: view.dueAt }) };
    },
    async approve(tx, review, decider) {
      const row = await repo.lockOne(tx, { id: review.subjectId, userId: review.userId });
      if (row?.state !== "pending") throw new DomainError("ORDER_STATE_INVALID");
      const { currency, userId } = row;
      const at = deps.clock.now();
      const amount = toBookedString(money(row.amount), currency);
      const paid = await book(tx, {
        entry: transfer(
          "creditLoan",
          platformAccount("loans", currency),
          userAccount(userId, currency),
          amount,
        ),
        userId,
        reference: referenceOf(row.id),
        cause: { by: "staff", staffId: decider.id },
        at,
      });
      const dueAt = new Date(at.getTime() + row.termDays * DAY);
      if (!(await repo.grant(tx, { id: row.id, userId, at, dueAt, entryId: paid.entryId })))
        throw new DomainError("ORDER_STATE_INVALID");
    },
    async reject(tx, review, _decider, reason) {
      const at = deps.clock.now();
      const row = await repo.reject(tx, { id: review.subjectId, userId: review.userId, reason, at });
      if (!row) throw new DomainError("ORDER_STATE_INVALID");
    },
  };
}
