import { auditListRequest, auditListResponse, type AuditListRequest } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { staffAnswers, staffAuthPlugin, staffHeaders } from "../staff/index.js";
import { listAudit, readOfList, usersOfAuditPage } from "../audit/index.js";

/** `/api/admin/audit/*`: the audit log viewer (audit.read). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);

  adminRoute(
    app,
    "audit/list",
    {
      // The log names users (their rows, their reviews, reads that showed them): a page that does is a
      // staff read of its own, recorded with the filter and those users.
      onRequest: app.requireStaff("audit.read", {
        read: readOfList(
          "read.auditLog",
          () => "audit:list",
          usersOfAuditPage,
          (body: AuditListRequest) => {
            const { cursor: _cursor, ...filter } = body;
            return filter;
          },
        ),
      }),
      schema: {
        tags: ["admin: audit"],
        headers: staffHeaders,
        security: [{ token: [], account: [] }],
        summary:
          "The audit log, newest first, 20 a page. Filters: `actor` (staff account, any case), `action` " +
          '(exact, or a prefix ending in ".", e.g. "review."), `role` (the actor\'s), `target` (exact, e.g. ' +
          '"user:<id>"), `targetPrefix`, `user` (every row about that user, their reviews and reads that ' +
          "showed them), `from` (inclusive) and `to` (exclusive) ISO instants. Each row names its object " +
          "(`object`) and its actor's role. A page naming users is recorded as `read.auditLog`.",
        body: auditListRequest,
        response: staffAnswers(auditListResponse),
      },
    },
    async (request) => ok(await listAudit(app.db, request.body)),
  );
};
