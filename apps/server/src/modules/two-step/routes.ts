import {
  disableTotpRequest,
  emptyRequest,
  otpRequest,
  totpConfirmation,
  totpEnrolment,
  twoStepStatus,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { TwoStepService, type TwoStepRules } from "./service.js";

/**
 * `user/enrollTotp`, `user/confirmTotp`, `user/disableTotp`, `user/twoStepStatus`: the user's own
 * two-step log-in (TOTP). Every call needs a session; `user/login` asks for the code once it is on.
 */
export const twoStepRoutes: FastifyPluginAsyncZod<{ rules?: Partial<TwoStepRules> | undefined }> = async (
  app,
  options,
) => {
  const twoStep = new TwoStepService({
    db: app.db,
    clock: app.clock,
    rateLimiter: app.rateLimiter,
    rules: options.rules,
  });
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["user"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "user/twoStepStatus",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Whether two-step log-in is on (or an enrolment waits for its code), and recovery codes left",
        body: emptyRequest,
        response: answers(twoStepStatus, { session: true }),
      },
    },
    async (request) => ok(await twoStep.status(sessionOf(request).userId)),
  );

  route(
    app,
    "user/enrollTotp",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Start two-step log-in: a new secret and its otpauth URI (for the QR code), asked for at log-in " +
          "once user/confirmTotp accepts a code; asking again before that replaces it. Once it is on: " +
          "TOTP_ALREADY_ENABLED. Limited to 10 an hour.",
        body: emptyRequest,
        response: answers(totpEnrolment, { session: true }),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return ok(await twoStep.enroll(session.userId, session.account));
    },
  );

  route(
    app,
    "user/confirmTotp",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Turn two-step log-in on with a code of the enrolled secret; answers ten recovery codes, shown " +
          "this once (only their hashes are kept). OTP_INVALID when wrong or used, TOTP_NOT_ENROLLED " +
          "without an enrolment, TOTP_ALREADY_ENABLED once on; 5 wrong answers in 15 minutes: TOO_FREQUENT.",
        body: otpRequest,
        response: answers(totpConfirmation, { session: true }),
      },
    },
    async (request) => ok(await twoStep.confirm(sessionOf(request).userId, request.body.otp)),
  );

  route(
    app,
    "user/disableTotp",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Turn two-step log-in off with the login password (PASSWORD_WRONG) and a current code or an " +
          "unused recovery code (OTP_INVALID). TOTP_NOT_ENABLED when it is off; 5 wrong answers in 15 " +
          "minutes: TOO_FREQUENT. Its codes count towards the account's lock of wrong codes, as log-ins' " +
          "do (TOTP_LOCKED, RECOVERY_CODES_LOCKED).",
        body: disableTotpRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await twoStep.disable(sessionOf(request).userId, request.body);
      return ok(null);
    },
  );
};
