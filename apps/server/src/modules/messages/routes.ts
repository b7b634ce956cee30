import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Being built (issue 7). */
export const messageRoutes: FastifyPluginAsyncZod = async () => {};
