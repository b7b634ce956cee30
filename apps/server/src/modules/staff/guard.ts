import { can, type Permission } from "@brokerage/api";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { DomainError } from "../../lib/errors.js";
import { shared } from "../../plugins/shared.js";
import type { SessionPolicy } from "../session/service.js";
import { DEFAULT_STAFF_SESSION_POLICY, StaffSessionService, type StaffAuth } from "./sessions.js";

export type StaffHook = (request: FastifyRequest) => Promise<void>;

export interface StaffGuardOptions {
  /**
   * The route concerns the caller's own account (auth/me, auth/enrollTotp, auth/confirmTotp,
   * auth/logout): open to an administrator who must still enrol in two-step log-in. Every other route
   * answers TOTP_ENROLMENT_REQUIRED to them (ADMIN_REQUIRE_2FA=true).
   */
  beforeEnrolment?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Back-office sessions; present where staffAuthPlugin was registered (itself or an ancestor). */
    staffSessions: StaffSessionService;
    /**
     * onRequest hook of a back-office route: a live staff session (401 otherwise) whose role has
     * `permission` when one is named (403 otherwise); sets `request.staff`.
     */
    requireStaff: (permission?: Permission, options?: StaffGuardOptions) => StaffHook;
  }
  interface FastifyRequest {
    /** The staff member behind a route guarded by requireStaff; null elsewhere. */
    staff: StaffAuth | null;
  }
}

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The guard of back-office routes, for `onRequest` (a refused call is answered before its body is read).
 * Importable by any admin module; the route's context must have staffAuthPlugin registered (this module
 * or an ancestor), since the sessions are read through `request.server.staffSessions`.
 */
export function requireStaff(permission?: Permission, options: StaffGuardOptions = {}): StaffHook {
  return async function staffGuard(request: FastifyRequest) {
    const sessions = request.server.staffSessions as StaffSessionService | undefined;
    if (!sessions) throw new Error("requireStaff: register staffAuthPlugin in this route's context");
    const token = singleHeader(request, "token");
    const account = singleHeader(request, "account");
    const staff = token && account ? await sessions.authenticate(token, account) : null;
    if (!staff) throw new DomainError("UNAUTHORIZED");
    request.staff = staff;
    if (!options.beforeEnrolment && sessions.mustEnrol(staff))
      throw new DomainError("TOTP_ENROLMENT_REQUIRED");
    if (permission && !can(staff.role, permission)) {
      request.log.info({ staffId: staff.id, role: staff.role, permission }, "staff permission refused");
      throw new DomainError("FORBIDDEN");
    }
  };
}

/** The staff member of a route behind `requireStaff`. */
export function staffOf(request: FastifyRequest): StaffAuth {
  if (!request.staff) throw new DomainError("UNAUTHORIZED");
  return request.staff;
}

export interface StaffAuthOptions {
  policy?: Partial<SessionPolicy> | undefined;
  /** ADMIN_REQUIRE_2FA: administrators must turn two-step log-in on before using the back office. */
  requireAdminTotp?: boolean | undefined;
}

/**
 * Decorates `staffSessions`, `requireStaff` and `request.staff` (not encapsulated: they reach the
 * context that registers it and its children). Registering it again below a context that has it
 * already does nothing, so every admin module may register it; registered once at the root, all of
 * them share one session cache.
 */
export const staffAuthPlugin = shared<StaffAuthOptions>(async (app, options) => {
  if (app.hasDecorator("staffSessions")) return;
  const policy = { ...DEFAULT_STAFF_SESSION_POLICY, ...options.policy };
  app.decorate(
    "staffSessions",
    new StaffSessionService(app.db, app.clock, policy, app.bus, options.requireAdminTotp ?? false),
  );
  app.decorate("requireStaff", requireStaff);
  if (!app.hasRequestDecorator("staff")) app.decorateRequest("staff", null);
});

/** The session headers of a back-office call, documented on every guarded route. */
export const staffHeaders = z.looseObject({
  token: z.string().optional().describe("Staff session token from admin auth/login"),
  account: z.string().optional().describe("The staff account the token was issued to"),
});
