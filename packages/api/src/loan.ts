import { z } from "zod";
import { idempotencyKey, moneyString, positiveMoneyString } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { currency } from "./ledger.js";

/**
 * Credit loans (DESIGN §5 "Products": "quota from a disclosed rule, an application reviewed by staff,
 * disbursement and in-app repayment (never above what is owed), interest disclosed"; spec §3 loan fields,
 * §4 states, §5 rules, §8 messages; fund flows "credit loan" and "credit repayment").
 *
 * - The rule is the setting `loan.terms` (settings.ts), shown to the user before they apply: the quota is
 *   the credit score × `perScorePoint`, at most `maxQuota`, in the terms' one currency.
 * - Interest is simple and fixed on the application, with the terms in force when the user applies (the
 *   ones they read): amount × `dailyRate` × `termDays`, rounded up to the currency's scale; what is owed is
 *   the amount plus that interest, due `termDays` after the grant. Repaying early does not reduce it (the
 *   terms say so). `minAmount` is enforced rounded up and the quota rounded down to the currency's scale.
 * - `loan/apply {amount}`: the checks in this order (spec §5): account usable (frozen, disabled),
 *   real-name verified (KYC_REQUIRED), amount a positive number at the currency's scale (INVALID_INPUT),
 *   at least `minAmount` (AMOUNT_BELOW_MIN), no application waiting (PENDING_REVIEW_EXISTS), no loan still
 *   owed (UNPAID_LOAN), within the quota (LOAN_QUOTA_INSUFFICIENT). It opens a review of kind `loan`.
 * - Approval (back office, review kind `loan`) grants it: the entry `creditLoan` moves the amount from the
 *   platform's `loans` account to the user's available balance, and the loan is `borrowing`. A refusal
 *   keeps the reviewer's reason. Either way the user gets a message (`loanApproved`, `loanRejected`).
 * - `loan/repay {loanId, amount}`: from the available balance of the loan's currency to the platform's
 *   `loans` account (entry `creditRepayment`); at most what is still owed (REPAYMENT_EXCEEDS_LOAN), within
 *   the available balance (INSUFFICIENT_AVAILABLE); the loan is `finished` when nothing is owed.
 */

/** An application's and a loan's states in one: under review, refused, granted and owed, paid off. */
export const LOAN_STATES = ["pending", "rejected", "borrowing", "finished"] as const;
export const loanState = z.enum(LOAN_STATES);
export type LoanState = z.infer<typeof loanState>;

/** The terms in force (setting `loan.terms`), as the user reads them before applying. */
export const loanTerms = z.object({
  currency,
  /** Quota per point of credit score. */
  perScorePoint: moneyString,
  maxQuota: moneyString,
  minAmount: moneyString,
  /** Simple interest per day, a fraction (0.0005 = 0.05 % a day). */
  dailyRate: z.string(),
  termDays: z.number().int(),
});
export type LoanTerms = z.infer<typeof loanTerms>;

/** One loan (or application) as its owner sees it. */
export const loan = z.object({
  id: z.string(),
  currency,
  amount: moneyString,
  /** Fixed when applying: amount × dailyRate × termDays, rounded up. */
  interest: moneyString,
  /** amount + interest. */
  total: moneyString,
  repaid: moneyString,
  /** total − repaid (0 once finished; the whole total while pending or refused). */
  owed: moneyString,
  dailyRate: z.string(),
  termDays: z.number().int(),
  state: loanState,
  /** The reviewer's reason on a refusal. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Granted loans: termDays after the grant. */
  dueAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Loan = z.infer<typeof loan>;

/** `loan/status`: the terms, the user's quota and what they owe, and whether they may apply now. */
export const loanStatus = z.object({
  terms: loanTerms,
  creditScore: z.number().int(),
  /** min(creditScore × perScorePoint, maxQuota), at the currency's scale. */
  quota: moneyString,
  /**
   * What may be borrowed now: the quota, or 0 while a loan is owed or an application waits for review (one
   * loan at a time).
   */
  availableQuota: moneyString,
  /** What the user still owes on the loan being repaid (0 when none). */
  owed: moneyString,
  /** The latest loan or application (null: never applied). */
  current: loan.nullable(),
  /** Why applying is refused now (its error code), or null when the user may apply. */
  refusal: z
    .enum([
      "ACCOUNT_DISABLED",
      "ACCOUNT_FROZEN",
      "KYC_REQUIRED",
      "PENDING_REVIEW_EXISTS",
      "UNPAID_LOAN",
      "LOAN_QUOTA_INSUFFICIENT",
    ])
    .nullable(),
});
export type LoanStatus = z.infer<typeof loanStatus>;

const positiveAmount = positiveMoneyString;

/** `loan/apply`: the amount asked for, in the terms' currency. Answers the application (`pending`). */
export const loanApplyRequest = z.object({ amount: positiveAmount, idempotencyKey });
export type LoanApplyRequest = z.infer<typeof loanApplyRequest>;

/** `loan/repay`: part or all of what is owed on a loan in `borrowing`. Answers the loan after it. */
export const loanRepayRequest = z.object({
  loanId: z.string().uuid(),
  amount: positiveAmount,
  idempotencyKey,
});
export type LoanRepayRequest = z.infer<typeof loanRepayRequest>;

/** `loan/list {cursor?}`: the user's loans and applications, newest first, LOAN_PAGE_SIZE a page. */
export const LOAN_PAGE_SIZE = 20;
export const loanListRequest = cursorRequest;
export const loanListResponse = cursorPage(loan);
export type LoanListResponse = z.infer<typeof loanListResponse>;
