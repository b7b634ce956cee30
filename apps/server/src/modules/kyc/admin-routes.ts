import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** admin kyc/photo: a submission's photos for staff with the kyc.photos permission (to be built). */
export const kycAdminRoutes: FastifyPluginAsyncZod = async () => {};
