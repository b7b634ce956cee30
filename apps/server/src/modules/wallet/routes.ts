import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** wallet/list, wallet/add, wallet/remove (to be built). */
export const walletRoutes: FastifyPluginAsyncZod = async () => {};
