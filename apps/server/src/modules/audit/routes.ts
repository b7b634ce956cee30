import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** admin audit/list (to be built). */
export const auditRoutes: FastifyPluginAsyncZod = async () => {};
