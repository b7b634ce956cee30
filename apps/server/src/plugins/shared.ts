import type { FastifyInstance, FastifyPluginAsync } from "fastify";

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its decorators and hooks apply to
 * the whole application rather than only to its own child context.
 */
export function shared<O extends object>(
  plugin: (app: FastifyInstance, options: O) => Promise<void>,
): FastifyPluginAsync<O> {
  return Object.assign(plugin, { [Symbol.for("skip-override")]: true });
}
