import {
  placementMineRequest,
  placementOfferDetail,
  placementOfferPage,
  placementOfferRequest,
  placementOffersRequest,
  placementSubscribeRequest,
  placementSubscription,
  placementSubscriptionPage,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { publishTradeChange } from "../trading/index.js";
import { placementReviewHandler } from "./review.js";
import { PlacementService } from "./service.js";

const SUBSCRIBE_REFUSALS =
  "Refusals, in this order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, TRADE_BANNED, FUND_PASSWORD_NOT_SET, NOT_FOUND (an " +
  "unknown offer), PLACEMENT_CLOSED (withdrawn, not yet open or past its window), KYC_REQUIRED, " +
  "PLACEMENT_HOLDERS_ONLY {symbol} (an offer for the instrument's holders), QUANTITY_NOT_WHOLE_LOTS, " +
  "PLACEMENT_BELOW_MIN {min, currency} (price × shares below the offer's minimum amount), PLACEMENT_ABOVE_MAX " +
  "{max, currency}, INSUFFICIENT_AVAILABLE {available} (the amount + the commission).";

/**
 * `placement/*` (DESIGN §4.1 "Placements"): the offers (placements and capital increases), one offer, the
 * subscription and the user's subscriptions. Also registers the review kind `placement`.
 */
export const placementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.reviewRegistry.register(
    placementReviewHandler({ clock: app.clock, market: app.market, notify: publishTradeChange(app.bus) }),
  );
  const service = new PlacementService({ db: app.db, clock: app.clock, market: app.market });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["placement"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "placement/offers",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Placement and capital-increase offers open now or opening later (`status` open or upcoming), " +
          "newest first, 20 a page: the fixed price against the live one, the minimum and maximum amount " +
          "per subscription (and the shares they allow at the price), the window, who may apply and the " +
          "lock in trading days.",
        body: placementOffersRequest,
        response: answers(placementOfferPage, { session: true }),
      },
    },
    async (request) => ok(await service.offers(request.body.cursor)),
  );

  route(
    app,
    "placement/offer",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "One offer (a withdrawn or ended one shows `closed`), with the market's fee rate and minimum fee " +
          "(a subscription holds price × shares plus that commission), the user's available balance in the " +
          "instrument's currency, and `ineligible` (null, KYC_REQUIRED or PLACEMENT_HOLDERS_ONLY). " +
          "NOT_FOUND for an unknown id.",
        body: placementOfferRequest,
        response: answers(placementOfferDetail, { session: true }),
      },
    },
    async (request) => ok(await service.offer(sessionOf(request).userId, request.body.id)),
  );

  route(
    app,
    "placement/subscribe",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Subscribe whole shares: the amount (price × shares) and the commission are held from available " +
          "at once and the subscription waits for review (`review`, review kind `placement`); approved, " +
          "the position opens at the offer's price, locked for its trading days; refused, everything held " +
          "comes back (`declined`, with the reason). A retry with the same idempotencyKey answers the first " +
          "result (IDEMPOTENCY_CONFLICT for another subscription under that key). " +
          SUBSCRIBE_REFUSALS,
        body: placementSubscribeRequest,
        response: answers(placementSubscription, { session: true }),
      },
    },
    async (request) => ok(await service.subscribe(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "placement/mine",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's placement and capital-increase subscriptions, newest first, 20 a page, each with its " +
          "state (review, open, closing, closed, or declined with the reason) and its offer's kind, price " +
          "and lock; pass `nextCursor` back as `cursor` (null on the last page).",
        body: placementMineRequest,
        response: answers(placementSubscriptionPage, { session: true }),
      },
    },
    async (request) => ok(await service.mine(sessionOf(request).userId, request.body.cursor)),
  );
};
