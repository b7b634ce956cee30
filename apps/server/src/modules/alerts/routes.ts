import { alert, alertCreateRequest, alertIdRequest, alertListResponse, emptyRequest } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { AlertService } from "./service.js";

/** `alert/*`: the logged-in user's price alerts. Every call needs a session. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = new AlertService({ db: app.db, clock: app.clock, market: app.market, bus: app.bus });
  const schema = { tags: ["alert"], headers: sessionHeaders, security: [{ token: [], account: [] }] };
  app.addHook("onRequest", app.requireUser);

  route(
    app,
    "alert/create",
    {
      schema: {
        ...schema,
        summary:
          "Set a price alert: `above` or `below` a price (on the instrument's price grid, on that side of the " +
          "price now), or `movePct`: a move of `value` percent (0.1–50) either way from the price now, the " +
          "reference price (not the previous close). The server fires it once, on the price ticks: an inbox " +
          "message and a `priceAlert` socket event. Asking for the same active alert again answers it; at most " +
          "`alerts.maxActive` (default 50) active alerts (ALERT_LIMIT_REACHED)",
        body: alertCreateRequest,
        response: answers(alert, { session: true }),
      },
    },
    async (request) => ok(await alerts.create(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "alert/list",
    {
      schema: {
        ...schema,
        summary:
          "The user's active alerts (newest first), then the 50 latest fired ones, with the active count and " +
          "the limit",
        body: emptyRequest,
        response: answers(alertListResponse, { session: true }),
      },
    },
    async (request) => ok(await alerts.list(sessionOf(request).userId)),
  );

  route(
    app,
    "alert/remove",
    {
      schema: {
        ...schema,
        summary: "Remove one of the user's alerts, active or fired; another user's id answers NOT_FOUND",
        body: alertIdRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await alerts.remove(sessionOf(request).userId, request.body.id);
      return ok(null);
    },
  );
};
