import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "./clock.js";
import { DAY } from "./clock.js";
import { answers, ok } from "./envelope.js";

/**
 * The built server's clock under the end-to-end journeys: the system's time plus an offset the journey
 * moves forward, so a one-minute lock or an IPO window passes at once instead of on the wall clock.
 * Time keeps flowing (timers, the matching engine, quote ticks run as in production); it never goes back.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * TEST_CLOCK=1 (set only by the journeys' harness) gives the server a TestClock and the route that moves
 * it. Never on by default, and refused in production: anyone who can reach the route could expire every
 * session and lock at will.
 */
export function testClockFromEnv(env: NodeJS.ProcessEnv = process.env): TestClock | undefined {
  const value = env.TEST_CLOCK;
  if (value === undefined || value === "" || value === "0") return undefined;
  if (value !== "1") throw new Error(`TEST_CLOCK must be 1 or unset, got "${value}"`);
  if (env.NODE_ENV === "production") throw new Error("TEST_CLOCK=1 is refused with NODE_ENV=production");
  return new TestClock();
}

const advanceBody = z.strictObject({
  ms: z
    .number()
    .int()
    .positive()
    .max(366 * DAY)
    .describe("How far to move the clock forward"),
});

/** POST /api/test/clock/advance: moves the server's TestClock forward and answers the new time. */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: TestClock }> = async (app, { clock }) => {
  app.post(
    "/advance",
    {
      // Not part of the API: it exists only on a server started with TEST_CLOCK=1.
      schema: { hide: true, body: advanceBody, response: answers(z.object({ now: z.string() })) },
    },
    async (request) => {
      clock.advance(request.body.ms);
      return ok({ now: clock.now().toISOString() });
    },
  );
};
