import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/index.js";
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

/**
 * Marks the user's quote used, if it is still unused and not expired at `at`, and answers it; undefined
 * otherwise. The guard is in the UPDATE itself, so two fills of one quote cannot both pass: the second
 * waits for the first's row lock and then finds `used_at` set.
 */
export async function claimQuote(tx: Db, params: { userId: string; id: string; at: Date }) {
  const [row] = await tx
    .update(exchangeQuotes)
    .set({ usedAt: params.at })
    .where(
      and(
        eq(exchangeQuotes.id, params.id),
        eq(exchangeQuotes.userId, params.userId),
        isNull(exchangeQuotes.usedAt),
        gt(exchangeQuotes.expiresAt, params.at),
      ),
    )
    .returning(quoteColumns);
  return row;
}

/** One of the user's quotes; undefined for another user's quote and one that never existed alike. */
export async function findQuote(tx: Db, params: { userId: string; id: string }) {
  const [row] = await tx
    .select(quoteColumns)
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, params.id), eq(exchangeQuotes.userId, params.userId)));
  return row;
}

/** Links a filled quote to the journal entry that booked it. */
export async function setQuoteEntry(tx: Db, id: string, entryId: number): Promise<void> {
  await tx.update(exchangeQuotes).set({ entryId }).where(eq(exchangeQuotes.id, id));
}
