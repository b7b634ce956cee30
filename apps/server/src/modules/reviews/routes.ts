import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** admin reviews/list, reviews/decide (to be built). */
export const reviewRoutes: FastifyPluginAsyncZod = async () => {};
