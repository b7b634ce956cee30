import {
  adminFollowCancelOrderRequest,
  adminFollowCloseRequest,
  adminFollowClosePositionRequest,
  adminFollowDetail,
  adminFollowDetailRequest,
  adminFollowListRequest,
  adminFollowPage,
  adminFollowProduct,
  adminFollowSaveRequest,
  adminFollowTradeRequest,
  tradeOrder,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { FollowAdminService } from "./admin-service.js";
import type { FollowMarks, PortfolioTrading } from "./marks.js";
import { FollowService } from "./service.js";

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }], tags: ["admin: products"] };

/**
 * `/api/admin/follow/*` (permission follow.manage): copy products, their portfolios and followers. Every
 * call is audited (reads as staff reads, changes with the reason). No call sets a NAV, a unit count or a
 * result: trading goes through the normal order path, and the NAV marks follow from the ledger.
 */
export const followAdminRoutes: FastifyPluginAsyncZod<{
  trading: PortfolioTrading;
  marks: FollowMarks;
}> = async (app, options) => {
  await app.register(staffAuthPlugin);
  const deps = { db: app.db, clock: app.clock, market: app.market };
  const service = new FollowAdminService({
    ...deps,
    trading: options.trading,
    marks: options.marks,
    users: new FollowService(deps),
  });
  const onRequest = app.requireStaff("follow.manage");

  adminRoute(
    app,
    "follow/list",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Every copy product, newest first, 20 a page, with its terms, state, measured figures, portfolio " +
          "value, cash, fees accrued and the amount waiting for units. Audited (read.followProducts).",
        body: adminFollowListRequest,
        response: staffAnswers(adminFollowPage),
      },
    },
    async (request) => ok(await service.list(staffOf(request), request.body.cursor)),
  );

  adminRoute(
    app,
    "follow/detail",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "One product: its portfolio's positions and orders, every follower's holding, the fees, the risk, " +
          "the copiers' results and the daily NAV. Audited (read.followProduct). NOT_FOUND for an unknown id.",
        body: adminFollowDetailRequest,
        response: staffAnswers(adminFollowDetail),
      },
    },
    async (request) => ok(await service.detail(staffOf(request), request.body.productId)),
  );

  adminRoute(
    app,
    "follow/save",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Create (no id) a product with its own portfolio account, or change one: name, strategy, leader " +
          "(a user's account: ACCOUNT_NOT_FOUND), currency, minimum and maximum buy, window, end time, private " +
          "with a channel password (kept as a hash), early redemption, and the fees disclosed. Once created, " +
          "currency, leader, fees and end time are fixed (FOLLOW_TERMS_FIXED); PRODUCT_UNAVAILABLE once it " +
          "is ending, ended or closed. Audited (follow.save) with the reason.",
        body: adminFollowSaveRequest,
        response: staffAnswers(adminFollowProduct),
      },
    },
    async (request) => ok(await service.save(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "follow/trade",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "An order of the product's portfolio through the normal order path (`trade/placeOrder`: the same " +
          "checks, charges and refusals). PRODUCT_UNAVAILABLE once it is ending, ended or closed. Audited " +
          "(follow.trade) with the reason.",
        body: adminFollowTradeRequest,
        response: staffAnswers(tradeOrder),
      },
    },
    async (request) => ok(await service.trade(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "follow/closePosition",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Close one of the portfolio's positions (`trade/closePosition`). NOT_FOUND for another account's " +
          "position. Audited (follow.closePosition) with the reason.",
        body: adminFollowClosePositionRequest,
        response: staffAnswers(tradeOrder),
      },
    },
    async (request) => ok(await service.closePosition(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "follow/cancelOrder",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Cancel a waiting order of the portfolio (`trade/cancelOrder`). Audited (follow.cancelOrder).",
        body: adminFollowCancelOrderRequest,
        response: staffAnswers(tradeOrder),
      },
    },
    async (request) => ok(await service.cancelOrder(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "follow/close",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Close a product: no more buys; its positions close through the normal close path and, at the " +
          "first mark with none open, every holding is paid out at the NAV with the reason in each " +
          "follower's message. PRODUCT_UNAVAILABLE once ending, ended or closed. Audited (follow.close).",
        body: adminFollowCloseRequest,
        response: staffAnswers(adminFollowProduct),
      },
    },
    async (request) => ok(await service.close(staffOf(request), request.body)),
  );
};
