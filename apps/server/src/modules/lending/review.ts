import { money, toBookedString, toPlainString, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import type { ReviewHandler } from "../reviews/index.js";
import { currentPrice, lockOrder } from "../trading/index.js";
import * as repo from "./repository.js";
import { expectedRebate, termEnd } from "./terms.js";

const percent = (fraction: string) => `${toPlainString(money(fraction).times(100))}%`;

/** The lending as both the reviewer and the user's message state it. */
const factsOf = (loan: repo.SecuritiesLoanRow) => ({
  symbol: loan.symbol,
  quantity: toPlainString(loan.quantity),
  days: String(loan.days),
  value: toBookedString(loan.value, loan.currency),
  currency: loan.currency,
  rate: percent(loan.rate),
});

/**
 * What the reviewer reads beside one application: the shares, the term and the rates fixed on it, the
 * value it was checked on and now, and the position it lends (still open, how much of it, locked or not).
 */
function subjectOf(market: MarketDataProvider, row: repo.ReviewRow, at: Date): Record<string, string | null> {
  const { loan, position } = row;
  const now = currentPrice(market, loan.symbol, at);
  return {
    lendingId: loan.id,
    ...factsOf(loan),
    exchange: loan.exchange,
    price: toPlainString(loan.price),
    valueNow: now === undefined ? null : toBookedString(money(now).times(loan.quantity), loan.currency),
    grossRate: percent(loan.grossRate),
    brokerShare: percent(loan.brokerShare),
    expectedRebate: `${expectedRebate(loan.value, loan.rate, loan.days, loan.currency)} ${loan.currency}`,
    orderNo: position.orderNo,
    positionState: position.state,
    positionQuantity: toPlainString(position.quantity),
    createdAt: loan.createdAt.toISOString(),
    realName: row.realName,
    kycStatus: row.kycStatus,
    flags: [row.disabled && "disabled", row.frozen && "frozen"].filter(Boolean).join(", ") || "none",
  };
}

/**
 * What securities lending contributes to the review queue (review kind `lending`). Approval lends the
 * shares: the position must still be open and hold them (LENDING_NOT_ELIGIBLE otherwise, for the reviewer to
 * refuse); the lending is `inProgress` from now until the term's end (the open of the first trading day on
 * or after `days` calendar days), and the position cannot be closed until then. A refusal keeps the
 * reviewer's reason. The reviews module sends `lendingApproved` / `lendingRejected`.
 */
export function lendingReviewHandler(deps: { clock: Clock; market: MarketDataProvider }): ReviewHandler {
  return {
    kind: "lending",
    messages: { approved: "lendingApproved", rejected: "lendingRejected" },
    async subjects(db: Db, subjectIds) {
      const at = deps.clock.now();
      const rows = await repo.findForReview(db, subjectIds);
      return new Map(rows.map((row) => [row.loan.id, subjectOf(deps.market, row, at)] as const));
    },
    async messageParams(tx, review): Promise<Record<string, string>> {
      const row = await repo.findOne(tx, { id: review.subjectId, userId: review.userId });
      if (!row) return {};
      return { ...factsOf(row), ...(row.endsAt !== null && { endsAt: row.endsAt.toISOString() }) };
    },
    async approve(tx, review) {
      const row = await repo.lockOne(tx, { id: review.subjectId, userId: review.userId });
      if (row?.state !== "pending") throw new DomainError("ORDER_STATE_INVALID");
      const position = await lockOrder(tx, { id: row.positionId, userId: row.userId });
      if (position?.state !== "open" || money(position.quantity).lessThan(row.quantity))
        throw new DomainError("LENDING_NOT_ELIGIBLE");
      const at = deps.clock.now();
      const lent = await repo.update(tx, {
        id: row.id,
        from: "pending",
        set: { state: "inProgress", startedAt: at, endsAt: termEnd(row.exchange, at, row.days) },
      });
      if (!lent) throw new DomainError("ORDER_STATE_INVALID");
    },
    async reject(tx, review, _decider, reason) {
      const rejected = await repo.update(tx, {
        id: review.subjectId,
        from: "pending",
        set: { state: "rejected", reason },
      });
      if (!rejected || rejected.userId !== review.userId) throw new DomainError("ORDER_STATE_INVALID");
    },
  };
}
