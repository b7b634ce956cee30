import { emptyRequest, tradeOrder, tradeOrderPage, type UserAnswer } from "@brokerage/api";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answers, ok } from "../lib/envelope.js";
import { adminRoute, route } from "./route.js";

const schema = { body: emptyRequest, response: answers(z.null()) };

async function appWith(prefix: string, register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(async (child) => register(child), { prefix });
  await app.ready();
  return app;
}

describe("route registration by the endpoint table", () => {
  it("registers the table's path under the plugin's prefix", async () => {
    const app = await appWith("/api/vue/user", (child) =>
      route(child, "user/logout", { schema }, async () => ok(null)),
    );
    const response = await app.inject({ method: "POST", url: "/api/vue/user/logout", payload: {} });
    expect(response.json()).toEqual({ status: 1, msg: "ok", data: null });
    await app.close();
  });

  it("refuses, at start-up, a path outside the plugin's prefix", async () => {
    await expect(
      appWith("/api/vue/trade", (child) => route(child, "user/logout", { schema }, async () => ok(null))),
    ).rejects.toThrow("/api/vue/user/logout cannot be registered in the plugin of prefix /api/vue/trade");
    await expect(
      appWith("/api/vue/auth", (child) => adminRoute(child, "auth/logout", { schema }, async () => ok(null))),
    ).rejects.toThrow("prefix /api/vue/auth");
  });

  it("checks the schemas and the handler against the table when it compiles", () => {
    // Never called: what matters is that each misuse fails to compile.
    const misuses = () => {
      const host = { prefix: "/api/vue/trade" };
      const body = z.object({ orderId: z.string() });
      const page = { schema: { body, response: answers(tradeOrderPage) } };
      const order = { schema: { body, response: answers(tradeOrder) } };
      const csv = { schema: { body: z.object({ from: z.string(), to: z.string() }), response: {} } };
      const answersOrder = async () => ok(undefined as unknown as UserAnswer<"trade/cancelOrder">);
      const answersNull = async () => ok(null);
      route(host, "trade/cancelOrder", order, answersOrder);
      // @ts-expect-error the answer schema of another call (a page where the table says one order)
      route(host, "trade/cancelOrder", page, answersOrder);
      // @ts-expect-error the handler answers what the table does not say
      route(host, "trade/cancelOrder", order, answersNull);
      // @ts-expect-error not a path of the table
      route(host, "trade/unknown", order, answersOrder);
      // @ts-expect-error a file call says its media type (`produces`)
      route(host, "fund/statement", csv, async (_request, reply) => reply);
    };
    expect(typeof misuses).toBe("function");
  });
});
