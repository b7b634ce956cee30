import { z } from "zod";
import type { Channel } from "../../lib/bus.js";

/**
 * An alert created or removed on some process, for the evaluator of whichever process leads: it re-reads
 * the alert at its next round. Pub/sub keeps nothing, so the evaluator also re-reads every active alert
 * every so often; a change lost on the way is late, never lost.
 */
export const ALERT_CHANGES: Channel<{ alertId: string }> = {
  name: "alert-changes",
  schema: z.object({ alertId: z.string() }),
};

/** A fired alert, for its owner's sockets on every process: the inbox message's kind and params. */
export interface AlertFired {
  userId: string;
  alertId: string;
  kind: "priceAlertAbove" | "priceAlertBelow" | "priceAlertMove";
  params: Record<string, string>;
}

export const ALERTS_FIRED: Channel<AlertFired> = {
  name: "alerts-fired",
  schema: z.object({
    userId: z.string(),
    alertId: z.string(),
    kind: z.enum(["priceAlertAbove", "priceAlertBelow", "priceAlertMove"]),
    params: z.record(z.string(), z.string()),
  }),
};
