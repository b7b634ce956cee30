import { asc } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { config } from "../../db/schema/index.js";

export async function listConfig(tx: Db) {
  return tx.select({ name: config.name, value: config.value }).from(config).orderBy(asc(config.name));
}
