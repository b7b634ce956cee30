import {
  adminIpoVerification,
  adminIpoVerifyRequest,
  adminIpoActionRequest,
  adminIpoFinalPriceRequest,
  adminIpoListRequest,
  adminIpoOffering,
  adminIpoPage,
  adminIpoSaveRequest,
  adminIpoSubscriptionPage,
  adminIpoSubscriptionsRequest,
  offeringCheckRequest,
  offeringCheckResponse,
  type AdminIpoSubscriptionPage,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { readOfList } from "../audit/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { IpoAdminService, offeringTarget } from "./admin-service.js";
import { verifyOffering } from "./draw.js";
import { lifecycleOf } from "./schedule.js";

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }], tags: ["admin: products"] };

/**
 * `/api/admin/ipos/*` (permission ipos.manage): the offerings, create or change one before it opens, an
 * offering's subscriptions, and its draw, listing and cancellation. Every change is audited with the staff
 * member's reason.
 */
export const ipoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  const deps = { db: app.db, clock: app.clock, market: app.market };
  const offerings = new IpoAdminService(deps);
  const lifecycle = lifecycleOf(app);
  const onRequest = app.requireStaff("ipos.manage");
  const action = (summary: string) => ({
    onRequest,
    schema: { ...schema, summary, body: adminIpoActionRequest, response: staffAnswers(adminIpoOffering) },
  });

  adminRoute(
    app,
    "ipos/offerings",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Every new-share offering, newest first, 20 a page, with its status now, who created it, its " +
          "subscriptions by state and the shares subscribed, and once drawn its seed and win rate.",
        body: adminIpoListRequest,
        response: staffAnswers(adminIpoPage),
      },
    },
    async (request) => ok(await offerings.offerings(request.body.cursor)),
  );

  adminRoute(
    app,
    "ipos/save",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Create (no id: a random seed is drawn and only its SHA-256 shown until the draw) or change an " +
          "offering before it opens: a stock of the catalogue by symbol (UNKNOWN_SYMBOL; INVALID_INPUT on " +
          "`symbol` for crypto or forex), the underwriting price at the currency's scale (INVALID_INPUT on " +
          "`price`), shares offered, minimum and maximum per subscription, the subscription limit, the lead " +
          "broker and the dates (opensAt < closesAt ≤ drawAt ≤ paymentDueAt ≤ listingAt; closesAt in the " +
          "future: INVALID_INPUT on `closesAt`). Audited (ipo.save) with the reason. NOT_FOUND for an unknown " +
          "id; ORDER_STATE_INVALID once it has opened or is no longer active.",
        body: adminIpoSaveRequest,
        response: staffAnswers(adminIpoOffering),
      },
    },
    async (request) => ok(await offerings.save(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "ipos/finalPrice",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Set the final price of an offering saved with a provisional one (`priceFinalAt`), before that " +
          "time; it may be set again until then. At `priceFinalAt` the scheduler makes it the price (the " +
          "provisional one when none was set), every application's block follows it and subscribers are " +
          "warned when it moved more than `offering.finalPriceWarnAbove`. NOT_FOUND for an unknown id; " +
          "ORDER_STATE_INVALID without a provisional price, once final or from `priceFinalAt` on, or when " +
          "not active; INVALID_INPUT on `price` off the currency's scale. Audited (ipo.finalPrice).",
        body: adminIpoFinalPriceRequest,
        response: staffAnswers(adminIpoOffering),
      },
    },
    async (request) => ok(await offerings.finalPrice(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "ipos/check",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "The warnings of a draft offering before it is saved (warnings, not refusals: the form asks the " +
          "staff member to confirm): `secondOffering` when the symbol has another offering not cancelled " +
          "(`id`, the one being edited, not counted), `discount` when the price is more than " +
          "`offering.discountWarnAbove` below the share's market price (`referencePrice`; null for a share " +
          "still in subscription). UNKNOWN_SYMBOL or INVALID_INPUT on `symbol` as the save. Audited (ipo.check).",
        body: offeringCheckRequest,
        response: staffAnswers(offeringCheckResponse),
      },
    },
    async (request) => ok(await offerings.check(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "ipos/subscriptions",
    {
      // Each subscription is a user's money: the page's users are recorded.
      onRequest: app.requireStaff("ipos.manage", {
        read: readOfList(
          "read.ipoSubscriptions",
          (body: { id: string }) => offeringTarget(body.id),
          (page: AdminIpoSubscriptionPage) => page.items.map((item) => item.userId),
        ),
      }),
      schema: {
        ...schema,
        summary:
          "An offering's subscriptions, newest first, 20 a page, each with the user's id and account. " +
          "NOT_FOUND for an unknown offering. A page that shows users is audited (read.ipoSubscriptions).",
        body: adminIpoSubscriptionsRequest,
        response: staffAnswers(adminIpoSubscriptionPage),
      },
    },
    async (request) => ok(await offerings.subscriptions(request.body.id, request.body.cursor)),
  );

  adminRoute(
    app,
    "ipos/draw",
    action(
      "Draw an offering whose subscription has closed (NOT_YET_OPEN before drawAt or before its beacon " +
        "round is produced; ORDER_STATE_INVALID when drawn, listed or cancelled): the applications' Merkle " +
        "root is published if it was not at the close, the announced round's randomness read, and the " +
        "offering's rule (lottery, equalThenProRata, proRata) allots whole lots; each subscription's key is " +
        "its rank, SHA-256(randomness:leaf). Winners await payment, the others are not won, what is not " +
        "allotted goes back from the block to available (`ipoRefund`), each user told. " +
        "Publishes the randomness and the win rate. Audited (ipo.draw).",
    ),
    async (request) => ok(await lifecycle.draw(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "ipos/verify",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Verify a drawn offering's draw from its published inputs alone: the Merkle root recomputed from the " +
          "applications against the published one, every allotment recomputed from root, the beacon round's " +
          "randomness, the rule, the shares offered and the lot size against those recorded, and whether the " +
          "root was published before the round was produced. NOT_FOUND for an unknown offering, NOT_YET_OPEN " +
          "before a beacon draw. Audited (ipo.verify).",
        body: adminIpoVerifyRequest,
        response: staffAnswers(adminIpoVerification),
      },
    },
    async (request) => ok(await verifyOffering(deps, staffOf(request), request.body.id)),
  );

  adminRoute(
    app,
    "ipos/listing",
    action(
      "List a drawn offering at or after listingAt (NOT_YET_OPEN before; ORDER_STATE_INVALID unless " +
        "drawn): unpaid allotments are waived (their block released); each paid one opens a position (order kind `ipo`: long, 1×, " +
        "at the underwriting price, the payment its margin, no fee, not locked), each user told. Audited " +
        "(ipo.listing).",
    ),
    async (request) => ok(await lifecycle.listing(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "ipos/cancel",
    action(
      "Cancel an offering not yet listed (ORDER_STATE_INVALID when listed or cancelled): every open " +
        "subscription fails, what it holds is released (fund flow `ipoRefund`), each user told. Audited " +
        "(ipo.cancel).",
    ),
    async (request) => ok(await lifecycle.cancel(staffOf(request), request.body)),
  );
};
