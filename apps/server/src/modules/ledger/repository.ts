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

/**
 * A PostgreSQL array literal of `values` (NULL for null), e.g. `{"a","b",NULL}`: the booking function
 * takes an entry's lines as arrays, one parameter each, so its statement text is the same for every entry.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const items = values.map((v) =>
    v === null ? "NULL" : `"${String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(",")}}`;
}

/**
 * Books an entry in one call of the database function `ledger_book` (migration 0005), so one round trip
 * whatever its size, planned once per connection (DESIGN §5 Ledger). The function, in statements that
 * each see the rows as they are once the previous one is done:
 *
 * 1. locks the entry's accounts in one fixed order, users' accounts by id, then the platform's by purpose,
 *    currency and shard (`order by … for update`), so concurrent entries over the same accounts cannot
 *    deadlock. The platform's accounts come last because entries of one kind share them (every exchange
 *    moves the FX accounts): an entry waiting for a busy user's account must not hold them meanwhile. With
 *    `deferPlatform` they are not locked nor moved here at all, only found: the caller settles them at the
 *    end of its transaction (`keys.settleSql`), which holds them for less time still;
 * 2. reads, now that they are locked, whether each exists and would stay allowed (a user's balance at zero
 *    or above; a platform's may go negative), and answers `missing` or `insufficient` having changed nothing;
 * 3. writes the journal entry, moves the balances and writes the postings with their running balances.
 *
 * The check is a statement of its own on purpose: its snapshot is taken once every row is locked, so it
 * reads the current rows. (One statement locking in a CTE and updating in the same query reads the rows
 * through its older snapshot, and PostgreSQL's re-check of a row changed since then was seen to skip rows
 * under contention.) All or nothing: a refused entry changes no row, and the answer says why.
 */
export async function bookEntry(
  tx: Db,
  entry: EntryRow,
  lines: readonly BookingLine[],
  { deferPlatform }: { deferPlatform: boolean },
): Promise<BookingResult> {
  const rows = (await executePrepared(
    tx,
    sql`select outcome, ord, balance::text as balance, entry_id::text as "entryId" from ledger_book(
      ${arrayLiteral(lines.map((l) => l.userId))}::uuid[],
      ${arrayLiteral(lines.map((l) => l.purpose))}::text[],
      ${arrayLiteral(lines.map((l) => l.currency))}::text[],
      ${arrayLiteral(lines.map((l) => l.shard))}::smallint[],
      ${arrayLiteral(lines.map((l) => l.amount))}::numeric[],
      ${deferPlatform}::boolean, ${entry.type}::text, ${entry.userId}::uuid, ${entry.reference}::text,
      ${entry.idempotencyKey}::text, ${entry.causedBy}::text, ${entry.staffId}::uuid, ${entry.reason}::text,
      ${entry.createdAt.toISOString()}::timestamptz)`,
  )) as { outcome: string; ord: number | null; balance: string | null; entryId: string | null }[];
  const first = rows[0];
  if (first?.outcome === "missing") return { outcome: "missing" };
  if (first?.outcome === "insufficient") return { outcome: "insufficient" };
  const balances: (string | undefined)[] = lines.map(() => undefined);
  for (const row of rows) balances[Number(row.ord) - 1] = row.balance ?? undefined;
  const entryId = first?.entryId;
  // A booking that moved no row of a user is booked at once by `book` (nothing deferred): never empty.
  if (!entryId) throw new Error(`booking answered no entry: ${JSON.stringify(rows)}`);
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
