import { and, eq, sql, type SQL } from "drizzle-orm";
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
 * Marks the user's quote used, if it is still unused and not expired at `at` and `claimed` holds (the
 * fill's idempotency key was claimed: it travels in that statement, `idempotent`'s `alongside`), returning
 * what the fill books. The guard is in the UPDATE itself, so two fills of one quote cannot both pass: the
 * second waits for the first's row lock and then finds `used_at` set.
 */
export const claimQuoteSql = (params: { userId: string; id: string; at: Date }, claimed: SQL): SQL => sql`
  update exchange_quotes set used_at = ${params.at.toISOString()}
  where id = ${params.id} and user_id = ${params.userId} and used_at is null
    and expires_at > ${params.at.toISOString()} and ${claimed}
  returning id, from_currency as "fromCurrency", to_currency as "toCurrency", amount::text as amount,
    receive::text as receive`;

/** The quote `claimQuoteSql` claimed, from its row; undefined when it matched nothing. */
export function claimedQuote(row: Record<string, unknown>): ClaimedQuote | undefined {
  return typeof row.id === "string" ? (row as unknown as ClaimedQuote) : undefined;
}

export interface ClaimedQuote {
  id: string;
  fromCurrency: string;
  toCurrency: string;
  amount: string;
  receive: string;
}

/** One of the user's quotes; undefined for another user's quote and one that never existed alike. */
export async function findQuote(tx: Db, params: { userId: string; id: string }) {
  const [row] = await tx
    .select(quoteColumns)
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, params.id), eq(exchangeQuotes.userId, params.userId)));
  return row;
}

/**
 * Links a filled quote to the journal entry that booked it: a statement for the end of the fill (it runs
 * with the COMMIT), on the quote the fill has claimed and so holds locked.
 */
export const setQuoteEntrySql = (id: string, entryId: number): SQL =>
  sql`update exchange_quotes set entry_id = ${entryId} where id = ${id}`;
