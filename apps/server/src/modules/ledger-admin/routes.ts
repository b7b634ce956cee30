import {
  adjustBalanceRequest,
  adjustBalanceResponse,
  userLedgerRequest,
  userLedgerResponse,
  type UserLedgerRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { readOfUser, userInBody } from "../audit/index.js";
import { MessageService } from "../messages/index.js";
import { reviewRegistryPlugin } from "../reviews/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { adjustmentReviewHandler } from "./review.js";
import { LedgerAdminService } from "./service.js";

/**
 * `/api/admin/users/ledger` and `/api/admin/users/adjust`: a user's ledger in the back office, and
 * adjustments (the review handler of kind `adjustment` decides the four-eyes ones through the queue).
 */
export const ledgerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  await app.register(reviewRegistryPlugin);
  app.reviewRegistry.register(adjustmentReviewHandler({ clock: app.clock }));
  const service = new LedgerAdminService({
    db: app.db,
    clock: app.clock,
    messages: new MessageService({ db: app.db, clock: app.clock }),
  });
  const schema = { tags: ["admin: users"], headers: staffHeaders, security: [{ token: [], account: [] }] };

  adminRoute(
    app,
    "users/ledger",
    {
      onRequest: app.requireStaff("ledger.read", {
        read: readOfUser("read.ledger", userInBody, {
          details: (body: UserLedgerRequest) => ({ currency: body.currency ?? null }),
        }),
      }),
      schema: {
        ...schema,
        summary:
          "A user's wallets (every currency, at its scale), latest adjustments and postings newest first, " +
          "20 a page, optionally one currency: entry type, account, amount, running balance, reason, who " +
          "caused it and reference. Also the adjustment.fourEyesAbove thresholds. Unknown user: NOT_FOUND. " +
          "Each read is audited (read.ledger).",
        body: userLedgerRequest,
        response: staffAnswers(userLedgerResponse),
      },
    },
    async (request) => ok(await service.ledger(request.body)),
  );

  adminRoute(
    app,
    "users/adjust",
    {
      onRequest: app.requireStaff("ledger.adjust"),
      schema: {
        ...schema,
        summary:
          "Adjust a balance by a signed amount with a reason the user reads, only as a journal entry of " +
          "type adjustment. While the user's adjustments in the currency over the last 24 hours, and the " +
          "requesting staff member's, stay at or below adjustment.fourEyesAbove with this one (absolute " +
          "amounts, refused ones left out) it is booked at once and messaged (balanceAdjusted); the one " +
          "that takes either sum above it (and any in a currency without a threshold) waits as a review " +
          "of kind adjustment for another administrator. Audited; idempotent per key. Below " +
          "zero: INSUFFICIENT_BALANCE; more decimals than the currency has, or zero: INVALID_INPUT; unknown " +
          "user: NOT_FOUND.",
        body: adjustBalanceRequest,
        response: staffAnswers(adjustBalanceResponse),
      },
    },
    async (request) => ok(await service.adjust(staffOf(request), request.body)),
  );
};
