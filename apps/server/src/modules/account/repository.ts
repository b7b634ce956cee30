import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { postings } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS). The user's realised P&L per currency: the sum of their `realisedPnl` postings. */
export async function realisedPnl(db: Db, userId: string): Promise<{ currency: string; amount: string }[]> {
  return db
    .select({ currency: postings.currency, amount: sql<string>`sum(${postings.amount})::text` })
    .from(postings)
    .where(and(eq(postings.userId, userId), eq(postings.entryType, "realisedPnl")))
    .groupBy(postings.currency);
}
