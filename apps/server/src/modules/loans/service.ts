import { randomUUID } from "node:crypto";
import {
  LOAN_PAGE_SIZE,
  type Currency,
  type Loan,
  type LoanApplyRequest,
  type LoanListResponse,
  type LoanRepayRequest,
  type LoanStatus,
} from "@brokerage/api";
import {
  money,
  platformAccount,
  toBookedString,
  toPlainString,
  transfer,
  userAccount,
  type Money,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { amountAtScale, availableOf, book, idempotent, refuseAccount } from "../ledger/index.js";
import { openReview } from "../reviews/index.js";
import { getSetting } from "../settings/index.js";
import * as repo from "./repository.js";
import { interestOf, quotaOf, termsOf } from "./terms.js";

interface Deps {
  db: Db;
  clock: Clock;
}

export const referenceOf = (loanId: string) => `loan:${loanId}`;

/** The states in which a loan is open: under review or owed (one per user: repo.ONE_OPEN_INDEX). */
const OPEN = ["pending", "borrowing"] as const;

const cursor = seqCursor("loan", BIGINT_SEQ_MAX);

/** amount + interest − repaid. */
export const owedOf = (row: repo.LoanRow): Money => money(row.amount).plus(row.interest).minus(row.repaid);

export function toLoan(row: repo.LoanRow): Loan {
  const at = (value: Money | string) => toBookedString(value, row.currency);
  return {
    id: row.id,
    currency: row.currency as Currency,
    amount: at(row.amount),
    interest: at(row.interest),
    total: at(money(row.amount).plus(row.interest)),
    repaid: at(row.repaid),
    owed: at(owedOf(row)),
    dailyRate: toPlainString(row.dailyRate),
    termDays: row.termDays,
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A disabled or frozen account moves no money (the ledger's one list of account refusals). */
function refuseBorrower(borrower: repo.Borrower | undefined): repo.Borrower {
  refuseAccount(borrower && { ...borrower, tradeBanned: false, fundPasswordSet: true });
  return borrower as repo.Borrower;
}

/** Why an open loan stops a new application: one under review, or one still owed. */
const openRefusal = (open: repo.LoanRow | undefined): "PENDING_REVIEW_EXISTS" | "UNPAID_LOAN" | null =>
  open === undefined ? null : open.state === "pending" ? "PENDING_REVIEW_EXISTS" : "UNPAID_LOAN";

/**
 * Credit loans (DESIGN §5 "Products"; packages/api loan.ts; db/schema/loans.ts): the terms and the user's
 * standing, the application (reviewed by staff: review.ts grants or refuses it), the list, and repayments
 * from the available balance. Applications and repayments run under the request's idempotency key, each in
 * one transaction with its effect.
 */
export class LoanService {
  constructor(private readonly deps: Deps) {}

  async status(userId: string): Promise<LoanStatus> {
    const { db } = this.deps;
    const [borrower, setting, current, open] = await Promise.all([
      repo.findBorrower(db, userId),
      getSetting(db, "loan.terms"),
      repo.latest(db, { userId }),
      repo.latest(db, { userId, states: OPEN }),
    ]);
    if (!borrower) throw new DomainError("UNAUTHORIZED");
    const terms = termsOf(setting);
    const quota = quotaOf(terms, borrower.creditScore);
    // The first of apply's refusals that holds now, in apply's order.
    const refusal = borrower.disabled
      ? "ACCOUNT_DISABLED"
      : borrower.frozen
        ? "ACCOUNT_FROZEN"
        : borrower.kycStatus !== "verified"
          ? "KYC_REQUIRED"
          : (openRefusal(open) ??
            (money(quota).lessThan(terms.minAmount) ? "LOAN_QUOTA_INSUFFICIENT" : null));
    return {
      terms,
      creditScore: borrower.creditScore,
      quota,
      availableQuota: open ? toBookedString("0", terms.currency) : quota,
      owed:
        open?.state === "borrowing"
          ? toBookedString(owedOf(open), open.currency)
          : toBookedString("0", terms.currency),
      current: current ? toLoan(current) : null,
      refusal,
    };
  }

  /**
   * The checks of loan.ts in their order: the account (ACCOUNT_DISABLED, ACCOUNT_FROZEN), KYC_REQUIRED, the
   * amount at the currency's scale (INVALID_INPUT), AMOUNT_BELOW_MIN {min}, PENDING_REVIEW_EXISTS,
   * UNPAID_LOAN, LOAN_QUOTA_INSUFFICIENT {max: quota}; then the application, with its terms and interest
   * fixed, and its review.
   */
  async apply(userId: string, input: LoanApplyRequest): Promise<Loan> {
    const { db, clock } = this.deps;
    const request = { action: "loan/apply", amount: toPlainString(money(input.amount)) };
    const call = { owner: `user:${userId}`, key: input.idempotencyKey, request };
    try {
      return await idempotent(db, clock, call, async (tx) => {
        const borrower = refuseBorrower(await repo.findBorrower(tx, userId));
        if (borrower.kycStatus !== "verified") throw new DomainError("KYC_REQUIRED");
        const terms = termsOf(await getSetting(tx, "loan.terms"));
        const amount = amountAtScale(input.amount, terms.currency);
        if (money(amount).lessThan(terms.minAmount))
          throw new DomainError("AMOUNT_BELOW_MIN", { field: "amount", min: terms.minAmount });
        const refusal = openRefusal(await repo.latest(tx, { userId, states: OPEN }));
        if (refusal) throw new DomainError(refusal);
        const quota = quotaOf(terms, borrower.creditScore);
        if (money(amount).greaterThan(quota))
          throw new DomainError("LOAN_QUOTA_INSUFFICIENT", { field: "amount", max: quota });
        const id = randomUUID();
        const at = clock.now();
        const row = await repo.insertLoan(tx, {
          id,
          userId,
          currency: terms.currency,
          amount,
          interest: interestOf(amount, terms),
          dailyRate: terms.dailyRate,
          termDays: terms.termDays,
          createdAt: at,
        });
        await openReview(tx, { kind: "loan", subjectId: id, userId, createdAt: at });
        return toLoan(row);
      });
    } catch (error) {
      // Two applications with different keys passed the checks at once: the database keeps one open loan.
      if (uniqueViolation(error) !== repo.ONE_OPEN_INDEX) throw error;
      throw new DomainError(
        openRefusal(await repo.latest(db, { userId, states: OPEN })) ?? "PENDING_REVIEW_EXISTS",
      );
    }
  }

  /** `loan/list`: newest first, LOAN_PAGE_SIZE a page. */
  async list(userId: string, after?: string): Promise<LoanListResponse> {
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.listPage(this.deps.db, { userId, beforeSeq, limit: LOAN_PAGE_SIZE + 1 });
    const page = rows.slice(0, LOAN_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toLoan),
      nextCursor: rows.length > LOAN_PAGE_SIZE && last ? cursor.encode(last.seq) : null,
    };
  }

  /**
   * Under the request's idempotency key, the loan's row locked so that its repayments are taken one after
   * the other: the account, the user's own loan (NOT_FOUND), in `borrowing` (ORDER_STATE_INVALID), the
   * amount at the currency's scale (INVALID_INPUT), at most what is owed (REPAYMENT_EXCEEDS_LOAN {max}),
   * paid from available (INSUFFICIENT_AVAILABLE {available}); `finished` when nothing is owed any more.
   */
  async repay(userId: string, input: LoanRepayRequest): Promise<Loan> {
    const { db, clock } = this.deps;
    const amountAsked = toPlainString(money(input.amount));
    const request = { action: "loan/repay", loanId: input.loanId, amount: amountAsked };
    const call = { owner: `user:${userId}`, key: input.idempotencyKey, request };
    return idempotent(db, clock, call, async (tx) => {
      refuseBorrower(await repo.findBorrower(tx, userId));
      const row = await repo.lockOne(tx, { id: input.loanId, userId });
      if (!row) throw new DomainError("NOT_FOUND", { field: "loanId" });
      if (row.state !== "borrowing") throw new DomainError("ORDER_STATE_INVALID");
      const { currency } = row;
      const amount = amountAtScale(input.amount, currency);
      const owed = owedOf(row);
      if (money(amount).greaterThan(owed))
        throw new DomainError("REPAYMENT_EXCEEDS_LOAN", {
          field: "amount",
          max: toBookedString(owed, currency),
        });
      const at = clock.now();
      const available = await availableOf(tx, userId, currency);
      await book(tx, {
        entry: transfer(
          "creditRepayment",
          userAccount(userId, currency),
          platformAccount("loans", currency),
          amount,
        ),
        userId,
        reference: referenceOf(row.id),
        idempotencyKey: input.idempotencyKey,
        cause: { by: "user" },
        at,
        insufficient: () => new DomainError("INSUFFICIENT_AVAILABLE", { available }),
      });
      const repaid = toBookedString(money(row.repaid).plus(amount), currency);
      const paidOff = owed.equals(amount);
      return toLoan(
        await repo.setRepaid(tx, { id: row.id, userId, repaid, finishedAt: paidOff ? at : null }),
      );
    });
  }
}
