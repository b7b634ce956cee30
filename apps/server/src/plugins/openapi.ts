import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { shared } from "./shared.js";

/**
 * The OpenAPI document is generated from the same zod schemas that validate the routes. It must be
 * registered before the routes so it sees them.
 */
export const openapiPlugin = shared(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Brokerage API",
        version: "0.1.0",
        description:
          "Every call is POST with a JSON body and answers the envelope {status, msg, data}; status 1 is " +
          "success. A business error is HTTP 200 with status 0, a stable `code` and `params`.",
      },
      components: {
        securitySchemes: {
          token: { type: "apiKey", in: "header", name: "token" },
          account: { type: "apiKey", in: "header", name: "account" },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});
