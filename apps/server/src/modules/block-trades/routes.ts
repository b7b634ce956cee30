import {
  blockTradeMineRequest,
  blockTradeOfferDetail,
  blockTradeOfferPage,
  blockTradeOfferRequest,
  blockTradeOffersRequest,
  blockTradeSubscribeRequest,
  blockTradeSubscription,
  blockTradeSubscriptionPage,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { publishTradeChange } from "../trading/index.js";
import { blockTradeReviewHandler } from "./review.js";
import { BlockTradeService } from "./service.js";

const SUBSCRIBE_REFUSALS =
  "Refusals, in this order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, TRADE_BANNED, FUND_PASSWORD_NOT_SET, NOT_FOUND (an unknown " +
  "offer), BLOCK_TRADE_CLOSED {minShares} (withdrawn, not yet open or past its window), " +
  "QUANTITY_NOT_WHOLE_LOTS, BLOCK_TRADE_BELOW_MIN {minShares}, BLOCK_TRADE_ABOVE_MAX {maxShares}, " +
  "SECRET_KEY_MISMATCH (missing or wrong where the offer asks for a key), INSUFFICIENT_AVAILABLE " +
  "{available} (margin + fee in the settlement currency).";

/**
 * `blockTrade/*` (DESIGN §5 "Primary market"): the offers, one offer, the subscription and the user's
 * subscriptions. Also registers the review kind `blockTrade`, through which the reviews module lists and
 * decides subscriptions under /api/admin/reviews.
 */
export const blockTradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.reviewRegistry.register(
    blockTradeReviewHandler({ clock: app.clock, market: app.market, notify: publishTradeChange(app.bus) }),
  );
  const service = new BlockTradeService({ db: app.db, clock: app.clock, market: app.market });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["blockTrade"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "blockTrade/offers",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Block-trade offers open now or opening later (`status` open or upcoming), newest first, 20 a " +
          "page: the offer's price against the live price (discount in percent), the minimum and maximum " +
          "shares per subscription, the window, the lock in trading days and whether a secret key is asked.",
        body: blockTradeOffersRequest,
        response: answers(blockTradeOfferPage, { session: true }),
      },
    },
    async (request) => ok(await service.offers(request.body.cursor)),
  );

  route(
    app,
    "blockTrade/offer",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "One offer (a withdrawn or ended one shows `closed`), with the market's fee rate and minimum fee " +
          "(a subscription holds price × shares, unleveraged, plus that fee) and the user's available " +
          "balance in the settlement currency. NOT_FOUND for an unknown id.",
        body: blockTradeOfferRequest,
        response: answers(blockTradeOfferDetail, { session: true }),
      },
    },
    async (request) => ok(await service.offer(sessionOf(request).userId, request.body.offerId)),
  );

  route(
    app,
    "blockTrade/subscribe",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Subscribe to an offer: the margin (price × shares, unleveraged) and the fee are held from " +
          "available at once and the subscription waits for review (`review`); approved, the position " +
          "opens at the offer's price, locked for its trading days; refused, everything held comes back " +
          "(`declined`, with the reason). A retry with the same idempotencyKey answers the first result " +
          "(IDEMPOTENCY_CONFLICT for another subscription under that key). " +
          SUBSCRIBE_REFUSALS,
        body: blockTradeSubscribeRequest,
        response: answers(blockTradeSubscription, { session: true }),
      },
    },
    async (request) => ok(await service.subscribe(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "blockTrade/mine",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's block-trade subscriptions, newest first, 20 a page, each with its state (review, " +
          "open, closing, closed or declined with the reason) and its offer's price and lock; pass " +
          "`nextCursor` back as `cursor` (null on the last page).",
        body: blockTradeMineRequest,
        response: answers(blockTradeSubscriptionPage, { session: true }),
      },
    },
    async (request) => ok(await service.mine(sessionOf(request).userId, request.body.cursor)),
  );
};
