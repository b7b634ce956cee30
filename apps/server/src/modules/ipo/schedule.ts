import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { DomainError } from "../../lib/errors.js";
import { MessageService } from "../messages/index.js";
import { publishTradeChange, type LeaderTask } from "../trading/index.js";
import { IPO_LISTED } from "./boards.js";
import { IpoLifecycle } from "./lifecycle.js";
import * as repo from "./repository.js";

/** The steps of an offering's life as the server runs them: its events go out on the app's bus. */
export function lifecycleOf(app: FastifyInstance): IpoLifecycle {
  return new IpoLifecycle({
    db: app.db,
    clock: app.clock,
    market: app.market,
    messages: new MessageService({ db: app.db, clock: app.clock }),
    notify: publishTradeChange(app.bus),
    listed: (symbol) => void app.bus.publish(IPO_LISTED, { symbol }),
  });
}

/** The reason the audit log gives for a step the platform took on time. */
export const ON_TIME = {
  price: "On time: the provisional price's stated time has passed",
  draw: "On time: the draw date and the announced beacon round have passed",
  listing: "On time: the listing date has passed",
} as const;

/**
 * The scheduler leader's task (the matching engine's rounds, DESIGN §5a "Draws and listings run on time"):
 * a provisional price becomes final at its stated time, an offering is drawn once its draw date and its beacon round have passed, and listed at its listing date,
 * with nobody pressing anything; each step is the back office's own (lifecycle.ts), audited as the system's.
 * Staff may still take a step themselves when it is due (never before: NOT_YET_OPEN): whichever comes first
 * takes it, and the other is told ORDER_STATE_INVALID, which is no failure here. A round that is not
 * produced yet (NOT_YET_OPEN) is tried again in the next round.
 */
export function ipoSchedule(lifecycle: IpoLifecycle, app: FastifyInstance): LeaderTask {
  const log: FastifyBaseLogger = app.log;
  const attempt = async (step: () => Promise<unknown>, offeringId: string, what: string) => {
    try {
      await step();
    } catch (error) {
      if (error instanceof DomainError) return;
      log.error({ err: error, offeringId }, `the IPO ${what} on time failed`);
    }
  };
  return {
    async round(at: Date): Promise<void> {
      const due = await repo.dueSteps(app.db, at);
      // The price first: the root and the draw wait for a final price.
      for (const offering of due.price)
        await attempt(
          () => lifecycle.priceFixed("system", { id: offering.id, reason: ON_TIME.price }),
          offering.id,
          "final price",
        );
      for (const offering of due.draw)
        await attempt(
          () => lifecycle.draw("system", { id: offering.id, reason: ON_TIME.draw }),
          offering.id,
          "draw",
        );
      for (const offering of due.list)
        await attempt(
          () => lifecycle.listing("system", { id: offering.id, reason: ON_TIME.listing }),
          offering.id,
          "listing",
        );
    },
    standDown: () => undefined,
  };
}
