import type { Db } from "../db/index.js";
import type { Clock } from "../lib/clock.js";
import type { RateLimiter } from "../lib/rate-limiter.js";
import { shared } from "./shared.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    rateLimiter: RateLimiter;
  }
}

export interface ContextOptions {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/** The database, the clock and the rate limiter every module works with, injected by buildApp. */
export const contextPlugin = shared<ContextOptions>(async (app, { db, clock, rateLimiter }) => {
  app.decorate("db", db);
  app.decorate("clock", clock);
  app.decorate("rateLimiter", rateLimiter);
});
