import type { EntryType } from "@brokerage/api";
import type { EntryDraft } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { Batcher, type Settled } from "../../lib/batcher.js";
import { DomainError } from "../../lib/errors.js";
import {
  bookedEntries,
  checkedEntries,
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
 * A feature's part of its money calls. Both steps get every call of the batch at once and should reach the
 * database once for all of them, through the feature's own repository:
 * - `plan` reads, and locks, the feature's rows of the calls and answers each call's entries, or its
 *   refusal. It writes nothing: a call refused later (its money short) must leave no trace.
 * - `write` writes the feature's rows of the booked calls and answers each one's answer (JSON).
 */
export interface MoneyFeature<C extends MoneyCall, P, T> {
  plan(tx: Db, calls: readonly C[]): Promise<readonly PlanOutcome<P>[]>;
  write(tx: Db, booked: readonly BookedCall<C, P>[]): Promise<readonly T[]>;
  /** The refusal of a call a user's account cannot pay: its entry `entry` (0-based), `available` before it. */
  short(call: C, planned: Planned<P>, entry: number, available: string): DomainError;
}

/**
 * The one write path for money calls that come in numbers (DESIGN §5 Ledger; CONVENTIONS "One path per
 * mechanism, batched"): calls that arrive while earlier ones are being written go to the database together,
 * as TigerBeetle batches transfers, each with its own outcome, in one transaction of a fixed number of
 * round trips whatever the batch's size:
 *
 * 1. with BEGIN: every key claimed under its lock (in one order) and each user's standing read;
 *    a key used before answers its stored answer (IDEMPOTENCY_CONFLICT for another request), then the
 *    account refusals (standing.ts, the one list), in that order;
 * 2. the feature's `plan` of the calls left (its checks, on its rows locked);
 * 3. every planned call booked by the one booking function, each all or nothing (`bookCalls`);
 * 4. the feature's `write` of the booked calls;
 * 5. with COMMIT: the platform's side settled, the answers stored, the refused calls' keys given back.
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
    return moneyTransaction(
      this.db,
      keys.claimKeysSql(claims, calls[0]?.at ?? new Date()),
      async (tx, rows) => {
        const claimed = keys.claimRows(rows);
        if (claimed.length !== calls.length) throw new Error(`claiming answered ${claimed.length} keys`);
        const outcomes: (Settled<T> | undefined)[] = calls.map(() => undefined);
        const released: { owner: string; key: string }[] = [];
        const planRefused: number[] = [];
        let firstShort = Number.POSITIVE_INFINITY;
        const refuse = (i: number, error: unknown) => {
          outcomes[i] = { error };
          released.push({ owner: claims[i]?.owner as string, key: claims[i]?.key as string });
        };

        // 1. The keys, then the account's standing.
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

        // 2. The feature's checks.
        const plans =
          open.length > 0
            ? await this.feature.plan(
                tx,
                open.map((i) => calls[i] as C),
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

        // 3. The money, each call all or nothing.
        const booked: BookedCall<C, P>[] = [];
        const bookedAt: number[] = [];
        const platform: PlatformLine[] = [];
        if (planned.length > 0) {
          const results = await repo.bookCalls(
            tx,
            planned.map(({ i, planned: p, checked }) => {
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
            }),
            true,
          );
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
        }

        // 4. The feature's rows of the booked calls.
        const answers = booked.length > 0 ? await this.feature.write(tx, booked) : [];
        if (answers.length !== booked.length)
          throw new Error(`a feature wrote ${answers.length} of ${booked.length} calls`);
        const stored = answers.map((answer, k) => {
          const i = bookedAt[k] as number;
          outcomes[i] = { value: answer };
          return { owner: claims[i]?.owner as string, key: claims[i]?.key as string, response: answer };
        });

        // 5. With the COMMIT.
        const answer = outcomes.map((outcome) => {
          if (!outcome) throw new Error("a money call was not decided");
          return outcome;
        });
        const replan = planRefused.filter((i) => i > firstShort);
        return { answer: { outcomes: answer, replan }, last: keys.endSql(platform, stored, released) };
      },
    );
  }
}
