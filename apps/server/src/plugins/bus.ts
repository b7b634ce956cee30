import { MemoryBus, RedisBus, type Bus } from "../lib/bus.js";
import { shared } from "./shared.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Events for every process of the fleet (sessions ending, …). */
    bus: Bus;
  }
}

export interface BusPluginOptions {
  /** A ready bus (tests); the app closes it. */
  bus?: Bus;
  /** REDIS_URL: without it the app is one process and the bus stays inside it. */
  redisUrl?: string;
}

export const busPlugin = shared<BusPluginOptions>(async (app, options) => {
  const bus =
    options.bus ??
    (options.redisUrl
      ? new RedisBus({ url: options.redisUrl, log: app.log })
      : new MemoryBus({ log: app.log }));
  app.decorate("bus", bus);
  app.addHook("onClose", () => bus.close());
});
