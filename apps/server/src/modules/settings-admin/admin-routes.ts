import {
  configListResponse,
  configResetRequest,
  configSetRequest,
  configSetResponse,
  emptyRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { reviewRegistryPlugin } from "../reviews/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { ConfigAdminService } from "./admin-service.js";
import { settingChangeReviewHandler } from "./changes.js";

/**
 * `/api/admin/config/*`: the typed configuration keys (DESIGN §4.1), for staff with `config.manage`; a
 * control setting's change is decided through the review queue (kind `settingChange`).
 */
export const configAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  await app.register(reviewRegistryPlugin);
  app.reviewRegistry.register(settingChangeReviewHandler({ clock: app.clock }));
  const service = new ConfigAdminService({ db: app.db, clock: app.clock });
  const schema = {
    tags: ["admin: configuration"],
    headers: staffHeaders,
    security: [{ token: [], account: [] }],
  };
  const guard = app.requireStaff("config.manage");

  adminRoute(
    app,
    "config/list",
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary:
          "Every typed configuration key with the value in use, its default, whether a stored value " +
          "overrides the default, who stored it when, and a control setting's change waiting for a " +
          "second administrator (pendingChange)",
        body: emptyRequest,
        response: staffAnswers(configListResponse),
      },
    },
    async () => ok(await service.list()),
  );

  adminRoute(
    app,
    "config/set",
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary:
          "Store a key's value with a reason (REASON_REQUIRED), validated by the key's schema and its " +
          "sense (a window ending after it starts in a known time zone, min not above max, known " +
          "currencies): INVALID_INPUT with the field inside the value otherwise. Audited with the old and " +
          "new value; in effect from the next read. A change of a control setting (CONTROL_SETTINGS: " +
          "four-eyes thresholds, limits, minimum credit score, a market's leverage caps raised and its automatic-close " +
          "share) is not applied: it answers the key unchanged with its pendingChange, a review of kind " +
          "settingChange that another administrator approves (FORBIDDEN for a role without " +
          "config.controls, such as an operator). While a change of the key is pending: " +
          "SETTING_CHANGE_PENDING.",
        body: configSetRequest,
        response: staffAnswers(configSetResponse),
      },
    },
    async (request) => ok(await service.set(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "config/reset",
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary:
          "Remove a key's stored value (the default applies again) with a reason; audited. For a control " +
          "setting, asked for and approved as config/set's change is.",
        body: configResetRequest,
        response: staffAnswers(configSetResponse),
      },
    },
    async (request) => ok(await service.reset(staffOf(request), request.body)),
  );
};
