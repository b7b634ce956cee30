import { asc } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { config } from "../../db/schema/index.js";

export async function listConfig(tx: Db) {
  return tx.select({ name: config.name, value: config.value }).from(config).orderBy(asc(config.name));
}

/** Adds entries that are missing; never overwrites what an operator has set. */
export async function insertMissingConfig(tx: Db, entries: { name: string; value: string }[], now: Date) {
  if (entries.length === 0) return;
  await tx
    .insert(config)
    .values(entries.map((e) => ({ ...e, updatedAt: now })))
    .onConflictDoNothing({ target: config.name });
}
