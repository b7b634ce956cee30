import { count } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { adminUsers, auditLog, institutions } from "../../db/schema/index.js";

export async function countAdminUsers(tx: Db): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

export async function countInstitutions(tx: Db): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(institutions);
  return row?.n ?? 0;
}

export async function insertAdminUser(tx: Db, values: typeof adminUsers.$inferInsert) {
  await tx.insert(adminUsers).values(values);
}

export async function insertInstitution(tx: Db, values: typeof institutions.$inferInsert) {
  await tx.insert(institutions).values(values);
}

export async function appendAudit(tx: Db, entry: typeof auditLog.$inferInsert) {
  await tx.insert(auditLog).values(entry);
}
