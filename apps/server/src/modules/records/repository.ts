import { and, asc, desc, eq, gt, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/index.js";
import { journalEntries, ledgerAccounts, postings } from "../../db/schema/index.js";

/** SQL only (CONVENTIONS): reads of the user's postings. Every query is scoped by the owner. */

const recordColumns = {
  id: postings.id,
  entryType: postings.entryType,
  purpose: postings.purpose,
  currency: postings.currency,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  createdAt: postings.createdAt,
  reference: journalEntries.reference,
  reason: journalEntries.reason,
};

export type RecordRow = Awaited<ReturnType<typeof listPage>>[number];

/**
 * One page of the user's postings, newest first by posting id (`postings_user_idx` is (user_id, id)),
 * strictly older than `beforeId` when given.
 */
export async function listPage(
  db: Db,
  params: {
    userId: string;
    type?: string;
    currency?: string;
    reference?: string;
    beforeId?: number;
    limit: number;
  },
) {
  const { userId, type, currency, reference, beforeId, limit } = params;
  return db
    .select(recordColumns)
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(postings.userId, userId),
        type === undefined ? undefined : eq(postings.entryType, type),
        currency === undefined ? undefined : eq(postings.currency, currency),
        // The entries of one reference through their own index, not a scan of every posting of the user.
        reference === undefined
          ? undefined
          : inArray(
              postings.entryId,
              db
                .select({ id: journalEntries.id })
                .from(journalEntries)
                .where(and(eq(journalEntries.reference, reference), eq(journalEntries.userId, userId))),
            ),
        beforeId === undefined ? undefined : lt(postings.id, beforeId),
      ),
    )
    .orderBy(desc(postings.id))
    .limit(limit);
}

/** The last posting of the joined account strictly before `instant`: its id and the balance it left. */
function lastPostingBefore(db: Db, name: string, instant: Date) {
  const p = alias(postings, `${name}_p`);
  return db
    .select({
      id: sql<number>`${p.id}`.as(`${name}_id`),
      balance: sql<string>`${p.balanceAfter}`.as(`${name}_balance`),
    })
    .from(p)
    .where(and(eq(p.accountId, ledgerAccounts.id), lt(p.createdAt, instant)))
    .orderBy(desc(p.id))
    .limit(1)
    .as(name);
}

export interface StatementAccountRow {
  accountId: number;
  purpose: string;
  currency: string;
  /** The last posting before the period (null: none) and the balance it left. */
  openingId: number | null;
  opening: string;
  /** The last posting before the period's end (null: none) and the balance it left. */
  closingId: number | null;
  closing: string;
}

/**
 * The user's accounts (of one currency, or all) with their balances at the period's start and end: the
 * running balance of the last posting before each instant. The statement lists the postings between the
 * two by id, so opening + postings = closing holds exactly, even for a posting whose time and id order
 * differ by a concurrent commit at a boundary.
 */
export async function statementAccounts(
  db: Db,
  params: { userId: string; currency?: string; start: Date; end: Date },
): Promise<StatementAccountRow[]> {
  const { userId, currency, start, end } = params;
  const opening = lastPostingBefore(db, "opening", start);
  const closing = lastPostingBefore(db, "closing", end);
  const rows = await db
    .select({
      accountId: ledgerAccounts.id,
      purpose: ledgerAccounts.purpose,
      currency: ledgerAccounts.currency,
      openingId: opening.id,
      opening: opening.balance,
      closingId: closing.id,
      closing: closing.balance,
    })
    .from(ledgerAccounts)
    .leftJoinLateral(opening, sql`true`)
    .leftJoinLateral(closing, sql`true`)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        currency === undefined ? undefined : eq(ledgerAccounts.currency, currency),
      ) as SQL,
    );
  return rows.map((row) => ({
    ...row,
    openingId: row.openingId === null ? null : Number(row.openingId),
    opening: row.opening ?? "0",
    closingId: row.closingId === null ? null : Number(row.closingId),
    closing: row.closing ?? "0",
  }));
}

/** The postings of one of the user's accounts after `afterId` up to `throughId`, oldest first. */
export async function accountPostings(
  db: Db,
  params: { userId: string; accountId: number; afterId: number | null; throughId: number },
) {
  const { userId, accountId, afterId, throughId } = params;
  return db
    .select(recordColumns)
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(postings.accountId, accountId),
        eq(postings.userId, userId),
        gt(postings.id, afterId ?? 0),
        lte(postings.id, throughId),
      ),
    )
    .orderBy(asc(postings.id));
}
