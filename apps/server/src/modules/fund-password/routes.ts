import {
  changeFundPasswordRequest,
  emptyRequest,
  fundPasswordStatusResponse,
  setFundPasswordRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { FundPasswordService } from "./service.js";

/** `user/setFundPassword`, `user/changeFundPassword`, `user/fundPasswordStatus`: every call needs a session. */
export const fundPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const fundPasswords = new FundPasswordService({
    db: app.db,
    clock: app.clock,
    rateLimiter: app.rateLimiter,
  });
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["user"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "user/setFundPassword",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Set the fund password, once; it must differ from the login password. Afterwards it is changed " +
          "with user/changeFundPassword.",
        body: setFundPasswordRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await fundPasswords.set(sessionOf(request).userId, request.body);
      return ok(null);
    },
  );

  route(
    app,
    "user/changeFundPassword",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Change the fund password with the old one. A wrong old one counts like a wrong fund password " +
          "anywhere: 5 in a row lock fund operations for 30 minutes (FUND_PASSWORD_LOCKED with `until`).",
        body: changeFundPasswordRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await fundPasswords.change(sessionOf(request).userId, request.body);
      return ok(null);
    },
  );

  route(
    app,
    "user/fundPasswordStatus",
    {
      ...withSession,
      schema: {
        ...schema,
        summary: "Whether the fund password is set, and until when fund operations are locked (null: not)",
        body: emptyRequest,
        response: answers(fundPasswordStatusResponse, { session: true }),
      },
    },
    async (request) => ok(await fundPasswords.status(sessionOf(request).userId)),
  );
};
