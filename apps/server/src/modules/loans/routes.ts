import {
  emptyRequest,
  loan,
  loanApplyRequest,
  loanListRequest,
  loanListResponse,
  loanRepayRequest,
  loanStatus,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { loanReviewHandler } from "./review.js";
import { LoanService } from "./service.js";

/**
 * `loan/status`, `loan/apply`, `loan/list`, `loan/repay`, and the review kind `loan` (the reviews module
 * lists and decides it under /api/admin/reviews; the handler is registered here, with the feature).
 */
export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.reviewRegistry.register(loanReviewHandler({ clock: app.clock }));
  const service = new LoanService({ db: app.db, clock: app.clock });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["loan"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "loan/status",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The loan terms in force (setting `loan.terms`: currency, quota per credit-score point, maximum " +
          "and minimum amount, daily rate, term), the user's credit score and quota (min(score × " +
          "perScorePoint, maxQuota), rounded down), what they still owe, their latest loan or application, " +
          "and why applying is refused now (KYC_REQUIRED, PENDING_REVIEW_EXISTS, UNPAID_LOAN, " +
          "LOAN_QUOTA_INSUFFICIENT) or null.",
        body: emptyRequest,
        response: answers(loanStatus, { session: true }),
      },
    },
    async (request) => ok(await service.status(sessionOf(request).userId)),
  );

  route(
    app,
    "loan/apply",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Apply for a credit loan in the terms' currency; answers the application (`pending`) with its " +
          "interest (amount × dailyRate × termDays, rounded up) and total fixed, and opens a review of kind " +
          "`loan`. Refusals, in order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, KYC_REQUIRED, INVALID_INPUT {field: " +
          "amount} (not above 0, or more decimals than the currency has), AMOUNT_BELOW_MIN {min}, " +
          "PENDING_REVIEW_EXISTS (an application waits for review), UNPAID_LOAN (a loan is still owed), " +
          "LOAN_QUOTA_INSUFFICIENT {max: quota}. A retry with the same idempotencyKey answers the first result.",
        body: loanApplyRequest,
        response: answers(loan, { session: true }),
      },
    },
    async (request) => ok(await service.apply(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "loan/list",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's loans and applications, newest first, 20 a page, with interest, total, repaid, owed, " +
          "state, the reviewer's reason and the due date; pass `nextCursor` back as `cursor` (null on the " +
          "last page).",
        body: loanListRequest,
        response: answers(loanListResponse, { session: true }),
      },
    },
    async (request) => ok(await service.list(sessionOf(request).userId, request.body.cursor)),
  );

  route(
    app,
    "loan/repay",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Repay part or all of what is owed on a granted loan, from the available balance of its currency " +
          "(fund flow `creditRepayment`); answers the loan after it, `finished` once nothing is owed. " +
          "Refusals, in order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, NOT_FOUND {field: loanId} (also another " +
          "user's loan), ORDER_STATE_INVALID (not in `borrowing`), INVALID_INPUT {field: amount}, " +
          "REPAYMENT_EXCEEDS_LOAN {max: owed}, INSUFFICIENT_AVAILABLE {available}. A retry with the same " +
          "idempotencyKey answers the first result.",
        body: loanRepayRequest,
        response: answers(loan, { session: true }),
      },
    },
    async (request) => ok(await service.repay(sessionOf(request).userId, request.body)),
  );
};
