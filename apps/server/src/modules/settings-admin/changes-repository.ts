import type { SettingKey } from "@brokerage/api";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { adminUsers, reviews, settingChanges } from "../../db/schema/index.js";

/** SQL only: control settings' changes waiting for (or decided by) a second administrator. */

/** The unique index that keeps one pending change per key (migration 0026). */
export const ONE_PENDING_CHANGE_INDEX = "setting_changes_one_pending";

/** As storedJson (service.ts): the JSON as text, parsed by the caller, never twice by the driver. */
const beforeJson = sql<string>`${settingChanges.before}::text`;
const afterJson = sql<string>`${settingChanges.after}::text`;

const columns = {
  id: settingChanges.id,
  key: settingChanges.key,
  before: beforeJson,
  after: afterJson,
  reset: settingChanges.reset,
  reason: settingChanges.reason,
  state: settingChanges.state,
  requestedById: settingChanges.requestedBy,
  requestedBy: adminUsers.account,
  createdAt: settingChanges.createdAt,
  decidedAt: settingChanges.decidedAt,
  reviewId: reviews.id,
};

function selectChanges(tx: Db) {
  return tx
    .select(columns)
    .from(settingChanges)
    .innerJoin(adminUsers, eq(adminUsers.id, settingChanges.requestedBy))
    .innerJoin(reviews, and(eq(reviews.kind, "settingChange"), eq(reviews.subjectId, settingChanges.id)));
}

export type ChangeRow = Awaited<ReturnType<typeof findChanges>>[number];

export async function findChanges(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectChanges(tx).where(inArray(settingChanges.id, [...ids]));
}

/** The pending changes of the keys (at most one each). */
export async function pendingChanges(tx: Db, keys: readonly SettingKey[]) {
  if (keys.length === 0) return [];
  return selectChanges(tx).where(
    and(inArray(settingChanges.key, [...keys]), eq(settingChanges.state, "pending")),
  );
}

export async function insertChange(tx: Db, row: typeof settingChanges.$inferInsert): Promise<void> {
  await tx.insert(settingChanges).values(row);
}

/** A pending change, locked for its decision; undefined once decided. */
export async function lockPendingChange(tx: Db, id: string) {
  const [row] = await tx
    .select({ id: settingChanges.id })
    .from(settingChanges)
    .where(and(eq(settingChanges.id, id), eq(settingChanges.state, "pending")))
    .for("update");
  return row;
}

/** Decides a pending change; undefined when it is no longer pending. */
export async function decideChange(tx: Db, params: { id: string; state: "approved" | "rejected"; at: Date }) {
  const [row] = await tx
    .update(settingChanges)
    .set({ state: params.state, decidedAt: params.at })
    .where(and(eq(settingChanges.id, params.id), eq(settingChanges.state, "pending")))
    .returning({ id: settingChanges.id });
  return row;
}
