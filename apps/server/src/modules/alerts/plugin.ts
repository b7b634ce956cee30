import { shared } from "../../plugins/shared.js";
import { AlertWatcher, type AlertWatcherOptions } from "./watcher.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The price-alert evaluator; it acts in the matching engine's rounds while this process leads. */
    alertWatcher: AlertWatcher;
  }
}

/** Registered after the trading engine: the evaluator is one of the leader's tasks. */
export const alertWatcherPlugin = shared<Partial<AlertWatcherOptions>>(async (app, options) => {
  const watcher = new AlertWatcher(
    { db: app.db, market: app.market, clock: app.clock, bus: app.bus, log: app.log },
    options,
  );
  const remove = app.tradingEngine.addTask(watcher);
  app.decorate("alertWatcher", watcher);
  app.addHook("onClose", () => {
    remove();
    watcher.close();
  });
});
