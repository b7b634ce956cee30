import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { searchHistory } from "../../db/schema/index.js";

/** Records a search; a keyword searched before takes the next sequence value, i.e. moves to the top. */
export async function upsertSearch(
  tx: Db,
  params: { userId: string; keyword: string; keywordKey: string; now: Date },
) {
  await tx
    .insert(searchHistory)
    .values({
      userId: params.userId,
      keyword: params.keyword,
      keywordKey: params.keywordKey,
      createdAt: params.now,
    })
    .onConflictDoUpdate({
      target: [searchHistory.userId, searchHistory.keywordKey],
      set: { keyword: params.keyword, createdAt: params.now, seq: sql`nextval('search_history_seq')` },
    });
}

/** Deletes all but the user's latest `keep` searches. */
export async function trimSearches(tx: Db, params: { userId: string; keep: number }) {
  const latest = tx
    .select({ id: searchHistory.id })
    .from(searchHistory)
    .where(eq(searchHistory.userId, params.userId))
    .orderBy(desc(searchHistory.seq))
    .limit(params.keep);
  await tx
    .delete(searchHistory)
    .where(and(eq(searchHistory.userId, params.userId), notInArray(searchHistory.id, latest)));
}

export async function listSearches(tx: Db, params: { userId: string; limit: number }) {
  return tx
    .select({ keyword: searchHistory.keyword, createdAt: searchHistory.createdAt })
    .from(searchHistory)
    .where(eq(searchHistory.userId, params.userId))
    .orderBy(desc(searchHistory.seq))
    .limit(params.limit);
}

export async function deleteSearches(tx: Db, params: { userId: string }) {
  await tx.delete(searchHistory).where(eq(searchHistory.userId, params.userId));
}
