import {
  emptyRequest,
  reviewDecideRequest,
  reviewDecideResponse,
  reviewListRequest,
  reviewListResponse,
  reviewSummaryResponse,
  type ReviewItem,
  type ReviewListRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { readOfList } from "../audit/index.js";
import { MessageService } from "../messages/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { reviewRegistryPlugin } from "./plugin.js";
import { ReviewService } from "./service.js";

/** `/api/admin/reviews/*`: the one review queue of every kind (DESIGN §5 Reviews). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  await app.register(reviewRegistryPlugin);
  const service = new ReviewService({
    db: app.db,
    clock: app.clock,
    registry: app.reviewRegistry,
    messages: new MessageService({ db: app.db, clock: app.clock }),
    log: app.log,
  });
  const schema = { tags: ["admin: reviews"], headers: staffHeaders, security: [{ token: [], account: [] }] };

  adminRoute(
    app,
    "reviews/summary",
    {
      // Counts per kind: nobody's data.
      onRequest: app.requireStaff("reviews.read", { read: false }),
      schema: {
        ...schema,
        summary: "The kinds of review that have a handler, each with its number of pending requests",
        body: emptyRequest,
        response: staffAnswers(reviewSummaryResponse),
      },
    },
    async () => ok(await service.summary()),
  );

  adminRoute(
    app,
    "reviews/list",
    {
      // Each item carries its user's name, masked numbers and balances: the page's users are recorded.
      onRequest: app.requireStaff("reviews.read", {
        read: readOfList(
          "read.reviews",
          (body: ReviewListRequest) => `reviews:${body.kind}`,
          (page: { items: ReviewItem[] }) => page.items.map((item) => item.userId),
          (body) => ({ kind: body.kind, state: body.state ?? null }),
        ),
      }),
      schema: {
        ...schema,
        summary:
          "One kind's queue, newest first, 20 a page, optionally one state; each item carries what the " +
          "reviewer needs (`subject`, from the kind's handler). A kind without a handler: an empty page. " +
          "A page that shows users is audited (read.reviews, naming them).",
        body: reviewListRequest,
        response: staffAnswers(reviewListResponse),
      },
    },
    async (request) => ok(await service.list(request.body)),
  );

  adminRoute(
    app,
    "reviews/decide",
    {
      onRequest: app.requireStaff("reviews.decide"),
      schema: {
        ...schema,
        summary:
          "Approve or reject (a reason required) a pending review, with its effect, the user's message and " +
          "an audit row in one transaction. A four-eyes review stays pending after its first approval; the " +
          "same reviewer approving again: SAME_APPROVER. Already decided (or decided concurrently): " +
          "ORDER_STATE_INVALID. Unknown id: NOT_FOUND.",
        body: reviewDecideRequest,
        response: staffAnswers(reviewDecideResponse),
      },
    },
    async (request) => ok(await service.decide(staffOf(request), request.body)),
  );
};
