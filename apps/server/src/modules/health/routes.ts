import { successEnvelope, errorEnvelope } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ping } from "../../db/index.js";
import { ok } from "../../lib/envelope.js";

/** GET /api/health: answers status 1 once the server is up and its database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["platform"],
        summary: "Liveness and database check",
        response: { 200: successEnvelope(z.object({ time: z.string() })), 500: errorEnvelope },
      },
    },
    async () => {
      await ping(app.db);
      return ok({ time: app.clock.now().toISOString() });
    },
  );
};
