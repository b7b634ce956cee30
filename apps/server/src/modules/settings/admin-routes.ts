import {
  configListResponse,
  configResetRequest,
  configSetRequest,
  configSetResponse,
  emptyRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { staffAuthPlugin, staffHeaders, staffOf } from "../staff/guard.js";
import { staffAnswers } from "../staff/routes.js";
import { ConfigAdminService } from "./admin-service.js";

/** `/api/admin/config/*`: the typed configuration keys (DESIGN §4.1), for staff with `config.manage`. */
export const configAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  const service = new ConfigAdminService({ db: app.db, clock: app.clock });
  const schema = {
    tags: ["admin: configuration"],
    headers: staffHeaders,
    security: [{ token: [], account: [] }],
  };
  const guard = app.requireStaff("config.manage");

  app.post(
    "/list",
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary:
          "Every typed configuration key with the value in use, its default, whether a stored value " +
          "overrides the default, and who stored it when",
        body: emptyRequest,
        response: staffAnswers(configListResponse),
      },
    },
    async () => ok(await service.list()),
  );

  app.post(
    "/set",
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary:
          "Store a key's value with a reason (REASON_REQUIRED), validated by the key's schema and its " +
          "sense (a window ending after it starts in a known time zone, min not above max, known " +
          "currencies): INVALID_INPUT with the field inside the value otherwise. Audited with the old and " +
          "new value; in effect from the next read.",
        body: configSetRequest,
        response: staffAnswers(configSetResponse),
      },
    },
    async (request) => ok(await service.set(staffOf(request), request.body)),
  );

  app.post(
    "/reset",
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: "Remove a key's stored value (the default applies again) with a reason; audited",
        body: configResetRequest,
        response: staffAnswers(configSetResponse),
      },
    },
    async (request) => ok(await service.reset(staffOf(request), request.body)),
  );
};
