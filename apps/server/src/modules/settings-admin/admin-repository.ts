import type { SettingKey } from "@brokerage/api";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { adminUsers, settings } from "../../db/schema/index.js";
import { storedJson } from "../settings/index.js";

/** SQL only: the stored configuration values (JSON text) with who stored them (the back office's `config/*`). */

export async function storedSettings(tx: Db) {
  return tx
    .select({
      key: settings.key,
      value: storedJson,
      updatedAt: settings.updatedAt,
      updatedBy: adminUsers.account,
    })
    .from(settings)
    .leftJoin(adminUsers, eq(adminUsers.id, settings.updatedBy));
}

/** Removes a stored value (the key has its default again); whether there was one. */
export async function removeSetting(tx: Db, key: SettingKey): Promise<boolean> {
  const removed = await tx.delete(settings).where(eq(settings.key, key)).returning({ key: settings.key });
  return removed.length > 0;
}
