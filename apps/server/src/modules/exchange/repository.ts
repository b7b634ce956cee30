import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { arrayLiteral } from "../../db/arrays.js";
import { rowsOf, type Db } from "../../db/index.js";
import { exchangeQuotes } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): exchange quotes, always scoped by their owner. */

const quoteColumns = {
  id: exchangeQuotes.id,
  fromCurrency: exchangeQuotes.fromCurrency,
  toCurrency: exchangeQuotes.toCurrency,
  amount: exchangeQuotes.amount,
  receive: exchangeQuotes.receive,
  expiresAt: exchangeQuotes.expiresAt,
  usedAt: exchangeQuotes.usedAt,
};

export type QuoteRow = Awaited<ReturnType<typeof findQuote>>;

export async function insertQuote(tx: Db, values: typeof exchangeQuotes.$inferInsert): Promise<string> {
  const [row] = await tx.insert(exchangeQuotes).values(values).returning({ id: exchangeQuotes.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** A quote as a fill finds it: its owner, terms, expiry and whether it was used. */
export interface LockedQuote {
  id: string;
  userId: string;
  fromCurrency: string;
  toCurrency: string;
  amount: string;
  receive: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * The quotes of a batch of fills, locked in id order (so batches sharing a quote cannot deadlock) for the
 * rest of the fills' transaction: a second fill of one quote waits for the first and then finds it used.
 * Read by id alone; the caller compares the owner (another user's quote is NOT_FOUND, as a missing one).
 */
export async function lockQuotes(tx: Db, ids: readonly string[]): Promise<LockedQuote[]> {
  return tx
    .select({ ...quoteColumns, userId: exchangeQuotes.userId })
    .from(exchangeQuotes)
    .where(inArray(exchangeQuotes.id, [...new Set(ids)]))
    .orderBy(asc(exchangeQuotes.id))
    .for("update");
}

/** Marks filled quotes used, each linked to the journal entry that booked it, in one statement. */
export async function markFilled(tx: Db, fills: readonly { id: string; at: Date; entryId: number }[]) {
  const updated = await tx.execute(sql`
    update exchange_quotes q set used_at = f.at, entry_id = f.entry_id
    from unnest(${arrayLiteral(fills.map((f) => f.id))}::uuid[], ${arrayLiteral(fills.map((f) => f.at.toISOString()))}::timestamptz[],
      ${arrayLiteral(fills.map((f) => f.entryId))}::bigint[]) as f(id, at, entry_id)
    where q.id = f.id and q.used_at is null
    returning q.id`);
  if (rowsOf(updated).length !== fills.length) throw new Error("a filled quote was used already");
}

/** One of the user's quotes; undefined for another user's quote and one that never existed alike. */
export async function findQuote(tx: Db, params: { userId: string; id: string }) {
  const [row] = await tx
    .select(quoteColumns)
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, params.id), eq(exchangeQuotes.userId, params.userId)));
  return row;
}
