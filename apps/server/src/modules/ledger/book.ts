import { accountKey, checkEntry, toPlainString, type EntryDraft } from "@brokerage/core";
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
   * The error when a user's account would go below zero (default INSUFFICIENT_BALANCE); `bookMany` says
   * which of its entries could not be paid (0-based).
   */
  insufficient?: (index: number) => DomainError;
}

export interface Booked {
  entryId: number;
  /**
   * Each touched account's balance after the entry, by `accountKey`. Inside `idempotent` the platform's
   * accounts are settled at the end of the call (see `book`), so only the users' accounts are listed there.
   */
  balances: Map<string, string>;
}

/**
 * Transactions whose platform side is settled at their end: `idempotent` registers the transaction it
 * runs the call in, collects the platform's postings of every entry booked on it, and settles them with
 * the stored answer just before committing (`keys.settleSql`).
 */
const deferred = new WeakMap<Db, PlatformLine[]>();

/** Marks `tx` (the transaction `idempotent` opened) as settling the platform's side at its end. */
export function deferPlatform(tx: Db): void {
  deferred.set(tx, []);
}

/** The platform's postings booked on `tx` and not yet settled (taken: the next call answers none). */
export function takePlatformLines(tx: Db): PlatformLine[] {
  const lines = deferred.get(tx) ?? [];
  deferred.delete(tx);
  return lines;
}

/**
 * Books one entry inside the caller's transaction (DESIGN §5 Ledger): checks it (zero-sum per currency,
 * scales), locks its accounts in a fixed order (users' by id, then the platform's by purpose, currency and shard,
 * so concurrent entries cannot deadlock) and checks the non-negative guard on the locked balances, then
 * moves the balances and writes the entry with its postings and running balances: one round trip
 * whatever the entry's size (repository `bookEntries`), plus two the first time an account is used.
 *
 * The platform's accounts are shared by every entry of a kind (all exchanges move the two FX accounts), so
 * whoever holds their locks holds up everyone else. Inside `idempotent` they are therefore neither locked
 * nor moved here: their postings wait, and the call settles them in one statement with its stored answer
 * right before it commits, holding those locks for one statement and the commit. A direct transaction
 * (`db.transaction`) books them here, locked last.
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
 * Books several entries, in order, as `book` books each (the same checks, locks and deferral), in one
 * round trip (repository `bookEntries`), plus two when an account is used for the first time. They share
 * the booking's user, reference, key, cause, reason and time. The first entry a user's account cannot pay
 * refuses with `booking.insufficient` (default INSUFFICIENT_BALANCE) and the caller's transaction rolls
 * back the entries booked before it.
 */
export async function bookMany(
  tx: Db,
  entries: readonly EntryDraft<EntryType>[],
  booking: Omit<Booking, "entry">,
): Promise<Booked[]> {
  const pending = deferred.get(tx);
  const drafts = entries.map((draft) => {
    const entry = checkEntry(draft);
    const lines = bookingLines(entry, booking.userId);
    // An entry between platform accounts only is booked at once: deferred, nothing of it would be written now.
    const deferPlatform = pending !== undefined && lines.some((l) => l.userId !== null);
    return { entry, type: entry.type as string, lines, deferPlatform };
  });
  const row = entryRow(booking);
  const booked: Booked[] = [];
  let created = -1;
  while (booked.length < drafts.length) {
    const results = await repo.bookEntries(tx, row, drafts.slice(booked.length));
    for (const result of results) {
      const draft = drafts[booked.length] as (typeof drafts)[number];
      if (result.outcome === "missing") {
        if (created === booked.length) throw new Error("ledger accounts missing after they were created");
        created = booked.length;
        await repo.createAccounts(tx, draft.lines);
        break;
      }
      if (result.outcome === "insufficient")
        throw booking.insufficient?.(booked.length) ?? new DomainError("INSUFFICIENT_BALANCE");
      booked.push(finish(draft, result.entryId, result.balances));
    }
  }
  return booked;

  function finish(draft: (typeof drafts)[number], entryId: number, balances: (string | undefined)[]): Booked {
    const { entry, lines, deferPlatform } = draft;
    if (deferPlatform)
      for (const line of lines)
        if (line.userId === null)
          pending?.push({
            entryId,
            entryType: entry.type,
            createdAt: booking.at.toISOString(),
            purpose: line.purpose,
            currency: line.currency,
            shard: line.shard,
            amount: line.amount,
          });
    const byAccount = new Map<string, string>();
    entry.postings.forEach((p, i) => {
      const balance = balances[i];
      if (balance !== undefined) byAccount.set(accountKey(p.account), balance);
    });
    return { entryId, balances: byAccount };
  }
}
