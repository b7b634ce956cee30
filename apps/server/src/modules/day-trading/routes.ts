import {
  dayTradingApplication,
  dayTradingApplyRequest,
  dayTradingStatus,
  emptyRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { dayTradingReviewHandler } from "./review.js";
import { DayTradingService } from "./service.js";

/**
 * `dayTrading/status`, `dayTrading/apply`, and the review kind `dayTrading` (the reviews module lists and
 * decides it under /api/admin/reviews; the handler is registered here, with the feature). Day-trade orders
 * themselves are `trade/placeOrder {dayTrade: true}`.
 */
export const dayTradingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.reviewRegistry.register(dayTradingReviewHandler({ clock: app.clock }));
  const service = new DayTradingService({ db: app.db, clock: app.clock });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["dayTrading"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "dayTrading/status",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's latest day-trading application (pending, approved or rejected with the reviewer's " +
          "reason) and the allowance in force (the latest approved application): its amount and currency, " +
          "the margin the user's day trades hold (`used`) and what remains for new ones.",
        body: emptyRequest,
        response: answers(dayTradingStatus, { session: true }),
      },
    },
    async (request) => ok(await service.status(sessionOf(request).userId)),
  );

  route(
    app,
    "dayTrading/apply",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Apply for a day-trading allowance in one currency. The amount is held from available (fund flow " +
          "`dayTradeReview`) until a reviewer decides, and released either way; approval makes it the " +
          "allowance. Refusals, in order: INVALID_INPUT {field: amount} (not above 0, or more decimals than " +
          "the currency has), ACCOUNT_FROZEN, TRADE_BANNED, FUND_PASSWORD_NOT_SET, DAY_TRADING_PENDING (an " +
          "application waits for review), INSUFFICIENT_AVAILABLE {available}. A retry with the same " +
          "idempotencyKey answers the first result.",
        body: dayTradingApplyRequest,
        response: answers(dayTradingApplication, { session: true }),
      },
    },
    async (request) => ok(await service.apply(sessionOf(request).userId, request.body)),
  );
};
