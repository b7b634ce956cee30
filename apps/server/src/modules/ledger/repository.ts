import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/index.js";
import { executePrepared } from "./pooled.js";

/** SQL only (CONVENTIONS): the ledger's tables. The booking rules are in book.ts. */

export interface AccountRow {
  id: number;
  userId: string | null;
  purpose: string;
  currency: string;
  balance: string;
}

/** One line of an entry to book: its account (by natural key) and signed amount. */
export interface BookingLine {
  userId: string | null;
  purpose: string;
  currency: string;
  /** The platform account's shard (0 for users' accounts): see `platformShard`. */
  shard: number;
  amount: string;
}

export type BookingResult =
  /** Booked: the entry's id and each line's balance after it, in the lines' order (deferred: undefined). */
  | { outcome: "booked"; entryId: number; balances: (string | undefined)[] }
  /** Some accounts do not exist yet: nothing was changed (create them, then book again). */
  | { outcome: "missing" }
  /** A user's account would go below zero: nothing was changed. */
  | { outcome: "insufficient" };

/** The platform's accounts in the one order every transaction locks them (C collation: as JS compares). */
const PLATFORM_ORDER = sql.raw(`a.purpose collate "C", a.currency collate "C", a.shard`);

/**
 * Books an entry in two statements, so two round trips whatever its size (DESIGN §5 Ledger):
 *
 * 1. locks the entry's accounts in one fixed order, users' accounts by id, then the platform's by purpose,
 *    currency and shard (`order by … for update`), so concurrent entries over the same accounts cannot deadlock,
 *    and reads whether each exists and would stay allowed (a user's balance at zero or above; a platform's
 *    may go negative). The platform's accounts come last because entries of one kind all share them (every
 *    exchange moves the FX accounts): an entry waiting for a busy user's account must not hold them
 *    meanwhile. With `deferPlatform` they are not locked nor moved here at all, only found: the caller
 *    settles them at the end of its transaction (`keys.settleSql`), which holds them for less time still;
 * 2. only when all exist and all are allowed: moves the balances, writes the journal entry and the
 *    postings with their running balances, in one statement.
 *
 * Two statements on purpose: the second one's snapshot is taken once every row is locked, so it reads and
 * updates the current rows. (One statement locking in a CTE and updating in the same query reads the rows
 * through its older snapshot, and PostgreSQL's re-check of a row changed since then was seen to skip rows
 * under contention.) All or nothing: a refused entry changes no row, and the answer says why.
 */
export async function bookEntry(
  tx: Db,
  entry: EntryRow,
  lines: readonly BookingLine[],
  { deferPlatform }: { deferPlatform: boolean },
): Promise<BookingResult> {
  const wanted = sql.join(
    lines.map(
      (l, i) =>
        sql`(${i}::int, ${l.userId}::uuid, ${l.purpose}::text, ${l.currency}::text, ${l.shard}::smallint, ${l.amount}::numeric)`,
    ),
    sql`, `,
  );
  const sameAccount = sql`a.user_id is not distinct from w.user_id and a.purpose = w.purpose and a.currency = w.currency and a.shard = w.shard`;
  const found = rowsOf<{ id: number | string; ord: number; allowed: boolean }>(
    await executePrepared(
      tx,
      deferPlatform
        ? sql`
          with wanted(ord, user_id, purpose, currency, shard, amount) as (values ${wanted}),
          users as materialized (
            select a.id, w.ord, a.balance + w.amount >= 0 as allowed
            from ledger_accounts a join wanted w
              on a.user_id = w.user_id and a.purpose = w.purpose and a.currency = w.currency and a.shard = w.shard
            order by a.id
            for update of a
          )
          select id, ord, allowed from users
          union all
          select a.id, w.ord, true from ledger_accounts a join wanted w on a.user_id is null and ${sameAccount}`
        : sql`
          select a.id, w.ord, (a.user_id is null or a.balance + w.amount >= 0) as allowed
          from ledger_accounts a
          join (values ${wanted}) as w(ord, user_id, purpose, currency, shard, amount) on ${sameAccount}
          order by a.user_id is null, case when a.user_id is null then 0 else a.id end, ${PLATFORM_ORDER}
          for update of a`,
    ),
  );
  if (found.length < lines.length) return { outcome: "missing" };
  if (!found.every((row) => row.allowed)) return { outcome: "insufficient" };

  const now = found.filter((row) => !deferPlatform || (lines[row.ord] as BookingLine).userId !== null);
  const at = entry.createdAt.toISOString();
  const moves = sql.join(
    now.map((row) => {
      const line = lines[row.ord] as BookingLine;
      return sql`(${Number(row.id)}::bigint, ${row.ord}::int, ${line.userId}::uuid, ${line.purpose}::text,
        ${line.currency}::text, ${line.amount}::numeric)`;
    }),
    sql`, `,
  );
  const result = await executePrepared(
    tx,
    sql`
    with lines(id, ord, user_id, purpose, currency, amount) as (values ${moves}),
    moved as (
      update ledger_accounts a set balance = a.balance + l.amount
      from lines l
      where a.id = l.id and (a.user_id is null or a.balance + l.amount >= 0)
      returning a.id, a.balance, l.ord
    ),
    entry as (
      insert into journal_entries (type, user_id, reference, idempotency_key, caused_by, staff_id, reason, created_at)
      select ${entry.type}, ${entry.userId}::uuid, ${entry.reference}, ${entry.idempotencyKey}, ${entry.causedBy},
        ${entry.staffId}::uuid, ${entry.reason}, ${at}::timestamptz
      where (select count(*) from moved) = ${now.length}
      returning id
    ),
    posted as (
      insert into postings (entry_id, account_id, user_id, purpose, currency, entry_type, amount, balance_after, created_at)
      select e.id, m.id, l.user_id, l.purpose, l.currency, ${entry.type}, l.amount, m.balance, ${at}::timestamptz
      from entry e cross join moved m join lines l on l.id = m.id
      order by m.id
      returning 1
    )
    select m.ord, m.balance::text as balance, e.id::text as "entryId", (select count(*)::int from posted) as posted
    from moved m left join entry e on true`,
  );
  const rows = rowsOf<{ ord: number; balance: string; entryId: string | null; posted: number | string }>(
    result,
  );
  const entryId = rows[0]?.entryId;
  // The rows are locked and allowed: anything else is a bug, and throwing rolls the transaction back.
  if (!entryId || rows.length !== now.length || Number(rows[0]?.posted) !== now.length)
    throw new Error(`booking inconsistent: ${JSON.stringify(rows)}`);
  const balances: (string | undefined)[] = lines.map(() => undefined);
  for (const row of rows) balances[Number(row.ord)] = row.balance;
  return { outcome: "booked", entryId: Number(entryId), balances };
}

/** Creates the accounts that do not exist yet (a concurrent creator's row is waited for, then kept). */
export async function createAccounts(tx: Db, lines: readonly BookingLine[]): Promise<void> {
  const values = sql.join(
    lines.map((l) => sql`(${l.userId}::uuid, ${l.purpose}::text, ${l.currency}::text, ${l.shard}::smallint)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ledger_accounts (user_id, purpose, currency, shard)
    select user_id, purpose, currency, shard from (values ${values}) as wanted(user_id, purpose, currency, shard)
    order by user_id nulls first, purpose, currency, shard
    on conflict do nothing`);
}

export interface EntryRow {
  type: string;
  userId: string | null;
  reference: string | null;
  idempotencyKey: string | null;
  causedBy: "user" | "staff" | "system";
  staffId: string | null;
  reason: string | null;
  createdAt: Date;
}

/** Every account of a user with its balance. */
export async function userAccounts(db: Db, userId: string): Promise<AccountRow[]> {
  const result = await db.execute(sql`
    select id, user_id as "userId", purpose, currency, balance
    from ledger_accounts where user_id = ${userId} order by currency, purpose`);
  return rowsOf<AccountRow>(result).map((r) => ({ ...r, id: Number(r.id) }));
}

export { rowsOf };
