import { randomUUID } from "node:crypto";
import { can, type PendingSettingChange, type SettingKey } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import { openReview, type Decider, type PlatformReviewHandler } from "../reviews/index.js";
import { findStaffById, type StaffAuth } from "../staff/index.js";
import { forgetTradingConfig } from "../trading/index.js";
import * as adminRepo from "./admin-repository.js";
import * as repo from "./changes-repository.js";
import { setSetting } from "../settings/index.js";

/**
 * Control settings (packages/api CONTROL_SETTINGS) change only with two administrators: one asks
 * (`config/set` or `config/reset` answer the key unchanged, with the pending change), another approves
 * in the review queue (kind `settingChange`), which puts the value in use in the decision's transaction.
 */

/**
 * Audit actions of the configuration page: a value stored or removed (at once, or on a control change's
 * approval, when the approver is the actor), a control change asked for, and one refused (asked for by a
 * role that cannot, such as an operator: nothing stored). The decision itself is the queue's review.*.
 */
export const CONFIG_AUDIT = {
  set: "config.set",
  reset: "config.reset",
  changeRequested: "config.changeRequested",
  changeRefused: "config.changeRefused",
} as const;

export const configTarget = (key: SettingKey) => `config:${key}`;

export function toPendingChange(row: repo.ChangeRow): PendingSettingChange {
  return {
    id: row.id,
    reviewId: row.reviewId,
    before: JSON.parse(row.before) as unknown,
    value: JSON.parse(row.after) as unknown,
    reset: row.reset,
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedById: row.requestedById,
    requestedAt: row.createdAt.toISOString(),
  };
}

/**
 * Records that a staff member without `config.controls` tried to change a control setting, outside the
 * refused request's transaction (which rolls back), then refuses it with FORBIDDEN.
 */
export async function refuseControlChange(
  db: Db,
  staff: StaffAuth,
  change: { key: SettingKey; value: unknown; reason: string; at: Date },
): Promise<never> {
  await recordStaffAction(db, staff, {
    action: CONFIG_AUDIT.changeRefused,
    target: configTarget(change.key),
    reason: change.reason,
    details: { key: change.key, asked: change.value, permission: "config.controls", role: staff.role },
    at: change.at,
  });
  throw new DomainError("FORBIDDEN");
}

/** Puts the change in the review queue, in the caller's transaction, with its audit row. */
export async function requestChange(
  tx: Db,
  staff: StaffAuth,
  change: { key: SettingKey; before: unknown; after: unknown; reset: boolean; reason: string; at: Date },
): Promise<void> {
  const id = randomUUID();
  const { key, before, after, reset, reason, at } = change;
  try {
    await repo.insertChange(tx, {
      id,
      key,
      before,
      after,
      reset,
      reason,
      requestedBy: staff.id,
      createdAt: at,
    });
  } catch (error) {
    // The key's lock (lockSettingKey) makes this the last guard only; the transaction is lost either way.
    if (uniqueViolation(error) === repo.ONE_PENDING_CHANGE_INDEX)
      throw new DomainError("SETTING_CHANGE_PENDING");
    throw error;
  }
  const reviewId = await openReview(tx, {
    kind: "settingChange",
    subjectId: id,
    userId: null,
    createdAt: at,
  });
  await recordStaffAction(tx, staff, {
    action: CONFIG_AUDIT.changeRequested,
    target: configTarget(key),
    reason,
    details: { key, before, after, reset, changeId: id, reviewId },
    at,
  });
}

/**
 * What control settings contribute to the review queue. Only a staff member whose role has
 * `config.controls` (an administrator) decides, and never the one who asked (SAME_APPROVER): the asker
 * was the first pair of eyes. Approval stores the value (or removes it, for a reset) in the decision's
 * transaction; rejection leaves the value in use as it is, the reason staying on the review.
 */
export function settingChangeReviewHandler(deps: { clock: Clock }): PlatformReviewHandler {
  const mayDecide = async (tx: Db, decider: Decider) => {
    const staff = await findStaffById(tx, decider.id);
    if (!staff || staff.disabled || !can(staff.role, "config.controls")) throw new DomainError("FORBIDDEN");
  };

  const pending = async (tx: Db, changeId: string) => {
    if (!(await repo.lockPendingChange(tx, changeId))) throw new DomainError("ORDER_STATE_INVALID");
    const [row] = await repo.findChanges(tx, [changeId]);
    if (!row) throw new DomainError("ORDER_STATE_INVALID");
    return row;
  };

  const decide = async (tx: Db, id: string, state: "approved" | "rejected") => {
    if (!(await repo.decideChange(tx, { id, state, at: deps.clock.now() })))
      throw new DomainError("ORDER_STATE_INVALID");
  };

  return {
    kind: "settingChange",
    platform: true,

    async subjects(db, subjectIds) {
      const rows = await repo.findChanges(db, subjectIds);
      return new Map(
        rows.map((row) => {
          const subject: Record<string, string | null> = {
            settingKey: row.key,
            // Compact JSON, as the back office edits it (jsonb's text has spaces after each colon).
            settingBefore: JSON.stringify(JSON.parse(row.before)),
            settingAfter: JSON.stringify(JSON.parse(row.after)),
            settingReset: row.reset ? "yes" : "no",
            settingReason: row.reason,
            requestedBy: row.requestedBy,
            requestedById: row.requestedById,
            changeId: row.id,
          };
          return [row.id, subject] as const;
        }),
      );
    },

    async approve(tx, review, decider, afterCommit) {
      await mayDecide(tx, decider);
      const row = await pending(tx, review.subjectId);
      if (row.requestedById === decider.id) throw new DomainError("SAME_APPROVER");
      const key = row.key as SettingKey;
      const at = deps.clock.now();
      if (row.reset) await adminRepo.removeSetting(tx, key);
      else await setSetting(tx, key, JSON.parse(row.after), row.requestedById, at);
      await decide(tx, row.id, "approved");
      await recordStaffAction(tx, decider, {
        action: row.reset ? CONFIG_AUDIT.reset : CONFIG_AUDIT.set,
        target: configTarget(key),
        reason: row.reason,
        details: {
          key,
          before: JSON.parse(row.before) as unknown,
          after: JSON.parse(row.after) as unknown,
          changeId: row.id,
          reviewId: review.id,
          requestedBy: row.requestedBy,
        },
        at,
      });
      afterCommit(forgetTradingConfig);
    },

    async reject(tx, review, decider) {
      await mayDecide(tx, decider);
      const row = await pending(tx, review.subjectId);
      await decide(tx, row.id, "rejected");
    },
  };
}
