import { accountKey, checkEntry, money, toPlainString, type EntryDraft } from "@brokerage/core";
import type { EntryType } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import type { PlatformLine } from "./keys.js";
import * as repo from "./repository.js";

/**
 * How many rows each platform account is split into (`ledger_accounts.shard`). An entry moves the shard of
 * the user it is for, so one user's entries always meet on one row, and different users' entries mostly
 * on different rows: they no longer queue behind each other's commit on the platform's side.
 */
export const PLATFORM_SHARDS = 32;

/** The platform shard an entry for `userId` moves: from the (random) uuid's first 32 bits; 0 without a user. */
export function platformShard(userId: string | null): number {
  if (userId === null) return 0;
  const bits = Number.parseInt(userId.slice(0, 8), 16);
  return Number.isFinite(bits) ? bits % PLATFORM_SHARDS : 0;
}

/** An entry's postings as the booking function takes them: accounts by natural key, platform's by shard. */
export function bookingLines(entry: EntryDraft<EntryType>, userId: string | null): repo.BookingLine[] {
  const shard = platformShard(userId);
  return entry.postings.map((p) => ({
    userId: p.account.owner === "user" ? p.account.userId : null,
    purpose: p.account.purpose,
    currency: p.account.currency,
    shard: p.account.owner === "user" ? 0 : shard,
    amount: toPlainString(p.amount),
  }));
}

/** The journal entry's own row of a booking, but its type. */
export function entryRow(booking: Omit<Booking, "entry">): Omit<repo.EntryRow, "type"> {
  return {
    userId: booking.userId,
    reference: booking.reference ?? null,
    idempotencyKey: booking.idempotencyKey ?? null,
    causedBy: booking.cause.by,
    staffId: booking.cause.by === "staff" ? booking.cause.staffId : null,
    reason: booking.reason ?? null,
    createdAt: booking.at,
  };
}

/** Who caused an entry: the user themself, a staff member (with their id), or the system (schedulers). */
export type Cause = { by: "user" } | { by: "staff"; staffId: string } | { by: "system" };

export interface Booking {
  entry: EntryDraft<EntryType>;
  /** The user whose money moved (their fund records list the entry). */
  userId: string | null;
  /** What the entry belongs to, e.g. `deposit:<id>`. */
  reference?: string;
  idempotencyKey?: string;
  cause: Cause;
  /** Shown to the user in fund records (adjustments, refusals). */
  reason?: string;
  at: Date;
  /**
   * The error when a user's account would go below zero (default INSUFFICIENT_BALANCE): told which entry
   * could not be paid (0-based, for `bookMany`) and the user's available balance, before these entries, of
   * the currency of the line that could not be paid.
   */
  insufficient?: (index: number, available: string) => DomainError;
}

export interface Booked {
  entryId: number;
  /**
   * Each touched account's balance after the entry, by `accountKey`. Inside a money call (`idempotent`,
   * `MoneyCalls`) the platform's accounts are settled at the end of the call, so only the users' accounts
   * are listed there.
   */
  balances: Map<string, string>;
}

/**
 * Transactions whose platform side is settled at their end: a money call registers the transaction it
 * runs in, collects the platform's postings of every entry booked on it, and settles them with the stored
 * answers just before committing (`keys.settlePlatformSql`).
 */
const deferred = new WeakMap<Db, PlatformLine[]>();

/** Marks `tx` (the transaction of a money call) as settling the platform's side at its end. */
export function deferPlatform(tx: Db): void {
  deferred.set(tx, []);
}

/** The platform's postings booked on `tx` and not yet settled (taken: the next call answers none). */
export function takePlatformLines(tx: Db): PlatformLine[] {
  const lines = deferred.get(tx) ?? [];
  deferred.delete(tx);
  return lines;
}

/** A checked entry ready for `bookCalls`: the draft as checked, and its lines. */
export interface CheckedEntry {
  entry: EntryDraft<EntryType>;
  lines: repo.BookingLine[];
}

/** Checks entries (zero-sum per currency, scales) and answers them with their lines. */
export function checkedEntries(
  entries: readonly EntryDraft<EntryType>[],
  userId: string | null,
): CheckedEntry[] {
  return entries.map((draft) => {
    const entry = checkEntry(draft);
    return { entry, lines: bookingLines(entry, userId) };
  });
}

/**
 * What `bookCalls` booked for one call, as `Booked` per entry; the platform lines of a deferred call go to
 * `pending` for the settlement at the end of the transaction.
 */
export function bookedEntries(
  checked: readonly CheckedEntry[],
  booked: { entryId: number; balances: (string | undefined)[] }[],
  at: Date,
  pending: PlatformLine[] | undefined,
): Booked[] {
  return checked.map(({ entry, lines }, k) => {
    const result = booked[k];
    if (!result) throw new Error("an entry was not booked");
    const byAccount = new Map<string, string>();
    entry.postings.forEach((p, i) => {
      const balance = result.balances[i];
      if (balance !== undefined) byAccount.set(accountKey(p.account), balance);
    });
    if (pending)
      for (const line of lines)
        if (line.userId === null)
          pending.push({
            entryId: result.entryId,
            entryType: entry.type,
            createdAt: at.toISOString(),
            purpose: line.purpose,
            currency: line.currency,
            shard: line.shard,
            amount: line.amount,
          });
    return { entryId: result.entryId, balances: byAccount };
  });
}

/**
 * Books one entry inside the caller's transaction (DESIGN §5 Ledger): a batch of one call for the one
 * booking function (`repository.bookCalls`): the entry checked (zero-sum per currency, scales), its
 * accounts created if need be and locked in the fixed order, the non-negative guard on the locked
 * balances, the balances moved and the postings written with running balances, in one round trip.
 *
 * Inside a money call (`idempotent`, `MoneyCalls`) the platform's shared accounts are neither locked nor
 * moved here: their postings wait, and the call settles them in one statement with its stored answer right
 * before it commits. A direct transaction (`db.transaction`) books them here, locked last.
 *
 * A user's account that would go below zero refuses the whole entry and changes nothing; the error still
 * rolls back the caller's transaction, as every failed booking should. Features call this; nothing else
 * writes postings or balances.
 */
export async function book(tx: Db, booking: Booking): Promise<Booked> {
  const [booked] = await bookMany(tx, [booking.entry], booking);
  if (!booked) throw new Error("an entry was not booked");
  return booked;
}

/**
 * Books several entries, in order and all or nothing, as `book` books one, in one round trip. They share
 * the booking's user, reference, key, cause, reason and time. When a user's account cannot pay, nothing is
 * booked and `booking.insufficient` (default INSUFFICIENT_BALANCE) is thrown, rolling back the caller's
 * transaction.
 */
export async function bookMany(
  tx: Db,
  entries: readonly EntryDraft<EntryType>[],
  booking: Omit<Booking, "entry">,
): Promise<Booked[]> {
  const pending = deferred.get(tx);
  const checked = checkedEntries(entries, booking.userId);
  const [result] = await repo.bookCalls(
    tx,
    [{ row: entryRow(booking), entries: checked.map((c) => ({ type: c.entry.type, lines: c.lines })) }],
    pending !== undefined,
  );
  if (!result) throw new Error("the booking answered nothing");
  if (result.outcome === "insufficient")
    throw booking.insufficient?.(result.entry, result.available) ?? new DomainError("INSUFFICIENT_BALANCE");
  return bookedEntries(checked, result.entries, booking.at, pending);
}

/** The decimals of a numeric's text ("12.50": 2). */
const decimalsOf = (text: string) => {
  const point = text.indexOf(".");
  return point < 0 ? 0 : text.length - point - 1;
};

/** `a + b` as PostgreSQL's numeric writes it: at the larger of the two scales. */
const plus = (a: string, b: string) =>
  money(a)
    .plus(b)
    .toFixed(Math.max(decimalsOf(a), decimalsOf(b)));

/**
 * Works out, as `ledger_book_calls` decides them, what booking the calls (each call's checked entries, in
 * order) does to the users' accounts, `balances` being those accounts locked for the transaction: when
 * every call books, each entry's id (the reserved `ids`, in order) and each line's balance after it (none
 * for the platform's lines, settled at the end), and every line's balance in one list (null for the
 * platform's) for the booking function to check; null when a call would be refused, when an account the
 * calls move is not among `balances` (it does not exist yet, so nothing locks it: a concurrent call could
 * create and move it) or when too few ids are reserved. The booking function decides again when it books
 * them, and fails the transaction if it decides otherwise.
 */
export function decideOnLocked(
  calls: readonly (readonly CheckedEntry[])[],
  balances: ReadonlyMap<string, string>,
  ids: readonly number[],
): { results: repo.CallResult[]; entryIds: number[]; balances: (string | null)[] } | null {
  const running = new Map(balances);
  const entryIds: number[] = [];
  const lineBalancesAll: (string | null)[] = [];
  const results: repo.CallResult[] = [];
  for (const entries of calls) {
    const after = new Map(running);
    const booked: { entryId: number; balances: (string | undefined)[] }[] = [];
    for (const { lines } of entries) {
      const id = ids[entryIds.length + booked.length];
      if (id === undefined) return null;
      const lineBalances = lines.map((line) => {
        if (line.userId === null) return undefined;
        const key = repo.userAccountKey(line.userId, line.purpose, line.currency);
        const before = after.get(key);
        if (before === undefined) return null;
        const balance = plus(before, line.amount);
        after.set(key, balance);
        return balance;
      });
      if (lineBalances.includes(null)) return null;
      // The guard, after each entry: no user's account of it below zero.
      for (const line of lines)
        if (
          line.userId !== null &&
          money(
            after.get(repo.userAccountKey(line.userId, line.purpose, line.currency)) as string,
          ).isNegative()
        )
          return null;
      booked.push({ entryId: id, balances: lineBalances as (string | undefined)[] });
    }
    for (const [key, balance] of after) running.set(key, balance);
    entryIds.push(...booked.map((b) => b.entryId));
    for (const b of booked) lineBalancesAll.push(...b.balances.map((v) => v ?? null));
    results.push({ outcome: "booked", entries: booked });
  }
  return { results, entryIds, balances: lineBalancesAll };
}
