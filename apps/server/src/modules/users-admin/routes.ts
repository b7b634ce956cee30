import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** admin users/search, users/detail, users/setFlags, users/setCreditScore, users/endSessions (to be built). */
export const usersAdminRoutes: FastifyPluginAsyncZod = async () => {};
