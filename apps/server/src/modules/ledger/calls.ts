import type { EntryType } from "@brokerage/api";
import type { EntryDraft } from "@brokerage/core";
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { Batcher, type Settled } from "../../lib/batcher.js";
import { DomainError } from "../../lib/errors.js";
import {
  bookedEntries,
  checkedEntries,
  decideOnLocked,
  entryRow,
  type Booked,
  type Cause,
  type CheckedEntry,
} from "./book.js";
import { requestHash } from "./idempotency.js";
import * as keys from "./keys.js";
import type { PlatformLine } from "./keys.js";
import { moneyTransaction } from "./pooled.js";
import * as repo from "./repository.js";
import { refuseAccount, type Needs } from "./standing.js";

/**
 * One money-moving call made under an idempotency key, as `MoneyCalls` takes it: whose key, the request it
 * answers (hashed: the same key with another request is refused), the user whose money moves, its time,
 * and which account refusals apply.
 */
export interface MoneyCall {
  /** Whose key space: `user:<id>` or `staff:<id>`. */
  owner: string;
  key: string;
  /** The request without its key. */
  request: unknown;
  userId: string;
  at: Date;
  needs: Needs;
}

/** What a feature books for one call: its entries, what they belong to, and what its write needs besides. */
export interface Planned<P> {
  entries: readonly EntryDraft<EntryType>[];
  /** What the entries belong to, e.g. `trade:<id>`. */
  reference: string;
  cause: Cause;
  /** Whatever the feature's `write` needs of the call besides. */
  plan: P;
}

/**
 * A call's plan, or its refusal. `counted`: the refusal counted earlier calls of the batch as done (their
 * use of an allowance, a quote they take), so if one of those is then refused for its money, the call is
 * planned again without it.
 */
export type PlanOutcome<P> = { value: Planned<P> } | { error: unknown; counted?: boolean };

/** A call whose entries were booked: the call, its plan, and each entry as booked. */
export interface BookedCall<C extends MoneyCall, P> {
  call: C;
  planned: Planned<P>;
  entries: Booked[];
}

/**
 * A feature's part of its money calls. Every step gets every call of the batch at once, and none of them
 * should need a round trip of its own, through the feature's own repository:
 * - `prepare` (optional) answers the feature's statements to send with the claim, in the transaction's
 *   first message: reading and locking its rows of the calls (a quote), reserving its numbers (an order's);
 * - `plan` answers each call's entries, or its refusal, from those statements' rows (it may read more on
 *   `tx`, a round trip of its own: a day trade's allowance). It writes nothing: a call refused later (its
 *   money short) must leave no trace;
 * - `write` answers the statements that write the feature's rows of the booked calls, sent with the
 *   COMMIT, each failing by itself when it did not write what it should, and each call's answer (JSON).
 */
export interface MoneyFeature<C extends MoneyCall, P, T> {
  prepare?(calls: readonly C[]): readonly SQL[];
  plan(
    tx: Db,
    calls: readonly C[],
    prepared: readonly (readonly Record<string, unknown>[])[],
  ): Promise<readonly PlanOutcome<P>[]>;
  write(booked: readonly BookedCall<C, P>[]): { statements: readonly SQL[]; answers: readonly T[] };
  /** The most entries one call books: their ids are reserved with the claim (see `MoneyCalls`). */
  maxEntries: number;
  /** The refusal of a call a user's account cannot pay: its entry `entry` (0-based), `available` before it. */
  short(call: C, planned: Planned<P>, entry: number, available: string): DomainError;
}

/**
 * The one write path for money calls that come in numbers (DESIGN §5 Ledger; CONVENTIONS "One path per
 * mechanism, batched"): calls that arrive while earlier ones are being written go to the database together,
 * as TigerBeetle batches transfers, each with its own outcome, in one transaction of two round trips
 * whatever the batch's size:
 *
 * 1. with BEGIN, in one message: every key claimed under its lock (in one order) and each user's standing
 *    read; the batch's users' accounts locked (in id order, the booking's lock order) with their balances;
 *    ids for the batch's entries reserved; the feature's `prepare` (its rows locked, its numbers reserved).
 *    Then in the process: a key used before answers its stored answer (IDEMPOTENCY_CONFLICT for another
 *    request), then the account refusals (standing.ts, the one list), in that order; the feature's `plan`
 *    of the calls left (its checks);
 * 2. with COMMIT, in one message: every planned call booked by the one booking function (each all or
 *    nothing, `ledger_book_calls`, its entries taking the reserved ids), the feature's `write` of them,
 *    the platform's side settled, the answers stored, the refused calls' keys given back.
 *
 * The answers are known before the second message because the users' balances are locked from the first
 * one: the process works out on them that every planned call books and each line's balance after it
 * (`decideOnLocked`), and the booking function, deciding again under the same guard, fails the batch if it
 * comes to anything else (a batch failing as a whole runs again call by call). When the locked balances
 * say some call is short, or a call moves an account that does not exist yet (a user's first order, their
 * first exchange into a currency: nothing locked it), the booking goes in a round trip of its own before
 * the second message (`bookCalls`): its refusals and new accounts are the booking function's.
 *
 * A batch of one means what a batch of many means. A batch that fails as a whole (a lost connection, a
 * deadlock, a feature's error) rolls back as a whole and its calls run again one by one (`Batcher`).
 */
export class MoneyCalls<C extends MoneyCall, P, T> {
  private readonly batcher: Batcher<C, T>;

  constructor(
    private readonly db: Db,
    private readonly feature: MoneyFeature<C, P, T>,
    limits: { maxSize: number; inFlight: number },
  ) {
    this.batcher = new Batcher((calls) => this.run(calls), limits);
  }

  /** Makes the call (in the next batch); answers its answer or throws its refusal. */
  submit(call: C): Promise<T> {
    return this.batcher.submit(call);
  }

  /**
   * A batch as the batcher hands it over. A key twice in it: the later call waits for the batch and
   * answers as its key then answers (the earlier call's answer for the same request, IDEMPOTENCY_CONFLICT
   * for another); when the earlier call was refused (its key given back) it is made again, after. A call
   * its feature's plan refused after a call that was then refused for its money is made again too: in
   * every case the outcome is what the calls would have had one by one.
   */
  private async run(calls: readonly C[]): Promise<Settled<T>[]> {
    const hashes = calls.map((call) => requestHash(call.request));
    const firstOf = new Map<string, number>();
    const now: number[] = [];
    const later: { i: number; first: number }[] = [];
    calls.forEach((call, i) => {
      const id = `${call.owner}\u0000${call.key}`;
      const first = firstOf.get(id);
      if (first === undefined) {
        firstOf.set(id, i);
        now.push(i);
      } else later.push({ i, first });
    });
    const outcomes: Settled<T>[] = calls.map(() => ({ error: new Error("a money call was not decided") }));
    const decided = await this.batch(
      now.map((i) => calls[i] as C),
      now.map((i) => hashes[i] as string),
    );
    now.forEach((i, k) => (outcomes[i] = decided.outcomes[k] as Settled<T>));
    // A plan refusal may have counted an earlier call of the batch that its money then refused (a day-trade
    // allowance, a quote): such a refusal after the first such call is made again, without it.
    const again: number[] = decided.replan.map((k) => now[k] as number);
    for (const { i, first } of later) {
      const earlier = outcomes[first] as Settled<T>;
      if ("error" in earlier) again.push(i);
      else
        outcomes[i] =
          hashes[i] === hashes[first] ? earlier : { error: new DomainError("IDEMPOTENCY_CONFLICT") };
    }
    if (again.length > 0) {
      const retried = await this.run(again.map((i) => calls[i] as C));
      again.forEach((i, k) => (outcomes[i] = retried[k] as Settled<T>));
    }
    return outcomes;
  }

  /**
   * One transaction for calls of distinct keys (`hashes`: their requests' hashes): each call's outcome,
   * and the calls to plan again (see `run`).
   */
  private batch(
    calls: readonly C[],
    hashes: readonly string[],
  ): Promise<{ outcomes: Settled<T>[]; replan: number[] }> {
    const claims = calls.map((call, i) => ({
      owner: call.owner,
      key: call.key,
      requestHash: hashes[i] as string,
      userId: call.userId,
    }));
    const prepared = this.feature.prepare?.(calls) ?? [];
    const first = [
      keys.claimKeysSql(claims, calls[0]?.at ?? new Date()),
      repo.lockUserAccountsSql(calls.map((c) => c.userId)),
      repo.reserveEntryIdsSql(calls.length * this.feature.maxEntries),
      ...prepared,
    ];
    return moneyTransaction(this.db, first, async (tx, firstRows) => {
      const [claimRows = [], accountRows = [], idRows = [], ...featureRows] = firstRows;
      const claimed = keys.claimRows(claimRows);
      if (claimed.length !== calls.length) throw new Error(`claiming answered ${claimed.length} keys`);
      const outcomes: (Settled<T> | undefined)[] = calls.map(() => undefined);
      const released: { owner: string; key: string }[] = [];
      const planRefused: number[] = [];
      let firstShort = Number.POSITIVE_INFINITY;
      const refuse = (i: number, error: unknown) => {
        outcomes[i] = { error };
        released.push({ owner: claims[i]?.owner as string, key: claims[i]?.key as string });
      };

      // The keys, then the account's standing.
      const open: number[] = [];
      claimed.forEach((row, i) => {
        if (!row.claimed) {
          outcomes[i] =
            row.requestHash === hashes[i]
              ? { value: row.response as T }
              : { error: new DomainError("IDEMPOTENCY_CONFLICT") };
          return;
        }
        try {
          refuseAccount(row.standing, calls[i]?.needs);
          open.push(i);
        } catch (error) {
          refuse(i, error);
        }
      });

      // The feature's checks.
      const plans =
        open.length > 0
          ? await this.feature.plan(
              tx,
              open.map((i) => calls[i] as C),
              featureRows,
            )
          : [];
      const planned: { i: number; planned: Planned<P>; checked: CheckedEntry[] }[] = [];
      plans.forEach((outcome, k) => {
        const i = open[k] as number;
        if ("error" in outcome) {
          if (outcome.counted) planRefused.push(i);
          return refuse(i, outcome.error);
        }
        const call = calls[i] as C;
        planned.push({
          i,
          planned: outcome.value,
          checked: checkedEntries(outcome.value.entries, call.userId),
        });
      });

      // The money, each call all or nothing: decided on the locked balances when they say every call books
      // (booked with the COMMIT), else by the booking function in a round trip of its own.
      const booking = planned.map(({ i, planned: p, checked }) => {
        const call = calls[i] as C;
        return {
          row: entryRow({
            userId: call.userId,
            reference: p.reference,
            idempotencyKey: call.key,
            cause: p.cause,
            at: call.at,
          }),
          entries: checked.map((c) => ({ type: c.entry.type, lines: c.lines })),
        };
      });
      const entryIds = idRows.map((r) => Number(r.id)).sort((a, b) => a - b);
      const decided = decideOnLocked(
        planned.map((p) => p.checked),
        repo.lockedBalances(accountRows),
        entryIds,
      );
      const results: repo.CallResult[] = decided
        ? decided.results
        : planned.length > 0
          ? await repo.bookCalls(tx, booking, true)
          : [];
      const booked: BookedCall<C, P>[] = [];
      const bookedAt: number[] = [];
      const platform: PlatformLine[] = [];
      results.forEach((result, k) => {
        const { i, planned: p, checked } = planned[k] as (typeof planned)[number];
        const call = calls[i] as C;
        if (result.outcome === "insufficient") {
          firstShort = Math.min(firstShort, i);
          return refuse(i, this.feature.short(call, p, result.entry, result.available));
        }
        booked.push({
          call,
          planned: p,
          entries: bookedEntries(checked, result.entries, call.at, platform),
        });
        bookedAt.push(i);
      });

      // The feature's rows of the booked calls.
      const { statements, answers } =
        booked.length > 0 ? this.feature.write(booked) : { statements: [], answers: [] };
      if (answers.length !== booked.length)
        throw new Error(`a feature wrote ${answers.length} of ${booked.length} calls`);
      const stored = answers.map((answer, k) => {
        const i = bookedAt[k] as number;
        outcomes[i] = { value: answer };
        return { owner: claims[i]?.owner as string, key: claims[i]?.key as string, response: answer };
      });

      // With the COMMIT.
      const answer = outcomes.map((outcome) => {
        if (!outcome) throw new Error("a money call was not decided");
        return outcome;
      });
      const replan = planRefused.filter((i) => i > firstShort);
      const last = [
        ...(decided && booking.length > 0 ? [repo.bookDecidedSql(booking, decided)] : []),
        ...statements,
        ...keys.endSql(platform, stored, released),
      ];
      return { answer: { outcomes: answer, replan }, last };
    });
  }
}
