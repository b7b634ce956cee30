import {
  adminPlacementListRequest,
  adminPlacementOffer,
  adminPlacementPage,
  adminPlacementSaveRequest,
  adminPlacementWithdrawRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { PlacementAdminService } from "./admin-service.js";

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }], tags: ["admin: products"] };

/**
 * `/api/admin/placements/*` (permission placements.manage): the placement and capital-increase offers,
 * create or change one before it opens, withdraw one. Every call is audited (the list as a read, each
 * change with the staff member's reason). Subscriptions are decided in the review queue, kind `placement`.
 */
export const placementAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  const offers = new PlacementAdminService({ db: app.db, clock: app.clock, market: app.market });
  const onRequest = app.requireStaff("placements.manage");

  adminRoute(
    app,
    "placements/list",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Every placement and capital-increase offer, newest first, 20 a page, with its kind, state, status " +
          "now (upcoming, open, closed, withdrawn), who created it and its subscriptions (waiting for " +
          "review; shares approved). Audited (read.placementOffers).",
        body: adminPlacementListRequest,
        response: staffAnswers(adminPlacementPage),
      },
    },
    async (request) => ok(await offers.list(staffOf(request), request.body.cursor)),
  );

  adminRoute(
    app,
    "placements/save",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Create (no id) or change an offer before it opens: its kind (placement or capitalIncrease), the " +
          "instrument's symbol (UNKNOWN_SYMBOL), the fixed price on the instrument's price grid " +
          "(INVALID_INPUT on `price`), the minimum and maximum (null: none) amount per subscription in the " +
          "instrument's currency (INVALID_INPUT on `maxAmount` below the minimum or below one share), the " +
          "window (ending in the future: INVALID_INPUT on `closesAt`), who may apply (absent: holders for a " +
          "capital increase, every verified user for a placement), the lock in trading days and the reason " +
          "kept in the audit log (placement.save). NOT_FOUND for an unknown id; ORDER_STATE_INVALID once " +
          "the offer has opened or was withdrawn.",
        body: adminPlacementSaveRequest,
        response: staffAnswers(adminPlacementOffer),
      },
    },
    async (request) => ok(await offers.save(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "placements/withdraw",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Withdraw an offer: it takes no new subscriptions; those waiting for review stay in the queue. " +
          "Audited (placement.withdraw) with the reason. NOT_FOUND for an unknown id; ORDER_STATE_INVALID " +
          "when withdrawn already.",
        body: adminPlacementWithdrawRequest,
        response: staffAnswers(adminPlacementOffer),
      },
    },
    async (request) => ok(await offers.withdraw(staffOf(request), request.body)),
  );
};
