import {
  changeLoginPasswordRequest,
  emptyRequest,
  loginRequest,
  registerRequest,
  sessionResponse,
  userInfo,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import type { Sleep } from "../../lib/login-throttle.js";
import { clientOf, sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { UserService, type AuthLimits } from "./service.js";

export const userRoutes: FastifyPluginAsyncZod<{ limits: AuthLimits; sleep?: Sleep | undefined }> = async (
  app,
  { limits, sleep },
) => {
  const users = new UserService({
    db: app.db,
    clock: app.clock,
    sessions: app.sessions,
    rateLimiter: app.rateLimiter,
    limits,
    sleep,
  });
  const tags = ["user"];
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const sessionSchema = { tags, headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "user/register",
    {
      schema: {
        tags,
        summary: "Create an account with an invitation code; answers a session like user/login",
        body: registerRequest,
        response: answers(sessionResponse),
      },
    },
    async (request) => ok(await users.register(request.body, clientOf(request))),
  );

  route(
    app,
    "user/login",
    {
      schema: {
        tags,
        summary:
          "Log in. Failures are limited per account and address pair and per address; failures on an " +
          "account from anywhere slow its log-ins down but never refuse the right password. " +
          "`failedLogins` tells the owner of failures since the last log-in. With two-step log-in on, " +
          "the right password without `otp` answers OTP_REQUIRED; a wrong or used code (or recovery " +
          "code) OTP_INVALID, counted as a failed attempt. 5 wrong codes on an account within 15 minutes, " +
          "from any addresses, lock its code step for 15 minutes (TOTP_LOCKED with `until`, the owner told " +
          "in the inbox); recovery codes stay open, limited apart (RECOVERY_CODES_LOCKED).",
        body: loginRequest,
        response: answers(sessionResponse),
      },
    },
    async (request) => ok(await users.login(request.body, clientOf(request))),
  );

  route(
    app,
    "user/logout",
    {
      ...withSession,
      schema: {
        ...sessionSchema,
        summary: "End the current session",
        body: emptyRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await users.logout(sessionOf(request));
      return ok(null);
    },
  );

  route(
    app,
    "user/getUserinfo",
    {
      ...withSession,
      schema: {
        ...sessionSchema,
        summary: "The logged-in user's profile, verification state and account flags",
        body: emptyRequest,
        response: answers(userInfo, { session: true }),
      },
    },
    async (request) => ok(await users.getUserinfo(sessionOf(request))),
  );

  route(
    app,
    "user/changeLoginPassword",
    {
      ...withSession,
      schema: {
        ...sessionSchema,
        summary: "Change the login password; ends every session of the user, this one included",
        body: changeLoginPasswordRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await users.changeLoginPassword(sessionOf(request), request.body);
      return ok(null);
    },
  );
};
