import { shared } from "../../plugins/shared.js";
import { ReviewRegistry } from "./registry.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Review handlers by kind: features register theirs, the reviews module decides through them. */
    reviewRegistry: ReviewRegistry;
  }
}

/** One registry for the whole application (registered at the root, before every feature module). */
export const reviewRegistryPlugin = shared(async (app) => {
  if (!app.hasDecorator("reviewRegistry")) app.decorate("reviewRegistry", new ReviewRegistry());
});
