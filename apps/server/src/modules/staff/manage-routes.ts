import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** admin staff/list, staff/create, staff/setRole, staff/disable (to be built). */
export const staffManagementRoutes: FastifyPluginAsyncZod = async () => {};
