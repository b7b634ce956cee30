import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** kyc/submit, kyc/status, kyc/photo (to be built). */
export const kycRoutes: FastifyPluginAsyncZod = async () => {};
