import {
  emptyRequest,
  errorEnvelope,
  otpRequest,
  staffLoginRequest,
  staffMe,
  staffSession,
  totpConfirmation,
  totpEnrolment,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok } from "../../lib/envelope.js";
import type { LoginThrottleRules, Sleep } from "../../lib/login-throttle.js";
import { clientOf } from "../../plugins/auth.js";
import { adminRoute } from "../../plugins/route.js";
import type { SessionPolicy } from "../session/index.js";
import { staffAuthPlugin, staffHeaders, staffOf } from "./guard.js";
import { StaffAuthService } from "./service.js";

export interface StaffRoutesOptions {
  /** Staff session lifetimes (default: idle 30 min, absolute 12 h). */
  policy?: Partial<SessionPolicy> | undefined;
  /** Log-in throttling (default: the rules of user log-in, counted apart). */
  limits?: LoginThrottleRules | undefined;
  /** How a slowed log-in waits (tests record the waits instead of sleeping). */
  sleep?: Sleep | undefined;
}

/** Answers of a guarded back-office call: 401 without a live staff session, 403 without the permission. */
export const staffAnswers = <T extends z.ZodType>(data: T) => ({
  ...answers(data, { session: true }),
  403: errorEnvelope,
});

/** `/api/admin/auth/*`: staff log-in, log-out, who am I, and two-step (TOTP) enrolment. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  await app.register(staffAuthPlugin, { policy: options.policy });
  const auth = new StaffAuthService({
    db: app.db,
    clock: app.clock,
    sessions: app.staffSessions,
    rateLimiter: app.rateLimiter,
    limits: options.limits,
    sleep: options.sleep,
  });
  const tags = ["admin: staff"];
  // Any staff member, whatever the role: these calls concern the caller's own account.
  // Open before two-step enrolment too, which an administrator may be required to finish first.
  const withStaff = { onRequest: app.requireStaff(undefined, { beforeEnrolment: true }) };
  const sessionSchema = { tags, headers: staffHeaders, security: [{ token: [], account: [] }] };

  adminRoute(
    app,
    "auth/login",
    {
      schema: {
        tags,
        summary:
          "Staff log-in: `{token, account, role}`; send token and account back as headers. With two-step " +
          "log-in on, a call without `otp` answers OTP_REQUIRED, a wrong or used code (or recovery code) " +
          "OTP_INVALID. Throttled like user log-in; 5 wrong codes on an account within 15 minutes, from " +
          "any addresses, lock its code step for 15 minutes (TOTP_LOCKED with `until`; recovery codes " +
          "limited apart, RECOVERY_CODES_LOCKED). Every attempt and every lock is in the audit log.",
        body: staffLoginRequest,
        response: answers(staffSession),
      },
    },
    async (request) => ok(await auth.login(request.body, clientOf(request))),
  );

  adminRoute(
    app,
    "auth/logout",
    {
      ...withStaff,
      schema: {
        ...sessionSchema,
        summary: "End the current staff session",
        body: emptyRequest,
        response: staffAnswers(z.null()),
      },
    },
    async (request) => {
      await auth.logout(staffOf(request), clientOf(request));
      return ok(null);
    },
  );

  adminRoute(
    app,
    "auth/me",
    {
      ...withStaff,
      schema: {
        ...sessionSchema,
        summary: "The logged-in staff member, their role and its permissions (what the back office shows)",
        body: emptyRequest,
        response: staffAnswers(staffMe),
      },
    },
    async (request) => ok(await auth.me(staffOf(request))),
  );

  adminRoute(
    app,
    "auth/enrollTotp",
    {
      ...withStaff,
      schema: {
        ...sessionSchema,
        summary:
          "Start two-step log-in: a new secret and its otpauth URI (for the QR code), required at log-in " +
          "once auth/confirmTotp accepts a code. Once it is on: TOTP_ALREADY_ENABLED.",
        body: emptyRequest,
        response: staffAnswers(totpEnrolment),
      },
    },
    async (request) => ok(await auth.enrollTotp(staffOf(request))),
  );

  adminRoute(
    app,
    "auth/confirmTotp",
    {
      ...withStaff,
      schema: {
        ...sessionSchema,
        summary:
          "Turn two-step log-in on with a code from the enrolled secret; answers ten recovery codes, " +
          "each good for one log-in, shown this once (OTP_INVALID when wrong; TOTP_NOT_ENROLLED without " +
          "a pending enrolment, TOTP_ALREADY_ENABLED once it is on)",
        body: otpRequest,
        response: staffAnswers(totpConfirmation),
      },
    },
    async (request) => ok(await auth.confirmTotp(staffOf(request), request.body.otp)),
  );
};
