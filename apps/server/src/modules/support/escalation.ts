import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import { DAY, MINUTE } from "../../lib/clock.js";
import { recordSystemAction } from "../audit/index.js";
import { getSetting } from "../settings/index.js";
import type { LeaderTask } from "../trading/index.js";
import * as repo from "./repository.js";
import { supportTarget } from "./admin-service.js";

/** How often the leader looks (a complaint's clock counts in days; a minute late is no harm). */
const EVERY = MINUTE;

/**
 * The scheduler leader's task (the matching engine's rounds): an unanswered complaint whose final answer
 * is due within `support.complaintEscalateDays` is marked escalated, so it shows to administrators, and
 * the escalation is audited as the system's. Each complaint is escalated once.
 */
export function complaintEscalation(deps: { db: Db; log: FastifyBaseLogger }): LeaderTask {
  let last: number | undefined;
  return {
    async round(at: Date): Promise<void> {
      if (last !== undefined && at.getTime() - last < EVERY && at.getTime() >= last) return;
      last = at.getTime();
      try {
        await escalateDue(deps.db, at);
      } catch (error) {
        deps.log.error({ err: error }, "escalating complaints failed");
      }
    },
    standDown: () => {
      last = undefined;
    },
  };
}

/** Escalates every complaint due within the configured days of `at`; answers how many. */
export async function escalateDue(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const days = await getSetting(tx, "support.complaintEscalateDays");
    const escalated = await repo.escalateDue(tx, { at, escalateBefore: new Date(at.getTime() + days * DAY) });
    for (const thread of escalated)
      await recordSystemAction(tx, {
        action: "support.escalate",
        target: supportTarget(thread.id),
        reason: `On time: the final answer is due by ${thread.dueAt?.toISOString() ?? "?"}, within ${days} days`,
        details: { users: [thread.userId], dueAt: thread.dueAt?.toISOString() ?? null },
        at,
      });
    return escalated.length;
  });
}
