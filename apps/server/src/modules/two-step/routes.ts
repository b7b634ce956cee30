import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** user two-step log-in enrolment (to be built). */
export const twoStepRoutes: FastifyPluginAsyncZod = async () => {};
