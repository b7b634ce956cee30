import { shared } from "../../../plugins/shared.js";
import type { TradingService } from "../service.js";
import { TradingEngine, type LeaderJob, type TradingEngineOptions } from "./engine.js";
import { leadershipFor } from "./leadership.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The matching engine; it acts only while this process leads (the advisory lock, DESIGN §2). */
    tradingEngine: TradingEngine;
  }
}

export interface TradingEnginePluginOptions extends Partial<TradingEngineOptions> {
  /** The process's one trading service, shared with the routes. */
  service: TradingService;
  /** Run the rounds on a timer once the app is ready; otherwise the caller runs them (`round`). */
  run: boolean;
  /** The leader's other jobs, run after each round's matching (the portfolio's daily marks). */
  jobs?: readonly LeaderJob[];
}

/**
 * The matching engine of this process: every process has one and competes for the lead, so that when the
 * leader goes away another takes over. It hears the changes of every process on the bus.
 */
export const tradingEnginePlugin = shared<TradingEnginePluginOptions>(async (app, options) => {
  const { service, run, jobs, ...engineOptions } = options;
  const engine = new TradingEngine(
    {
      service,
      db: app.db,
      market: app.market,
      clock: app.clock,
      bus: app.bus,
      log: app.log,
      leadership: leadershipFor(app.db, app.log),
      jobs,
    },
    engineOptions,
  );
  app.decorate("tradingEngine", engine);
  if (run) app.addHook("onReady", async () => engine.start());
  app.addHook("onClose", () => engine.stop());
});
