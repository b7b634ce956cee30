import {
  ipoDrawRecord,
  ipoDrawRecordRequest,
  ipoExpected,
  ipoExpectedRequest,
  ipoProof,
  ipoProofRequest,
  ipoMineRequest,
  ipoOfferingDetail,
  ipoOfferingPage,
  ipoOfferingRequest,
  ipoOfferingsRequest,
  ipoSubscribeRequest,
  ipoSubscription,
  ipoSubscriptionActionRequest,
  ipoSubscriptionPage,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { expectedOf, proofOf, publishedDraw } from "./draw.js";
import { IpoService } from "./service.js";

const SUBSCRIBE_REFUSALS =
  "Refusals, in this order: ACCOUNT_FROZEN, TRADE_BANNED, KYC_REQUIRED, NOT_FOUND {field: offeringId}, " +
  "NOT_YET_OPEN (before opensAt), SUBSCRIPTION_CHANNEL_CLOSED (past closesAt, drawn, listed or cancelled), " +
  "QUANTITY_NOT_WHOLE_LOTS, IPO_BELOW_MIN {minShares}, IPO_ABOVE_MAX {maxShares}, IPO_LIMIT_REACHED " +
  "{limit}, INSUFFICIENT_AVAILABLE {available} (price × quantity in the offering's currency); refused, " +
  "nothing is written or held.";

/**
 * `ipo/*` (DESIGN §5 "Primary market"; packages/api ipo.ts): the offerings, one offering, the
 * subscription, the user's subscriptions, and a winner's payment or waiver.
 */
export const ipoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new IpoService({ db: app.db, clock: app.clock, market: app.market });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["ipo"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "ipo/offerings",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "New-share offerings not cancelled, newest first, 20 a page: the underwriting price against the " +
          "current (grey-market) price with the difference and the pre-listing gain rate, shares offered and " +
          "subscribed, minimum and maximum per subscription, the minimum investment, how many times a user " +
          "may subscribe, the lead broker, the dates, the status now, the win rate once drawn, the seed's " +
          "SHA-256 and, once drawn, the seed.",
        body: ipoOfferingsRequest,
        response: answers(ipoOfferingPage, { session: true }),
      },
    },
    async (request) => ok(await service.offerings(request.body.cursor)),
  );

  route(
    app,
    "ipo/offering",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "One offering (a cancelled one too) with the user's available balance in its currency and how " +
          "many times they subscribed to it. NOT_FOUND {field: offeringId} for an unknown id.",
        body: ipoOfferingRequest,
        response: answers(ipoOfferingDetail, { session: true }),
      },
    },
    async (request) => ok(await service.offering(sessionOf(request).userId, request.body.offeringId)),
  );

  route(
    app,
    "ipo/subscribe",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Subscribe to an open offering (`applied`, awaiting the draw). Price × quantity is blocked at once " +
          "(fund flow `ipoPayment`, available → held, as India's ASBA): the draw releases what is not " +
          "allotted (`ipoRefund`), a winner pays out of the block (`ipo/pay`), a waiver, lapse or " +
          "cancellation releases it. A retry with the same idempotencyKey answers the first result and " +
          "blocks once (IDEMPOTENCY_CONFLICT for another request under that key). " +
          SUBSCRIBE_REFUSALS,
        body: ipoSubscribeRequest,
        response: answers(ipoSubscription, { session: true }),
      },
    },
    async (request) => ok(await service.subscribe(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "ipo/mine",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's subscriptions (to one offering when `offeringId` is given), newest first, 20 a page, " +
          "each with its state, allotment, amount, draw key once drawn, dates and the position opened at " +
          "listing; pass `nextCursor` back as `cursor` (null on the last page).",
        body: ipoMineRequest,
        response: answers(ipoSubscriptionPage, { session: true }),
      },
    },
    async (request) => ok(await service.mine(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "ipo/pay",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Pay for a won allotment before the payment due time, out of what the subscription blocked: " +
          "price × allotted stays held until the listing opens the position; answers the subscription " +
          "(`paid`). Refusals, in order: ACCOUNT_FROZEN, NOT_FOUND {field: subscriptionId} (also another " +
          "user's), ORDER_STATE_INVALID (not awaiting payment), SUBSCRIPTION_CHANNEL_CLOSED (past the due " +
          "time). A retry with the same idempotencyKey answers the first result.",
        body: ipoSubscriptionActionRequest,
        response: answers(ipoSubscription, { session: true }),
      },
    },
    async (request) => ok(await service.pay(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "ipo/waive",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Give up a won allotment (`waived`): what the subscription holds goes back to available (fund " +
          "flow `ipoRefund`). NOT_FOUND {field: subscriptionId} (also " +
          "another user's), ORDER_STATE_INVALID unless it awaits payment. A retry with the same " +
          "idempotencyKey answers the first result.",
        body: ipoSubscriptionActionRequest,
        response: answers(ipoSubscription, { session: true }),
      },
    },
    async (request) => ok(await service.waive(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "ipo/proof",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The inclusion proof of one of the user's applications in the offering's published Merkle root " +
          "(published at the close): the application as the tree has it (id, applicant reference, quantity, " +
          "time), its canonical text, its leaf SHA-256(0x00 ‖ text), the path of sibling hashes and the root " +
          "(docs/primary-market.md). NOT_FOUND {field: subscriptionId} (also another user's), NOT_YET_OPEN " +
          "before the close.",
        body: ipoProofRequest,
        response: answers(ipoProof, { session: true }),
      },
    },
    async (request) =>
      ok(
        await proofOf(
          { db: app.db, clock: app.clock },
          sessionOf(request).userId,
          request.body.subscriptionId,
        ),
      ),
  );

  route(
    app,
    "ipo/drawRecord",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "A drawn offering's published inputs and allotments, enough to recompute the draw: the rule, shares " +
          "offered, lot size, the beacon round and its randomness, the applications' root and every " +
          "application (id, applicant reference, quantity, time) with its allotment. NOT_FOUND {field: " +
          "offeringId}; NOT_YET_OPEN before the draw.",
        body: ipoDrawRecordRequest,
        response: answers(ipoDrawRecord, { session: true }),
      },
    },
    async (request) => ok(await publishedDraw(app.db, request.body.offeringId)),
  );

  route(
    app,
    "ipo/expected",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "What an application of `quantity` shares may expect under the offering's rule if the book stayed as " +
          "it is now: the expected shares and the chance of at least one lot. An estimate shown before " +
          "applying; the draw decides. NOT_FOUND {field: offeringId}.",
        body: ipoExpectedRequest,
        response: answers(ipoExpected, { session: true }),
      },
    },
    async (request) => ok(await expectedOf(app.db, sessionOf(request).userId, request.body)),
  );
};
