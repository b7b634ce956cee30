import {
  adminBlockTradeListRequest,
  adminBlockTradeOffer,
  adminBlockTradePage,
  adminBlockTradeSaveRequest,
  adminBlockTradeWithdrawRequest,
  offeringCheckRequest,
  offeringCheckResponse,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { BlockTradeAdminService } from "./admin-service.js";

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }], tags: ["admin: products"] };

/**
 * `/api/admin/blockTrades/*` (permission blockTrades.manage): the offers, create or change one before it
 * opens, withdraw one. Every change is audited with the staff member's reason. (Subscriptions are decided
 * in the review queue, kind `blockTrade`.)
 */
export const blockTradeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  const offers = new BlockTradeAdminService({ db: app.db, clock: app.clock, market: app.market });
  const onRequest = app.requireStaff("blockTrades.manage");

  adminRoute(
    app,
    "blockTrades/list",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Every block-trade offer, newest first, 20 a page, with its state, its status now (upcoming, " +
          "open, closed, withdrawn), who created it, and its subscriptions (waiting for review; shares approved).",
        body: adminBlockTradeListRequest,
        response: staffAnswers(adminBlockTradePage),
      },
    },
    async (request) => ok(await offers.list(request.body.cursor)),
  );

  adminRoute(
    app,
    "blockTrades/check",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "The warnings of a draft offer before it is saved (warnings, not refusals: the form asks the " +
          "staff member to confirm): `secondOffering` when the symbol has another offer open or yet to open " +
          "(`id`, the one being edited, not counted), `discount` when the price is more than " +
          "`offering.discountWarnAbove` below the market price (`referencePrice`). UNKNOWN_SYMBOL or " +
          "NOT_YET_OPEN as the save. Audited (blockTrade.check).",
        body: offeringCheckRequest,
        response: staffAnswers(offeringCheckResponse),
      },
    },
    async (request) => ok(await offers.check(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "blockTrades/save",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Create (no id) or change a block-trade offer before it opens: the instrument's symbol " +
          "(UNKNOWN_SYMBOL), the price on the instrument's price grid (INVALID_INPUT on `price`), minimum " +
          "and maximum (null: none) shares per subscription, the window (ending in the future: INVALID_INPUT " +
          "on `closesAt`), the lock in trading days, the secret key (absent: keep; null: none; kept as its " +
          "SHA-256) and the reason kept in the audit log (blockTrade.save). NOT_FOUND for an unknown id; " +
          "ORDER_STATE_INVALID once the offer has opened or was withdrawn.",
        body: adminBlockTradeSaveRequest,
        response: staffAnswers(adminBlockTradeOffer),
      },
    },
    async (request) => ok(await offers.save(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "blockTrades/withdraw",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Withdraw an offer: it takes no new subscriptions; those waiting for review stay in the queue. " +
          "Audited (blockTrade.withdraw) with the reason. NOT_FOUND for an unknown id; ORDER_STATE_INVALID " +
          "when withdrawn already.",
        body: adminBlockTradeWithdrawRequest,
        response: staffAnswers(adminBlockTradeOffer),
      },
    },
    async (request) => ok(await offers.withdraw(staffOf(request), request.body)),
  );
};
