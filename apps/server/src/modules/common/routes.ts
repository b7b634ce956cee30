import { configRequest, configResponse } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok } from "../../lib/envelope.js";
import { route } from "../../plugins/route.js";
import { ConfigService } from "./service.js";

export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const configService = new ConfigService(app.db);

  route(
    app,
    "common/config",
    {
      schema: {
        tags: ["common"],
        summary: "App configuration as name/value pairs (logo, title, kefu, languages …); made at start-up",
        body: configRequest,
        response: answers(configResponse),
      },
    },
    async () => ok(await configService.list()),
  );
};
