import {
  emptyRequest,
  lending,
  lendingApplyRequest,
  lendingListRequest,
  lendingListResponse,
  lendingRecallRequest,
  lendingTerms,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { lendingReviewHandler } from "./review.js";
import { LendingService } from "./service.js";

/**
 * `lending/terms`, `lending/apply`, `lending/list`, `lending/recall`, the review kind `lending` (listed and
 * decided under /api/admin/reviews; the handler is registered here, with the feature). The daily rebates
 * and the terms' ends are a task of the scheduler's leader (rebates.ts, added in app.ts).
 */
export const lendingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.reviewRegistry.register(lendingReviewHandler({ clock: app.clock, market: app.market }));
  const service = new LendingService({ db: app.db, clock: app.clock, market: app.market });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["lending"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "lending/terms",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "What is shown before lending: the borrowers' year fee (`lending.grossRate`), the platform's share " +
          "of it (`lending.brokerShare`) and the rate paid to the user (grossRate × (1 − brokerShare), a " +
          "year, actual/365), the terms offered (`lending.termDays`), each currency's channel (minimum " +
          "`lending.minValue`, quota `lending.quota`, how much of it is taken and left), the user's eligible " +
          "holdings (open long positions in shares without leverage, unlocked, not lent, with their whole " +
          "shares and value now) and the risks (voting rights, cash in lieu of dividends, lent to short " +
          "sellers, the platform as counterparty, the shares locked until they come back).",
        body: emptyRequest,
        response: answers(lendingTerms, { session: true }),
      },
    },
    async (request) => ok(await service.terms(sessionOf(request).userId)),
  );

  route(
    app,
    "lending/apply",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Offer whole shares of one of the user's positions for a term; answers the application " +
          "(`pending`) with its value, rates and expected rebate fixed, and opens a review of kind " +
          "`lending`. Refusals, in order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, NOT_FOUND {field: positionId} " +
          "(also another user's position), LENDING_NOT_ELIGIBLE, SELL_LOCKED {until}, LENDING_EXISTS, " +
          "LENDING_TERM_INVALID {allowed}, INVALID_INPUT {field: quantity} (not a whole number of shares), " +
          "LENDING_ABOVE_HELD {held}, PRICE_UNAVAILABLE, LENDING_UNAVAILABLE (the currency's channel is " +
          "closed), LENDING_BELOW_MIN {min, amount, currency}, LENDING_QUOTA_FULL {available, amount, " +
          "currency}. A retry with the same idempotencyKey answers the first result.",
        body: lendingApplyRequest,
        response: answers(lending, { session: true }),
      },
    },
    async (request) => ok(await service.apply(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "lending/list",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's lendings, newest first, 20 a page, with state (pending, rejected, inProgress, " +
          "completed), when the shares come back, and every day's rebate paid (day, mark price, value, " +
          "amount); pass `nextCursor` back as `cursor` (null on the last page).",
        body: lendingListRequest,
        response: answers(lendingListResponse, { session: true }),
      },
    },
    async (request) => ok(await service.list(sessionOf(request).userId, request.body.cursor)),
  );

  route(
    app,
    "lending/recall",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Recall a lending in progress: the shares come back at the open of the position's next trading " +
          "day (or at the term's end if sooner), and earn until then; answers the lending with its new " +
          "`endsAt`. Refusals: ACCOUNT_DISABLED, ACCOUNT_FROZEN, NOT_FOUND {field: id} (also another user's), " +
          "ORDER_STATE_INVALID (under review, refused, completed or recalled already).",
        body: lendingRecallRequest,
        response: answers(lending, { session: true }),
      },
    },
    async (request) => ok(await service.recall(sessionOf(request).userId, request.body.id)),
  );
};
