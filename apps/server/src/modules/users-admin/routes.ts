import {
  endUserSessionsRequest,
  endUserSessionsResponse,
  setCreditScoreRequest,
  setCreditScoreResponse,
  setUserFlagsRequest,
  setUserFlagsResponse,
  userDetail,
  userIdRequest,
  userRevealRequest,
  userRevealResponse,
  userSearchRequest,
  userSearchResponse,
  type UserSearchRequest,
  type UserSummary,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { readOfList, readOfUser, userInBody } from "../audit/index.js";
import { MessageService } from "../messages/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { reveal, revealRead } from "./reveal.js";
import { UsersAdminService } from "./service.js";

/** `/api/admin/users/*`: find a user, see everything about them, and the staff actions on them. */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  const service = new UsersAdminService({
    db: app.db,
    clock: app.clock,
    sessions: app.sessions,
    messages: new MessageService({ db: app.db, clock: app.clock }),
  });
  const schema = { tags: ["admin: users"], headers: staffHeaders, security: [{ token: [], account: [] }] };

  adminRoute(
    app,
    "users/search",
    {
      onRequest: app.requireStaff("users.read", {
        read: readOfList(
          "read.userSearch",
          () => "users:search",
          (page: { items: UserSummary[] }) => page.items.map((item) => item.id),
          (body: UserSearchRequest) => ({ q: body.q }),
        ),
      }),
      schema: {
        ...schema,
        summary:
          "Users whose account, real name or invitation code contains `q` (any case; empty: everyone), " +
          "newest first, 20 a page. A page that shows users is audited (read.userSearch, with `q`).",
        body: userSearchRequest,
        response: staffAnswers(userSearchResponse),
      },
    },
    async (request) => ok(await service.search(request.body)),
  );

  adminRoute(
    app,
    "users/detail",
    {
      onRequest: app.requireStaff("users.read", { read: readOfUser("read.userDetail", userInBody) }),
      schema: {
        ...schema,
        summary:
          "Everything about one user: profile, flags, credit score, KYC (ID number masked), cards " +
          "(masked), wallets, live sessions, audit trail (staff reads left out) and recent messages. " +
          "Each read is audited (read.userDetail). Unknown id: NOT_FOUND.",
        body: userIdRequest,
        response: staffAnswers(userDetail),
      },
    },
    async (request) => ok(await service.detail(request.body.userId)),
  );

  adminRoute(
    app,
    "users/reveal",
    {
      onRequest: app.requireStaff("users.reveal", { read: revealRead }),
      schema: {
        ...schema,
        summary:
          "A KYC ID number (the latest submission, or `submissionId`) or a card number (`cardId`) in " +
          "full, the only place the back office shows one unmasked. A reason is required; every reveal " +
          "is audited (user.reveal, with the reason and the record). Not the user's record: NOT_FOUND.",
        body: userRevealRequest,
        response: staffAnswers(userRevealResponse),
      },
    },
    async (request) => ok(await reveal(app.db, request.body)),
  );

  adminRoute(
    app,
    "users/setFlags",
    {
      onRequest: app.requireStaff("users.flags"),
      schema: {
        ...schema,
        summary:
          "Set or lift account flags (spec §6) with a reason; audited and messaged to the user. Setting " +
          "frozen, loginBanned or disabled ends the user's sessions and quote sockets at once.",
        body: setUserFlagsRequest,
        response: staffAnswers(setUserFlagsResponse),
      },
    },
    async (request) => ok(await service.setFlags(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "users/setCreditScore",
    {
      onRequest: app.requireStaff("users.creditScore"),
      schema: {
        ...schema,
        summary: "Set the credit score (0–100) with a reason; audited and messaged to the user",
        body: setCreditScoreRequest,
        response: staffAnswers(setCreditScoreResponse),
      },
    },
    async (request) => ok(await service.setCreditScore(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "users/endSessions",
    {
      onRequest: app.requireStaff("users.sessions"),
      schema: {
        ...schema,
        summary:
          "Log the user out everywhere (every session revoked, sockets closed) with a reason; audited and " +
          "messaged to the user. Answers how many live sessions ended.",
        body: endUserSessionsRequest,
        response: staffAnswers(endUserSessionsResponse),
      },
    },
    async (request) => ok(await service.endSessions(staffOf(request), request.body)),
  );
};
