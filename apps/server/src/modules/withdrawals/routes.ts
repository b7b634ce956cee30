import {
  withdrawal,
  withdrawListRequest,
  withdrawListResponse,
  withdrawRequest,
  withdrawRulesRequest,
  withdrawRulesResponse,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { FundPasswordService } from "../fund-password/index.js";
import { withdrawalReviewHandler } from "./review.js";
import { WithdrawalService } from "./service.js";

/**
 * `fund/withdrawRules`, `fund/withdraw`, `fund/withdrawList`, and the review kind `withdrawal` (the
 * reviews module lists and decides it under /api/admin/reviews; the handler is registered here, with the
 * feature, as the registry is the application's).
 */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.reviewRegistry.register(withdrawalReviewHandler({ clock: app.clock }));
  const fundPasswords = new FundPasswordService({
    db: app.db,
    clock: app.clock,
    rateLimiter: app.rateLimiter,
  });
  const withdrawals = new WithdrawalService({ db: app.db, clock: app.clock, fundPasswords });
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["fund"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "fund/withdrawRules",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Every withdrawal rule of spec §5 with the user's standing on it, in the order fund/withdraw " +
          "checks them (account, fund password, KYC, bank card, credit score, window, limits, no pending " +
          "withdrawal, withdrawable amount); each unmet rule names its code and the app path that fixes " +
          "it. Also the available balance, limits, window, arrival promise and the four-eyes threshold.",
        body: withdrawRulesRequest,
        response: answers(withdrawRulesResponse, { session: true }),
      },
    },
    async (request) => ok(await withdrawals.rules(sessionOf(request).userId, request.body.currency)),
  );

  route(
    app,
    "fund/withdraw",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Request a withdrawal to one of the user's cards; the amount is held at once and paid out when " +
          "a reviewer approves (two different reviewers for the one that takes the user's withdrawals in " +
          "the currency over the last 24 hours above withdrawal.fourEyesAbove). Refusals, in order: " +
          "ACCOUNT_FROZEN, WITHDRAW_BANNED, FUND_PASSWORD_NOT_SET (or FUND_PASSWORD_LOCKED), KYC_REQUIRED, " +
          "CARD_NOT_FOUND (also another user's card), CARD_NOT_OWNED (a card not in the verified name), " +
          "INSUFFICIENT_CREDIT_SCORE, OUTSIDE_WINDOW {start, end, timeZone}, CURRENCY_UNSUPPORTED, AMOUNT_BELOW_MIN " +
          "{min}, AMOUNT_ABOVE_MAX {max}, FUND_OPERATION_PENDING, FUND_PASSWORD_WRONG, " +
          "INSUFFICIENT_WITHDRAWABLE {available}. A retry with the same idempotencyKey answers the first " +
          "result; other fields in the body are ignored.",
        body: withdrawRequest,
        response: answers(withdrawal, { session: true }),
      },
    },
    async (request) => ok(await withdrawals.withdraw(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "fund/withdrawList",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's withdrawals, newest first, 20 a page, with state, card (masked) and the reviewer's " +
          "reason; pass `nextCursor` back as `cursor` (null on the last page).",
        body: withdrawListRequest,
        response: answers(withdrawListResponse, { session: true }),
      },
    },
    async (request) => ok(await withdrawals.list(sessionOf(request).userId, request.body.cursor)),
  );
};
