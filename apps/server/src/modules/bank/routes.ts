import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** bank/list, bank/add, bank/remove (to be built). */
export const bankRoutes: FastifyPluginAsyncZod = async () => {};
