import {
  checkInRequest,
  checkInResult,
  checkinRedeemRequest,
  checkinRedemption,
  checkinStatus,
  checkinStatusRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { CheckinService } from "./service.js";

/** `checkin/status`, `checkin/checkIn`, `checkin/redeem` (DESIGN §4.1 Check-in; docs/checkin.md). */
export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CheckinService({ db: app.db, clock: app.clock });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["checkin"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "checkin/status",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's streak (consecutive days checked in, 0 once a day was missed), whether today is checked " +
          "in, the count of check-ins not yet spent on rewards, and the configured rewards (`checkin.rewards`) " +
          "with whether the count reaches each. Days are calendar days in `timeZone` (the phone's; default " +
          "Asia/Kolkata).",
        body: checkinStatusRequest,
        response: answers(checkinStatus, { session: true }),
      },
    },
    async (request) => ok(await service.status(sessionOf(request).userId, request.body.timeZone)),
  );

  route(
    app,
    "checkin/checkIn",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Checks in for today (a calendar day in `timeZone`): the streak and count go up by one and the " +
          "configured amount per check-in is booked as fund flow `signIn` from the platform's promotions " +
          "account. Refusals: ACCOUNT_DISABLED, ACCOUNT_FROZEN, ALREADY_CHECKED_IN (a check-in since the " +
          "zone's last midnight). A retry with the same idempotencyKey answers the first result.",
        body: checkInRequest,
        response: answers(checkInResult, { session: true }),
      },
    },
    async (request) => ok(await service.checkIn(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "checkin/redeem",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Redeems a configured reward: spends its number of check-ins from the count and books its amount " +
          "as fund flow `signIn`. Refusals: ACCOUNT_DISABLED, ACCOUNT_FROZEN, CHECKIN_REWARD_UNAVAILABLE (not " +
          "in the configuration now), INSUFFICIENT_CHECKIN_COUNT. A retry with the same idempotencyKey " +
          "answers the first result.",
        body: checkinRedeemRequest,
        response: answers(checkinRedemption, { session: true }),
      },
    },
    async (request) => ok(await service.redeem(sessionOf(request).userId, request.body)),
  );
};
