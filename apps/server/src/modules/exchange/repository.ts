import { and, eq, sql, type SQL } from "drizzle-orm";
import { arrayLiteral } from "../../db/arrays.js";
import { failUnless } from "../../db/statements.js";
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
export function lockQuotesSql(ids: readonly string[]): SQL {
  return sql`select id::text as id, user_id::text as "userId", from_currency as "fromCurrency",
      to_currency as "toCurrency", amount::text as amount, receive::text as receive,
      expires_at as "expiresAt", used_at as "usedAt"
    from exchange_quotes where id = any(${arrayLiteral([...new Set(ids)])}::uuid[])
    order by id for update`;
}

/** The rows of `lockQuotesSql`, typed. */
export const lockedQuotes = (rows: readonly Record<string, unknown>[]): LockedQuote[] =>
  rows.map((r) => ({
    id: String(r.id),
    userId: String(r.userId),
    fromCurrency: String(r.fromCurrency),
    toCurrency: String(r.toCurrency),
    amount: String(r.amount),
    receive: String(r.receive),
    expiresAt: new Date(r.expiresAt as string | Date),
    usedAt: r.usedAt === null || r.usedAt === undefined ? null : new Date(r.usedAt as string | Date),
  }));

/**
 * Marks filled quotes used, each linked to the journal entry that booked it, in one statement to send
 * with a money call's COMMIT: it fails unless it marked every one (a quote used already).
 */
export function markFilledSql(fills: readonly { id: string; at: Date; entryId: number }[]): SQL {
  return sql`with marked as (
      update exchange_quotes q set used_at = f.at, entry_id = f.entry_id
      from unnest(${arrayLiteral(fills.map((f) => f.id))}::uuid[], ${arrayLiteral(fills.map((f) => f.at.toISOString()))}::timestamptz[],
        ${arrayLiteral(fills.map((f) => f.entryId))}::bigint[]) as f(id, at, entry_id)
      where q.id = f.id and q.used_at is null
      returning 1
    )
    ${failUnless(sql`(select count(*) from marked) = ${fills.length}`, sql`'filled quotes marked: ' || (select count(*) from marked)`)}`;
}

/** One of the user's quotes; undefined for another user's quote and one that never existed alike. */
export async function findQuote(tx: Db, params: { userId: string; id: string }) {
  const [row] = await tx
    .select(quoteColumns)
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, params.id), eq(exchangeQuotes.userId, params.userId)));
  return row;
}
