import { can, PERSONAL_DATA_PERMISSIONS, type Permission } from "@brokerage/api";
import type { FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { DomainError } from "../../lib/errors.js";
import { shared } from "../../plugins/shared.js";
import { readAuditHook, recordStaffAction, type StaffRead } from "../audit/index.js";
import type { SessionPolicy } from "../session/index.js";
import { DEFAULT_STAFF_SESSION_POLICY, StaffSessionService, type StaffAuth } from "./sessions.js";

export type StaffHook = (request: FastifyRequest) => Promise<void>;

export interface StaffGuardOptions {
  /**
   * The route concerns the caller's own account (auth/me, auth/enrollTotp, auth/confirmTotp,
   * auth/logout): open to an administrator who must still enrol in two-step log-in. Every other route
   * answers TOTP_ENROLMENT_REQUIRED to them (ADMIN_REQUIRE_2FA=true).
   */
  beforeEnrolment?: boolean;
  /**
   * What the route shows of users' personal or money data, recorded as one audit row per call
   * (audit/reads.ts); `false` says it shows none. Required on routes under PERSONAL_DATA_PERMISSIONS.
   */
  read?: StaffRead | false;
}

interface GuardSpec {
  permission: Permission | undefined;
  read: StaffRead | false | undefined;
}

/** Each guard hook's permission and read, for the staff plugin's onRoute hook to find on the route. */
const guardSpecs = new WeakMap<object, GuardSpec>();

/** A refused call names the route and the permission it needs in the audit log. */
export const FORBIDDEN_AUDIT = "staff.forbidden";

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
  const guard = async function staffGuard(request: FastifyRequest) {
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
      await recordStaffAction(request.server.db, staff, {
        action: FORBIDDEN_AUDIT,
        target: `route:${request.routeOptions.url ?? request.url}`,
        details: { permission, role: staff.role, method: request.method },
        at: request.server.clock.now(),
      });
      throw new DomainError("FORBIDDEN");
    }
  };
  guardSpecs.set(guard, { permission, read: options.read });
  return guard;
}

/**
 * onRoute: gives a guarded route the hook that audits its read, and refuses (at start-up) a route under a
 * personal-data permission that declares no read, so a new route cannot forget its audit.
 */
function auditStaffReads(route: RouteOptions): void {
  const spec = [route.onRequest ?? []].flat().flatMap((hook) => guardSpecs.get(hook) ?? [])[0];
  if (!spec) return;
  if (spec.read === undefined) {
    if (spec.permission && PERSONAL_DATA_PERMISSIONS.includes(spec.permission))
      throw new Error(
        `${route.url} needs ${spec.permission}, which opens personal data: declare requireStaff's read ` +
          "(what it shows, audited) or read: false",
      );
    return;
  }
  if (spec.read === false) return;
  const audit = readAuditHook(spec.read);
  if (audit.stage === "preHandler") route.preHandler = [...[route.preHandler ?? []].flat(), audit.hook];
  else route.preSerialization = [...[route.preSerialization ?? []].flat(), audit.hook];
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
  app.addHook("onRoute", auditStaffReads);
  if (!app.hasRequestDecorator("staff")) app.decorateRequest("staff", null);
});

/** The session headers of a back-office call, documented on every guarded route. */
export const staffHeaders = z.looseObject({
  token: z.string().optional().describe("Staff session token from admin auth/login"),
  account: z.string().optional().describe("The staff account the token was issued to"),
});
