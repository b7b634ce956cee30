import type { Db } from "../../db/index.js";
import { appendAudit } from "../admin/index.js";
import type { StaffAuth } from "../staff/index.js";

export interface StaffAction {
  /** One of AUDIT_ACTIONS (packages/api). */
  action: string;
  /** `user:<id>`, `review:<id>`, `staff:<id>` … */
  target: string;
  reason?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
  at: Date;
}

/**
 * The one audit row of a staff action, written with `tx`: the transaction of the action's effect, so the
 * row exists exactly when the effect does.
 */
export async function recordStaffAction(
  tx: Db,
  staff: Pick<StaffAuth, "id" | "account">,
  entry: StaffAction,
): Promise<void> {
  await appendAudit(tx, auditRow({ adminUserId: staff.id, actor: staff.account }, entry));
}

/**
 * The audit row of what the platform did by itself on time (the scheduler's leader: an IPO's draw at its
 * date, its listing), written with `tx` as a staff action's is; its actor is `system`.
 */
export async function recordSystemAction(tx: Db, entry: StaffAction): Promise<void> {
  await appendAudit(tx, auditRow({ adminUserId: null, actor: "system" }, entry));
}

/** The audit log's row of `entry` by `who`. */
const auditRow = (who: { adminUserId: string | null; actor: string }, entry: StaffAction) => ({
  ...who,
  action: entry.action,
  target: entry.target,
  reason: entry.reason === undefined || entry.reason === "" ? null : entry.reason,
  details: entry.details ?? {},
  createdAt: entry.at,
});

export const userTarget = (id: string) => `user:${id}`;
export const reviewTarget = (id: string) => `review:${id}`;
