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
  const items = values.map((v) => (v === null ? "NULL" : `"${quotedElement(String(v))}"`));
  return `{${items.join(",")}}`;
}

/**
 * The text of a quoted element: a backslash and a double quote escaped with a backslash. Most elements
 * (ids, amounts, times, words) have neither and are written as they are; the rest are escaped by plain
 * string replacement, several times faster than a regular expression on long texts. Backslashes go first,
 * so that the backslashes escaping the quotes are not doubled.
 */
function quotedElement(text: string): string {
  const backslashes = text.includes("\\");
  if (!backslashes && !text.includes('"')) return text;
  const escaped = backslashes ? text.replaceAll("\\", "\\\\") : text;
  return escaped.replaceAll('"', '\\"');
}

/**
 * A PostgreSQL array literal of JSON values, for a `jsonb[]` parameter: the same text as
 * `arrayLiteral(values.map((v) => JSON.stringify(v)))`, at half the cost for long records full of quotes.
 * A JSON text written as a JSON string is exactly its quoted element: JSON escapes a backslash and a double
 * quote with a backslash, as the array literal does, and the only other characters it escapes (control
 * characters, lone surrogates) never occur in a JSON text, which has escaped them itself.
 */
export function jsonArrayLiteral(values: readonly object[]): string {
  return `{${values.map((v) => JSON.stringify(JSON.stringify(v))).join(",")}}`;
}

/** One entry to book with `bookEntries`: its type, its lines, and whether its platform side is deferred. */
export interface EntryLines {
  type: string;
  lines: readonly BookingLine[];
  deferPlatform: boolean;
}

/**
 * Books entries in one call of the database function `ledger_book_all` (migration 0009), which books each
 * with `ledger_book` (migration 0005) in order: one round trip however many entries and lines, planned
 * once per connection (DESIGN §5 Ledger). `ledger_book`, in statements that each see the rows as they are
 * once the previous one is done:
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
 * under contention.) All or nothing per entry: a refused entry changes no row, and the answer says why.
 *
 * Answers the entries' results in order, up to and including the first that was not booked (the entries
 * after it were not tried): the caller creates the missing accounts and books the rest, or rolls back.
 */
export async function bookEntries(
  tx: Db,
  entry: Omit<EntryRow, "type">,
  entries: readonly EntryLines[],
): Promise<BookingResult[]> {
  const lines = entries.flatMap((e) => e.lines);
  // Entry k's lines start at starts[k] (1-based) in the flat arrays.
  const starts: number[] = [];
  let next = 1;
  for (const e of entries) {
    starts.push(next);
    next += e.lines.length;
  }
  const rows = (await executePrepared(
    tx,
    sql`select entry_index as "index", outcome, ord, balance::text as balance, entry_id::text as "entryId"
      from ledger_book_all(
      ${arrayLiteral(starts)}::int[],
      ${arrayLiteral(lines.map((l) => l.userId))}::uuid[],
      ${arrayLiteral(lines.map((l) => l.purpose))}::text[],
      ${arrayLiteral(lines.map((l) => l.currency))}::text[],
      ${arrayLiteral(lines.map((l) => l.shard))}::smallint[],
      ${arrayLiteral(lines.map((l) => l.amount))}::numeric[],
      ${`{${entries.map((e) => e.deferPlatform).join(",")}}`}::boolean[],
      ${arrayLiteral(entries.map((e) => e.type))}::text[],
      ${entry.userId}::uuid, ${entry.reference}::text, ${entry.idempotencyKey}::text, ${entry.causedBy}::text,
      ${entry.staffId}::uuid, ${entry.reason}::text, ${entry.createdAt.toISOString()}::timestamptz)`,
  )) as {
    index: number;
    outcome: string;
    ord: number | null;
    balance: string | null;
    entryId: string | null;
  }[];
  const results: BookingResult[] = [];
  entries.forEach((e, i) => {
    const own = rows.filter((row) => Number(row.index) === i + 1);
    const first = own[0];
    if (!first) return;
    if (first.outcome === "missing" || first.outcome === "insufficient") {
      results.push({ outcome: first.outcome });
      return;
    }
    const balances: (string | undefined)[] = e.lines.map(() => undefined);
    for (const row of own) balances[Number(row.ord) - 1] = row.balance ?? undefined;
    // A booking that moved no row of a user is booked at once by `book` (nothing deferred): never empty.
    if (!first.entryId) throw new Error(`booking answered no entry: ${JSON.stringify(own)}`);
    results.push({ outcome: "booked", entryId: Number(first.entryId), balances });
  });
  return results;
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
