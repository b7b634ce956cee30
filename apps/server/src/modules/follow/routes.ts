import {
  followBuyRequest,
  followHolding,
  followHoldingPage,
  followMineRequest,
  followNavRequest,
  followNavResponse,
  followPreview,
  followPreviewRequest,
  followProductDetail,
  followProductPage,
  followProductRequest,
  followProductsRequest,
  followRedeemRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { FollowService } from "./service.js";

const BUY_REFUSALS =
  "Refusals, in this order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, TRADE_BANNED, PRODUCT_UNAVAILABLE (unknown, " +
  "ending, ended or closed), NOT_YET_OPEN, FOLLOW_TIME_EXCEEDED (the follow time limit `closesAt` passed), " +
  "CHANNEL_PASSWORD_WRONG (a private product, the password missing or wrong), INVALID_INPUT {field: amount} " +
  "(more decimals than the currency), BELOW_MIN_BUY {min}, AMOUNT_ABOVE_MAX {max}, INSUFFICIENT_AVAILABLE " +
  "{available}; FOLLOW_STOP_LOSS_INVALID for a copy stop-loss outside 5–95 %.";

/**
 * `follow/*` (DESIGN §4.1 "Copy trading"): the products with their measured figures, one product's record,
 * the NAV marks of a period, the buy sheet's preview, the buy, the user's holdings and the redemption.
 */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new FollowService({ db: app.db, clock: app.clock, market: app.market });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["follow"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "follow/products",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Copy products, newest first, 20 a page, each with measured figures only: the latest NAV and " +
          "when it was marked, the fund size, the followers, the change of the last day, the change since " +
          "the first mark, the maximum drawdown, the risk score (null before 5 daily returns) and the fees.",
        body: followProductsRequest,
        response: answers(followProductPage, { session: true }),
      },
    },
    async (request) => ok(await service.products(request.body.cursor)),
  );

  route(
    app,
    "follow/product",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "One product's record: its strategy, the daily NAV series, the drawdown per period, the risk " +
          "score with what it was computed from and the formula's edges, the copiers' own results (the " +
          "share who lost money and the median result over the last month, year and all time), what the " +
          "leader and the platform are paid, and the portfolio's cash and positions now. " +
          "PRODUCT_UNAVAILABLE for an unknown id.",
        body: followProductRequest,
        response: answers(followProductDetail, { session: true }),
      },
    },
    async (request) => ok(await service.product(request.body.id)),
  );

  route(
    app,
    "follow/nav",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The NAV marks of one period (1D, 1W, 1M, 1Y, all), at most 500 points. PRODUCT_UNAVAILABLE for an unknown id.",
        body: followNavRequest,
        response: answers(followNavResponse, { session: true }),
      },
    },
    async (request) => ok(await service.nav(request.body.id, request.body.period)),
  );

  route(
    app,
    "follow/preview",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "What the buy sheet shows before acting: no charge on buying, the latest NAV (units are bought at " +
          "the next), the stop value of the copy stop-loss, a year's management fee on the amount, the fees, " +
          "the risk, the copiers' results of the last year, the available balance and the refusal a buy " +
          "would answer now (null: none; the channel password is checked on buying).",
        body: followPreviewRequest,
        response: answers(followPreview, { session: true }),
      },
    },
    async (request) => ok(await service.preview(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "follow/buy",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Buy units: the amount is held from available at once (entry copyBuy) and buys units at the next " +
          "NAV mark (`pending` until then). A retry with the same idempotencyKey answers the first result " +
          "(IDEMPOTENCY_CONFLICT for another buy under that key). " +
          BUY_REFUSALS,
        body: followBuyRequest,
        response: answers(followHolding, { session: true }),
      },
    },
    async (request) => ok(await service.buy(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "follow/mine",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's copy orders, newest first, 20 a page: units, value at the latest NAV, P&L net of every " +
          "fee and charge, since when, and for ended ones the payout, its NAV and why (the staff's reason " +
          "for a close).",
        body: followMineRequest,
        response: answers(followHoldingPage, { session: true }),
      },
    },
    async (request) => ok(await service.mine(sessionOf(request).userId, request.body.cursor)),
  );

  route(
    app,
    "follow/redeem",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Redeem a copy order: a pending one is refunded whole at once; an active one is paid at the next " +
          "NAV mark (`redeeming`). NOT_FOUND (unknown or another user's), FOLLOW_REDEEM_NOT_ALLOWED (the " +
          "product pays out only at its end time), ORDER_STATE_INVALID (already redeeming or ended).",
        body: followRedeemRequest,
        response: answers(followHolding, { session: true }),
      },
    },
    async (request) => ok(await service.redeem(sessionOf(request).userId, request.body)),
  );
};
