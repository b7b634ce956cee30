import {
  accountKey,
  credit,
  exchange,
  hold,
  money,
  platformAccount,
  userAccount,
  voidHold,
  type EntryDraft,
  type Money,
} from "@brokerage/core";
import type { EntryType } from "@brokerage/api";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { book, checkLedger, idempotent, userWallets } from "../src/modules/ledger/index.js";
import { rowsOf } from "../src/modules/ledger/repository.js";
import { DomainError } from "../src/lib/errors.js";
import { buildTestApp, type TestApp } from "./helper.js";
import { newUserIds } from "./ledger-testing.js";

/**
 * `book` under contention (DESIGN §5: accounts locked in id order, so concurrent entries cannot deadlock;
 * the guarded update, so nothing goes below zero): hundreds of entries over a few shared accounts, their
 * postings listed in random order, all at once. Every one is either booked or refused for insufficient
 * funds, nothing else (no deadlock, no serialization failure); the balances are the opening ones plus the
 * booked entries; the ledger is clean. Real contention on PostgreSQL (TEST_DATABASE_URL, a pool of ten
 * connections); on PGlite the same entries run one transaction at a time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The entry with its postings in a shuffled order: the lock order must come from the ids, not the caller. */
function shuffled(entry: EntryDraft<EntryType>, seed: number): EntryDraft<EntryType> {
  const postings = [...entry.postings];
  let state = seed + 1;
  for (let i = postings.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [postings[i], postings[j]] = [postings[j]!, postings[i]!];
  }
  return { ...entry, postings };
}

/** A payment from one user to several others in one entry. */
function fanOut(from: string, to: string[], currency: string, each: string): EntryDraft<EntryType> {
  const total = money(each).times(to.length).toFixed();
  return {
    type: "adjustment",
    postings: [
      { account: userAccount(from, currency), amount: money(total).negated().toFixed() },
      ...to.map((u) => ({ account: userAccount(u, currency), amount: each })),
    ],
  };
}

describe("book under contention", () => {
  it("books or refuses every one of hundreds of concurrent entries over shared accounts: no deadlock, no negative balance, a clean ledger", async () => {
    const db = t.database.db;
    const users = await newUserIds(t, 5);
    const at = t.clock.now();
    for (const u of users) {
      await db.transaction((tx) =>
        book(tx, { entry: credit("deposit", u, "USD", "100.00"), userId: u, cause: { by: "system" }, at }),
      );
      await db.transaction((tx) =>
        book(tx, { entry: credit("deposit", u, "INR", "5000.00"), userId: u, cause: { by: "system" }, at }),
      );
    }
    const opening = new Map<string, Money>();
    for (const u of users)
      for (const w of await userWallets(db, u)) {
        opening.set(accountKey(userAccount(u, w.currency)), money(w.available));
        opening.set(accountKey(userAccount(u, w.currency, "held")), money(w.held));
      }

    // Each transaction books one entry, or for a hold two: the hold and its void, so held money moves both
    // ways under contention.
    const transactions = fc
      .sample(
        fc.oneof(
          fc.record({
            kind: fc.constant("fanOut" as const),
            from: fc.constantFrom(...users),
            to: fc.subarray(users, { minLength: 1 }),
            cents: fc.integer({ min: 1, max: 4_000 }),
          }),
          fc.record({
            kind: fc.constant("exchange" as const),
            user: fc.constantFrom(...users),
            toInr: fc.boolean(),
            cents: fc.integer({ min: 1, max: 3_000 }),
          }),
          fc.record({
            kind: fc.constant("hold" as const),
            user: fc.constantFrom(...users),
            cents: fc.integer({ min: 1, max: 3_000 }),
          }),
        ),
        { numRuns: 300, seed: 8 },
      )
      .map((o, i): EntryDraft<EntryType>[] => {
        const amount = money(o.cents).div(100).toFixed(2);
        if (o.kind === "fanOut") {
          const to = o.to.filter((u) => u !== o.from);
          return [
            shuffled(fanOut(o.from, to.length ? to : users.filter((u) => u !== o.from), "USD", amount), i),
          ];
        }
        if (o.kind === "hold")
          return [
            shuffled(hold("withdrawalHold", o.user, "USD", amount), i),
            shuffled(voidHold("withdrawalRefusal", o.user, "USD", amount), i + 1),
          ];
        const inr = money(amount).times(83).toFixed(2);
        return [
          shuffled(
            o.toInr
              ? exchange("exchange", o.user, "USD", amount, "INR", inr)
              : exchange("exchange", o.user, "INR", inr, "USD", amount),
            i,
          ),
        ];
      });
    const outcomes = await Promise.all(
      transactions.map((entries) =>
        db
          .transaction(async (tx) => {
            for (const entry of entries) await book(tx, { entry, userId: null, cause: { by: "system" }, at });
            return "booked" as const;
          })
          .catch((error: unknown) => {
            if (error instanceof DomainError && error.code === "INSUFFICIENT_BALANCE")
              return "refused" as const;
            throw error;
          }),
      ),
    );
    expect(outcomes.filter((o) => o === "booked").length).toBeGreaterThan(50);
    expect(outcomes.filter((o) => o === "refused").length).toBeGreaterThan(0);

    // Closing balances: the opening ones plus every booked entry (their order does not matter).
    const expected = new Map(opening);
    transactions.forEach((entries, i) => {
      if (outcomes[i] !== "booked") return;
      for (const p of entries.flatMap((e) => e.postings))
        if (p.account.owner === "user")
          expected.set(
            accountKey(p.account),
            (expected.get(accountKey(p.account)) ?? money(0)).plus(p.amount),
          );
    });
    for (const u of users)
      for (const w of await userWallets(db, u)) {
        expect(money(w.available).toFixed(2)).toBe(
          expected.get(accountKey(userAccount(u, w.currency)))?.toFixed(2),
        );
        expect(money(w.held).toFixed(2)).toBe("0.00");
      }
    const fx = rowsOf<{ balance: string }>(
      await db.execute(
        // The platform's FX account is its shards together.
        sql`select sum(balance)::text as balance from ledger_accounts where user_id is null and purpose = 'fx' and currency = 'USD'`,
      ),
    );
    const fxUsd = transactions
      .filter((_, i) => outcomes[i] === "booked")
      .flatMap((entries) => entries.flatMap((e) => e.postings))
      .filter((p) => accountKey(p.account) === accountKey(platformAccount("fx", "USD")))
      .reduce((sum, p) => sum.plus(p.amount), money(0));
    expect(money(fx[0]?.balance ?? 0).equals(fxUsd)).toBe(true);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("moves money once for fifty concurrent calls with one key, all answered alike", async () => {
    const db = t.database.db;
    const [u] = await newUserIds(t, 1);
    const userId = u as string;
    const call = { owner: `user:${userId}`, key: "concurrent-key-01", request: { amount: "3.00" } };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        idempotent(db, t.clock, call, async (tx) => {
          const booked = await book(tx, {
            entry: credit("deposit", userId, "USD", "3.00"),
            userId,
            cause: { by: "system" },
            at: t.clock.now(),
          });
          return {
            entryId: booked.entryId,
            available: booked.balances.get(accountKey(userAccount(userId, "USD"))),
          };
        }),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.available).toBe("3.00000000");
    expect((await userWallets(db, userId))[0]).toMatchObject({ available: "3" });
    expect(await checkLedger(db)).toEqual([]);
  });

  it("settles the platform's side at the end of keyed calls under contention, beside direct transactions on the same accounts", async () => {
    const db = t.database.db;
    const users = await newUserIds(t, 6);
    const at = t.clock.now();
    for (const u of users)
      await db.transaction(async (tx) => {
        await book(tx, {
          entry: credit("deposit", u, "USD", "60.00"),
          userId: u,
          cause: { by: "system" },
          at,
        });
        await book(tx, {
          entry: credit("deposit", u, "INR", "5000.00"),
          userId: u,
          cause: { by: "system" },
          at,
        });
      });
    const toInr = (u: string, usd: number) =>
      exchange("exchange", u, "USD", money(usd).toFixed(2), "INR", money(usd).times(83).toFixed(2));
    const toUsd = (u: string, usd: number) =>
      exchange("exchange", u, "INR", money(usd).times(83).toFixed(2), "USD", money(usd).toFixed(2));
    // A third keyed with two entries each (the same FX accounts twice in one settlement), a third keyed
    // with one, a third in direct transactions that lock the FX accounts as they book.
    const plans = Array.from({ length: 240 }, (_, i) => {
      const u = users[i % users.length] as string;
      const usd = 1 + (i % 7);
      const entries =
        i % 3 === 0 ? [toInr(u, usd), toUsd(u, usd / 2)] : [i % 2 ? toInr(u, usd) : toUsd(u, usd)];
      return { u, entries, keyed: i % 3 !== 2, key: `settle-${i}` };
    });
    const outcomes = await Promise.all(
      plans.map(({ u, entries, keyed, key }) => {
        const run = async (tx: typeof db) => {
          const ids: number[] = [];
          for (const entry of entries)
            ids.push((await book(tx, { entry, userId: u, cause: { by: "user" }, at })).entryId);
          return ids;
        };
        const done = keyed
          ? idempotent(db, t.clock, { owner: `user:${u}`, key, request: { key } }, run)
          : db.transaction(run);
        return done.then(
          () => "booked" as const,
          (error: unknown) => {
            if (error instanceof DomainError && error.code === "INSUFFICIENT_BALANCE")
              return "refused" as const;
            throw error;
          },
        );
      }),
    );
    expect(outcomes.filter((o) => o === "booked").length).toBeGreaterThan(100);
    const expected = new Map<string, Money>();
    plans.forEach(({ entries }, i) => {
      if (outcomes[i] === "booked")
        for (const p of entries.flatMap((e) => e.postings))
          expected.set(
            accountKey(p.account),
            (expected.get(accountKey(p.account)) ?? money(0)).plus(p.amount),
          );
    });
    for (const u of users)
      for (const w of await userWallets(db, u)) {
        const opening = w.currency === "USD" ? "60" : "5000";
        const moved = expected.get(accountKey(userAccount(u, w.currency))) ?? money(0);
        expect(money(w.available).toFixed(2)).toBe(moved.plus(opening).toFixed(2));
      }
    expect(await checkLedger(db)).toEqual([]);
  });
});
