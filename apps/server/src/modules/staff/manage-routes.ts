import {
  emptyRequest,
  staffCreateRequest,
  staffIdRequest,
  staffListResponse,
  staffMember,
  staffSetRoleRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { staffAuthPlugin, staffHeaders, staffOf } from "./guard.js";
import { StaffManagementService } from "./manage-service.js";
import { staffAnswers } from "./routes.js";

/** `/api/admin/staff/*`: staff accounts (administrators only: staff.manage). */
export const staffManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  const service = new StaffManagementService({ db: app.db, clock: app.clock, sessions: app.staffSessions });
  const onRequest = app.requireStaff("staff.manage");
  const schema = { tags: ["admin: staff"], headers: staffHeaders, security: [{ token: [], account: [] }] };

  adminRoute(
    app,
    "staff/list",
    {
      onRequest,
      schema: {
        ...schema,
        summary: "Every staff account, oldest first",
        body: emptyRequest,
        response: staffAnswers(staffListResponse),
      },
    },
    async () => ok(await service.list()),
  );

  adminRoute(
    app,
    "staff/create",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Create a staff account. The account is unique regardless of case (ACCOUNT_EXISTS); the " +
          "password follows the user password policy.",
        body: staffCreateRequest,
        response: staffAnswers(staffMember),
      },
    },
    async (request) => ok(await service.create(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "staff/setRole",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Change a staff member's role (applies to their open sessions at once). Demoting oneself: " +
          "STAFF_SELF_CHANGE; the last active administrator: LAST_ADMINISTRATOR.",
        body: staffSetRoleRequest,
        response: staffAnswers(staffMember),
      },
    },
    async (request) => ok(await service.setRole(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "staff/disable",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Disable a staff account and end its sessions. Oneself: STAFF_SELF_CHANGE; the last active " +
          "administrator: LAST_ADMINISTRATOR.",
        body: staffIdRequest,
        response: staffAnswers(staffMember),
      },
    },
    async (request) => ok(await service.disable(staffOf(request), request.body)),
  );
};
