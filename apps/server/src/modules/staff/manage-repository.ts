import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { adminUsers } from "../../db/schema/index.js";
import type { AdminRole } from "@brokerage/api";

export type StaffRow = typeof adminUsers.$inferSelect;

export async function listStaff(tx: Db) {
  return tx.select().from(adminUsers).orderBy(asc(adminUsers.createdAt), asc(adminUsers.id));
}

export async function insertStaff(
  tx: Db,
  values: { account: string; passwordHash: string; role: AdminRole; at: Date },
): Promise<StaffRow> {
  const [row] = await tx
    .insert(adminUsers)
    .values({
      account: values.account,
      passwordHash: values.passwordHash,
      role: values.role,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  if (!row) throw new Error("insert into admin_users returned no row");
  return row;
}

/**
 * Locks every active administrator's row, then the target's, for the rest of the transaction: two
 * administrators demoting or disabling each other at once are applied one after the other, so the second
 * sees that only one administrator is left.
 */
export async function lockForChange(tx: Db, id: string) {
  const admins = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "administrator"), eq(adminUsers.disabled, false)))
    .orderBy(asc(adminUsers.id))
    .for("update");
  const [target] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1).for("update");
  return { target, activeAdministrators: admins.length };
}

export async function updateStaff(
  tx: Db,
  id: string,
  values: { role?: AdminRole; disabled?: boolean; at: Date },
): Promise<StaffRow> {
  const { at, ...changes } = values;
  const [row] = await tx
    .update(adminUsers)
    .set({ ...changes, updatedAt: at })
    .where(eq(adminUsers.id, id))
    .returning();
  if (!row) throw new Error("update of admin_users returned no row");
  return row;
}
