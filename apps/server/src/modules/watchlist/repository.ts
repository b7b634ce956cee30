import { and, asc, count, eq, min } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { users, watchlistItems } from "../../db/schema/index.js";

/** Serialises a user's watchlist writes (the cap and the positions are read, then written). */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export async function listItems(tx: Db, userId: string) {
  return tx
    .select({ symbol: watchlistItems.symbol, exchange: watchlistItems.exchange })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))
    .orderBy(asc(watchlistItems.position), asc(watchlistItems.createdAt), asc(watchlistItems.symbol));
}

interface ItemKey {
  userId: string;
  symbol: string;
  exchange: string;
}

const isItem = (key: ItemKey) =>
  and(
    eq(watchlistItems.userId, key.userId),
    eq(watchlistItems.symbol, key.symbol),
    eq(watchlistItems.exchange, key.exchange),
  );

export async function findItem(tx: Db, key: ItemKey) {
  const [row] = await tx
    .select({ symbol: watchlistItems.symbol })
    .from(watchlistItems)
    .where(isItem(key))
    .limit(1);
  return row;
}

/** How many items the user watches and the first position in use. */
export async function listStats(tx: Db, userId: string) {
  const [row] = await tx
    .select({ items: count(), first: min(watchlistItems.position) })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId));
  return { items: row?.items ?? 0, first: row?.first ?? null };
}

export async function insertItem(tx: Db, values: typeof watchlistItems.$inferInsert) {
  await tx.insert(watchlistItems).values(values).onConflictDoNothing();
}

export async function deleteItem(tx: Db, key: ItemKey) {
  await tx.delete(watchlistItems).where(isItem(key));
}

export async function setPosition(tx: Db, params: { userId: string; symbol: string; position: number }) {
  await tx
    .update(watchlistItems)
    .set({ position: params.position })
    .where(and(eq(watchlistItems.userId, params.userId), eq(watchlistItems.symbol, params.symbol)));
}
