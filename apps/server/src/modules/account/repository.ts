import { FUND_FLOW_TYPES } from "@brokerage/api";
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/index.js";
import { portfolioDays, portfolioMarks, postings } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS). Reads of the user's postings and the portfolio's daily marks. */

export interface CurrencyAmount {
  currency: string;
  amount: string;
}

/**
 * The user's net deposits per currency (FUND_FLOW_TYPES: deposits and loans in, payouts and repayments
 * out, adjustments either way), from `since` when given.
 */
export async function netDeposits(db: Db, userId: string, since?: Date): Promise<CurrencyAmount[]> {
  return db
    .select({ currency: postings.currency, amount: sql<string>`sum(${postings.amount})::text` })
    .from(postings)
    .where(
      and(
        eq(postings.userId, userId),
        inArray(postings.entryType, [...FUND_FLOW_TYPES]),
        since === undefined ? undefined : gte(postings.createdAt, since),
      ),
    )
    .groupBy(postings.currency);
}

/** The accounts whose balances are the equity: what the overview counts (frozen is held and margin). */
const EQUITY_PURPOSES = sql.raw(`'available', 'held', 'margin'`);

export interface BalanceAt {
  userId: string;
  currency: string;
  balance: string;
}

/**
 * Every user's balance (or one user's) per currency just before the instant `at`: for each of their
 * available, held and margin accounts, the running balance its last posting before `at` left (posting ids
 * order an account's postings; `postings_account_idx` is (account_id, id)). Accounts without a posting
 * before `at` are not answered.
 */
export async function balancesAt(db: Db, at: Date, userId?: string): Promise<BalanceAt[]> {
  const owner = userId === undefined ? sql`a.user_id is not null` : sql`a.user_id = ${userId}`;
  const result = await db.execute(sql`
    select a.user_id, a.currency, sum(last.balance_after)::text as balance
    from ledger_accounts a
    cross join lateral (
      select p.balance_after from postings p
      where p.account_id = a.id and p.created_at < ${at.toISOString()}::timestamptz
      order by p.id desc limit 1
    ) last
    where ${owner} and a.purpose in (${EQUITY_PURPOSES})
    group by a.user_id, a.currency`);
  return rowsOf<{ user_id: string; currency: string; balance: string }>(result).map((row) => ({
    userId: row.user_id,
    currency: row.currency,
    balance: row.balance,
  }));
}

/** The first instant any user's money moved (undefined: none has yet). */
export async function firstPostingAt(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: postings.createdAt })
    .from(postings)
    .where(sql`${postings.userId} is not null`)
    .orderBy(asc(postings.id))
    .limit(1);
  return row?.at;
}

/** The latest day marked (`YYYY-MM-DD`), or undefined before the first. */
export async function lastMarkedDay(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ day: portfolioDays.day })
    .from(portfolioDays)
    .orderBy(desc(portfolioDays.day))
    .limit(1);
  return row?.day;
}

/**
 * Claims a day for marking: true when this transaction wrote its row, false when another writer already
 * has (it waits for that writer's transaction, then writes nothing).
 */
export async function claimDay(
  tx: Db,
  day: { day: string; endsAt: Date; rates: Record<string, string>; markedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(portfolioDays)
    .values(day)
    .onConflictDoNothing()
    .returning({ day: portfolioDays.day });
  return rows.length === 1;
}

const MARKS_PER_STATEMENT = 1000;

export async function insertMarks(
  tx: Db,
  marks: readonly { userId: string; day: string; currency: string; equity: string }[],
): Promise<void> {
  for (let i = 0; i < marks.length; i += MARKS_PER_STATEMENT)
    await tx
      .insert(portfolioMarks)
      .values(marks.slice(i, i + MARKS_PER_STATEMENT))
      .onConflictDoNothing();
}

export interface MarkRow {
  day: string;
  currency: string;
  equity: string;
  rates: Record<string, string>;
}

/** The user's marks from `from` (all when undefined) until before `before`, oldest first, with their day's rates. */
export async function marksOf(
  db: Db,
  params: { userId: string; from?: string; before: string },
): Promise<MarkRow[]> {
  return db
    .select({
      day: portfolioMarks.day,
      currency: portfolioMarks.currency,
      equity: portfolioMarks.equity,
      rates: portfolioDays.rates,
    })
    .from(portfolioMarks)
    .innerJoin(portfolioDays, eq(portfolioDays.day, portfolioMarks.day))
    .where(
      and(
        eq(portfolioMarks.userId, params.userId),
        params.from === undefined ? undefined : gte(portfolioMarks.day, params.from),
        lt(portfolioMarks.day, params.before),
      ),
    )
    .orderBy(asc(portfolioMarks.day), asc(portfolioMarks.currency));
}

/** Whether the day has been marked (its users' marks, if any, are all written). */
export async function isMarked(db: Db, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: portfolioDays.day })
    .from(portfolioDays)
    .where(eq(portfolioDays.day, day));
  return row !== undefined;
}
