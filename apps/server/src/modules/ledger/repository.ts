import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/index.js";
import { arrayLiteral } from "../../db/arrays.js";
import { executeText, textStatement } from "./pooled.js";

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

/** One call to book with `bookCalls`: its journal entries' common columns and its entries, in order. */
export interface CallLines {
  row: Omit<EntryRow, "type">;
  entries: readonly EntryLines[];
}

/** One entry of a call: its type and its lines. */
export interface EntryLines {
  type: string;
  lines: readonly BookingLine[];
}

export type CallResult =
  /**
   * Booked: each entry's id and each of its lines' balance after it, in the lines' order (undefined for a
   * platform line whose settlement is deferred).
   */
  | { outcome: "booked"; entries: { entryId: number; balances: (string | undefined)[] }[] }
  /**
   * Refused, nothing of it written: a user's account would go below zero after its entry `entry` (0-based);
   * `available` is the user's available balance of that line's currency before the call.
   */
  | { outcome: "insufficient"; entry: number; available: string };

/**
 * Books calls, each all or nothing, in one call of the database function `ledger_book_calls`
 * (db/functions): one round trip however many calls, entries and lines. It creates the accounts that do
 * not exist yet, locks every account of the batch in the one fixed order (users' by id, then the
 * platform's by purpose, currency and shard, so concurrent batches cannot deadlock), decides each call in
 * order on the locked balances (a user's account below zero after any of its entries refuses the call, and
 * the next call starts from the balances before it), then writes the booked calls' entries, balances and
 * postings with their running balances in one statement.
 *
 * With `deferPlatform` the platform's accounts are found but neither locked nor moved: the caller settles
 * their lines at the end of its transaction (`keys.settlePlatformSql`), holding those shared rows for one
 * statement and the commit only.
 */
/** The statement of `bookCalls`: its arguments are arrays (per call, per entry, per line), its text fixed. */
const BOOK_CALLS = `select o_call as "call", o_outcome as outcome, o_entry as entry, o_line as line,
    o_balance::text as balance, o_entry_id::text as "entryId"
  from ledger_book_calls($1::int[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::text[],
    $8::timestamptz[], $9::int[], $10::text[], $11::uuid[], $12::text[], $13::text[], $14::smallint[],
    $15::numeric[], $16::boolean, $17::bigint[], $18::numeric[])`;

/**
 * `ledger_book_calls`' arguments for `calls`; `decided`: the entries' ids and every line's balance after it
 * (null for the platform's lines) as the caller decided them, for the function to check.
 */
function bookingValues(
  calls: readonly CallLines[],
  deferPlatform: boolean,
  decided: { entryIds: readonly number[]; balances: readonly (string | null)[] } | null,
): unknown[] {
  const callStarts: number[] = [];
  const entryStarts: number[] = [];
  const types: string[] = [];
  const lines: BookingLine[] = [];
  for (const call of calls) {
    callStarts.push(types.length + 1);
    for (const entry of call.entries) {
      types.push(entry.type);
      entryStarts.push(lines.length + 1);
      lines.push(...entry.lines);
    }
  }
  const column = <T extends string | number | null>(pick: (c: CallLines) => T) =>
    arrayLiteral(calls.map(pick));
  return [
    arrayLiteral(callStarts),
    column((c) => c.row.userId),
    column((c) => c.row.reference),
    column((c) => c.row.idempotencyKey),
    column((c) => c.row.causedBy),
    column((c) => c.row.staffId),
    column((c) => c.row.reason),
    column((c) => c.row.createdAt.toISOString()),
    arrayLiteral(entryStarts),
    arrayLiteral(types),
    arrayLiteral(lines.map((l) => l.userId)),
    arrayLiteral(lines.map((l) => l.purpose)),
    arrayLiteral(lines.map((l) => l.currency)),
    arrayLiteral(lines.map((l) => l.shard)),
    arrayLiteral(lines.map((l) => l.amount)),
    deferPlatform,
    decided === null ? null : arrayLiteral(decided.entryIds),
    decided === null ? null : arrayLiteral(decided.balances),
  ];
}

/**
 * The booking of calls the caller has decided, on their accounts locked beforehand, all book (see
 * `MoneyCalls`), with their entries' ids reserved beforehand (`entryIds`, one per entry in order) and each
 * line's balance after it as the caller worked it out (`balances`, in the lines' order; null for the
 * platform's), as a statement to send with the transaction's last ones: `ledger_book_calls` books them as
 * `bookCalls` does, under the same guard, and fails (so the COMMIT after it never runs) if any call is
 * refused after all or any user's line comes to another balance. The platform's side is deferred, as in
 * every money call.
 */
export function bookDecidedSql(
  calls: readonly CallLines[],
  decided: { entryIds: readonly number[]; balances: readonly (string | null)[] },
): SQL {
  return textStatement(BOOK_CALLS, bookingValues(calls, true, decided));
}

export async function bookCalls(
  tx: Db,
  calls: readonly CallLines[],
  deferPlatform: boolean,
): Promise<CallResult[]> {
  const rows = (await executeText(tx, BOOK_CALLS, bookingValues(calls, deferPlatform, null))) as {
    call: number;
    outcome: string;
    entry: number;
    line: number | null;
    balance: string | null;
    entryId: string | null;
  }[];
  const results: (CallResult | undefined)[] = calls.map(() => undefined);
  for (const row of rows) {
    const at = Number(row.call) - 1;
    const call = calls[at];
    if (!call) throw new Error(`ledger_book_calls answered call ${row.call}`);
    if (row.outcome === "insufficient") {
      results[at] = { outcome: "insufficient", entry: Number(row.entry) - 1, available: row.balance ?? "0" };
      continue;
    }
    let result = results[at];
    if (!result) {
      result = {
        outcome: "booked",
        entries: call.entries.map((e) => ({ entryId: 0, balances: e.lines.map(() => undefined) })),
      };
      results[at] = result;
    }
    if (result.outcome !== "booked") throw new Error("ledger_book_calls answered a call twice");
    const entry = result.entries[Number(row.entry) - 1];
    if (!entry || row.entryId === null) throw new Error(`ledger_book_calls answered ${JSON.stringify(row)}`);
    entry.entryId = Number(row.entryId);
    entry.balances[Number(row.line) - 1] = row.balance ?? undefined;
  }
  return results.map((result, i) => {
    if (!result) throw new Error(`ledger_book_calls answered nothing for call ${i + 1}`);
    return result;
  });
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

/**
 * Every account of the users of a batch of money calls, locked for the transaction in id order (the
 * booking's lock order for users' accounts, `ledger_book_calls`), with its balance: sent with the claim,
 * so that the batch is decided on balances nobody else can move until it commits.
 */
export function lockUserAccountsSql(userIds: readonly string[]): SQL {
  return sql`select user_id::text as "userId", purpose, currency, balance::text as balance
    from ledger_accounts where user_id = any(${arrayLiteral([...new Set(userIds)])}::uuid[]) and shard = 0
    order by id for update`;
}

/** The rows of `lockUserAccountsSql` as balances by `userAccountKey`. */
export function lockedBalances(rows: readonly Record<string, unknown>[]): Map<string, string> {
  return new Map(
    rows.map((r) => [
      userAccountKey(String(r.userId), String(r.purpose), String(r.currency)),
      String(r.balance),
    ]),
  );
}

/** A user's account as `lockedBalances` names it. */
export const userAccountKey = (userId: string, purpose: string, currency: string) =>
  `${userId}/${purpose}/${currency}`;

/**
 * `count` ids of journal entries taken from their sequence, for entries booked later in the transaction
 * (`bookDecidedSql`). Ids reserved and not used are gaps in the sequence, as a rolled-back booking leaves.
 */
export function reserveEntryIdsSql(count: number): SQL {
  return sql`select nextval('journal_entries_id_seq')::text as id from generate_series(1, ${count}::int)`;
}
