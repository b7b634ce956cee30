import { emptyRequest, seatApplication, seatStatus } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { seatReviewHandler } from "./review.js";
import { SeatService } from "./service.js";

/**
 * `seat/status`, `seat/apply`, and the review kind `seat` (decided under /api/admin/reviews; the handler
 * is registered here, with the feature).
 */
export const seatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.reviewRegistry.register(seatReviewHandler({ clock: app.clock }));
  const service = new SeatService({ db: app.db, clock: app.clock });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["seat"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "seat/status",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's seat account: state none, review, approved or rejected (with the reviewer's reason), " +
          "the latest application, what a seat grants (`seat.terms`, each line in every language code) and " +
          "whether an application may be made now.",
        body: emptyRequest,
        response: answers(seatStatus, { session: true }),
      },
    },
    async (request) => ok(await service.status(sessionOf(request).userId)),
  );

  route(
    app,
    "seat/apply",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Applies for a seat account (review kind `seat`). Refusals, in order: ACCOUNT_DISABLED, " +
          "ACCOUNT_FROZEN, SEAT_NOT_OFFERED (the terms name no grant), KYC_REQUIRED (when the terms ask for " +
          "it), SEAT_PENDING (one waits for review), SEAT_ALREADY_HELD.",
        body: emptyRequest,
        response: answers(seatApplication, { session: true }),
      },
    },
    async (request) => ok(await service.apply(sessionOf(request).userId)),
  );
};
