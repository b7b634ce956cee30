import { auditListRequest, auditListResponse } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { staffAnswers, staffAuthPlugin, staffHeaders } from "../staff/index.js";
import { listAudit } from "../audit/index.js";

/** `/api/admin/audit/*`: the audit log viewer (audit.read). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);

  adminRoute(
    app,
    "audit/list",
    {
      onRequest: app.requireStaff("audit.read"),
      schema: {
        tags: ["admin: audit"],
        headers: staffHeaders,
        security: [{ token: [], account: [] }],
        summary:
          "The audit log, newest first, 20 a page. Filters: `actor` (staff account, any case), `action` " +
          '(exact, or a prefix ending in ".", e.g. "review."), `target` (exact, e.g. "user:<id>"), `from` ' +
          "(inclusive) and `to` (exclusive) ISO instants.",
        body: auditListRequest,
        response: staffAnswers(auditListResponse),
      },
    },
    async (request) => ok(await listAudit(app.db, request.body)),
  );
};
