import { randomUUID } from "node:crypto";
import type { ExchangeResult } from "@brokerage/api";
import { money } from "@brokerage/core";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildTestApp,
  call,
  registerUser,
  type Answer,
  type Session,
  type TestApp,
} from "../../../test/helper.js";
import { rowsOf } from "../../db/index.js";
import { exchangeQuotes, idempotencyKeys, journalEntries, postings, users } from "../../db/schema/index.js";
import { Batcher } from "../../lib/batcher.js";
import { HOUR } from "../../lib/clock.js";
import { checkLedger, requestHash } from "../ledger/index.js";
import { until, watchLedger, type LedgerWatch } from "../ledger/testing.js";
import { fund, userIdOf, walletOf } from "./testing.js";

/**
 * Exchange fills through the ledger's one write path for money calls (`MoneyCalls`, ledger/calls.ts; the
 * exchange's `fillFeature`), alone and in batches, through `fund/exchange`: what a fill books and answers,
 * each refusal (claiming neither key nor quote), overlapping fills, and the batches. Batches are made by
 * holding the two batches the fills may have in flight (FILL_BATCHES) at the database, so that the fills
 * sent meanwhile go to it together; the key claims (`ledger_claim_keys`) and bookings (`ledger_book_calls`)
 * tell the batches' sizes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } } });
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await checkLedger(t.database.db)).toEqual([]);
});

interface User {
  session: Session;
  userId: string;
}

/** A user with `usd` in USD (no other wallet: their first exchange creates the accounts it pays into). */
async function userWith(usd: string): Promise<User> {
  const session = await registerUser(t.app);
  const userId = await userIdOf(t, session);
  if (money(usd).greaterThan(0)) await fund(t, userId, "USD", usd);
  return { session, userId };
}

async function quoteOf(who: User, body: { from: string; to: string; amount: string }) {
  const answer = await call(t.app, "fund/exchangeQuote", body, who.session.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  const quote = answer.data as { quoteId: string; receive: string };
  return { id: quote.quoteId, receive: quote.receive };
}

const fill = (who: User, quoteId: string, key = randomUUID()) =>
  call(t.app, "fund/exchange", { quoteId, idempotencyKey: key }, who.session.headers);

/** An answer as the tests compare it: the quote filled, or the refusal's code and params. */
const seen = (answer: Answer) =>
  answer.status === 1
    ? { quoteId: (answer.data as ExchangeResult).quoteId }
    : { code: answer.code, params: answer.params ?? {} };

/** The user's stored keys and whether the quote was used. */
async function claims(userId: string, quoteId: string) {
  const keys = await t.database.db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.owner, `user:${userId}`));
  const [quote] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quoteId));
  return { keys: keys.length, usedAt: quote?.usedAt ?? null };
}

const entriesOf = (quoteId: string) =>
  t.database.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.reference, `exchange:${quoteId}`));

/** Fills of other users, one for each batch the fills may have in flight, to hold at the database. */
async function blockers(count = 2) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const who = await userWith("10.00");
      const quote = await quoteOf(who, { from: "USD", to: "INR", amount: "1" });
      return () => fill(who, quote.id);
    }),
  );
}

/**
 * Sends the fills of `send` while both batches in flight are held at the database (each by a blocker's
 * fill), so that they reach it together, in one batch and in the order of `send`, once released. Answers their
 * answers and the statements watched (the blockers' batches first).
 */
async function inOneBatch(
  send: (() => Promise<Answer>)[],
): Promise<{ answers: Answer[]; watch: LedgerWatch }> {
  const [first, second] = await blockers(2);
  if (!first || !second) throw new Error("no blockers");
  const watch = watchLedger(t.database.db);
  const submit = vi.spyOn(Batcher.prototype, "submit");
  watch.hold();
  const held = [first()];
  await until(() => watch.held() === 1);
  held.push(second());
  await until(() => watch.held() === 2);
  // One at a time to the batcher, so the batch has them in the order sent (requests sent at once may
  // overtake one another on their way through the HTTP layer).
  const together: Promise<Answer>[] = [];
  for (const s of send) {
    together.push(s());
    await until(() => submit.mock.calls.length === 2 + together.length);
  }
  watch.release("all");
  const answers = await Promise.all(together);
  for (const blocker of await Promise.all(held)) expect(blocker).toMatchObject({ status: 1 });
  expect(watch.strays()).toBe(0);
  return { answers, watch };
}

describe("filling a quote, a batch of one", () => {
  it("books the exchange, writes the wallets into the answer, links the quote and stores the answer", async () => {
    const who = await userWith("100.00");
    const quote = await quoteOf(who, { from: "USD", to: "INR", amount: "40" });
    const key = randomUUID();
    const watch = watchLedger(t.database.db);
    const answer = await fill(who, quote.id, key);
    expect(watch.claims).toEqual([1]);
    expect(watch.bookings).toEqual([1]);
    const receive = money(quote.receive);
    expect(answer).toMatchObject({ status: 1 });
    const result = answer.data as ExchangeResult;
    expect(result).toEqual({
      quoteId: quote.id,
      type: "usToIndia",
      amount: "40.00",
      receive: receive.toFixed(2),
      wallets: [
        { currency: "USD", available: "60.00" },
        { currency: "INR", available: receive.toFixed(2) },
      ],
      exchangedAt: t.clock.now().toISOString(),
    });
    expect(money((await walletOf(t, who.userId, "INR")).available).equals(receive)).toBe(true);
    const [entry, ...more] = await entriesOf(quote.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      type: "usToIndia",
      userId: who.userId,
      causedBy: "user",
      idempotencyKey: key,
    });
    const lines = await t.database.db
      .select()
      .from(postings)
      .where(eq(postings.entryId, entry?.id ?? -1));
    expect(lines).toHaveLength(4);
    const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quote.id));
    expect(row).toMatchObject({ usedAt: t.clock.now(), entryId: entry?.id });
    const [stored] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, `user:${who.userId}`), eq(idempotencyKeys.key, key)));
    expect(stored).toMatchObject({ requestHash: requestHash({ quoteId: quote.id }), response: result });

    // The same key again: the stored answer, nothing moved; the key with another request: a conflict.
    expect(await fill(who, quote.id, key)).toEqual(answer);
    expect((await walletOf(t, who.userId, "USD")).available).toBe("60");
    expect(await entriesOf(quote.id)).toHaveLength(1);
    expect(await fill(who, randomUUID(), key)).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    // Both answered at the claim: nothing planned or booked.
    expect(watch.claims).toEqual([1, 1, 1]);
    expect(watch.bookings).toEqual([1]);
  });

  it("books either direction: each posting carries its account's balance after the entry", async () => {
    const who = await userWith("100.00");
    const first = await quoteOf(who, { from: "USD", to: "INR", amount: "10" });
    expect(await fill(who, first.id)).toMatchObject({ status: 1 });
    // INR was created after USD, so here the paying wallet's account comes second in id order.
    const quote = await quoteOf(who, { from: "INR", to: "USD", amount: "50" });
    const answer = await fill(who, quote.id);
    expect(answer).toMatchObject({ status: 1, data: { type: "indiaToUs" } });
    const [entry] = await entriesOf(quote.id);
    const lines = await t.database.db
      .select()
      .from(postings)
      .where(eq(postings.entryId, entry?.id ?? -1))
      .orderBy(asc(postings.id));
    expect(lines.map((l) => [l.userId === null ? "platform" : "user", l.currency])).toEqual([
      ["user", "USD"],
      ["user", "INR"],
      ["platform", "INR"],
      ["platform", "USD"],
    ]);
    const total = (currency: string) =>
      lines.filter((l) => l.currency === currency).reduce((sum, l) => sum.plus(l.amount), money(0));
    expect(total("USD").isZero() && total("INR").isZero()).toBe(true);
    for (const line of lines.filter((l) => l.userId !== null)) {
      const wallet = await walletOf(t, who.userId, line.currency);
      expect(money(line.balanceAfter).equals(wallet.available), line.currency).toBe(true);
    }
    // The platform's lines: the balance after each, as its account stood (nothing else moved it since).
    for (const line of lines.filter((l) => l.userId === null)) {
      const [account] = rowsOf<{ balance: string }>(
        await t.database.db.execute(
          sql`select balance::text as balance from ledger_accounts where id = ${line.accountId}`,
        ),
      );
      expect(money(line.balanceAfter).equals(account?.balance ?? "x"), line.currency).toBe(true);
    }
    expect((answer.data as ExchangeResult).wallets).toEqual([
      { currency: "INR", available: money((await walletOf(t, who.userId, "INR")).available).toFixed(2) },
      { currency: "USD", available: money((await walletOf(t, who.userId, "USD")).available).toFixed(2) },
    ]);
  });

  it("refuses in order, and a refusal leaves neither the key nor the quote claimed, writing nothing", async () => {
    const who = await userWith("5.00");
    const other = await userWith("1.00");
    const watch = watchLedger(t.database.db);

    const short = await quoteOf(who, { from: "USD", to: "INR", amount: "40" });
    expect(seen(await fill(who, short.id))).toEqual({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "5.00" },
    });
    expect(await claims(who.userId, short.id)).toEqual({ keys: 0, usedAt: null });

    expect(seen(await fill(other, short.id))).toEqual({ code: "NOT_FOUND", params: {} });
    expect(await claims(other.userId, short.id)).toEqual({ keys: 0, usedAt: null });
    // The account's refusals come first: a frozen account is told so, whoever's quote it names.
    const flag = (userId: string, flags: Partial<typeof users.$inferInsert>) =>
      t.database.db.update(users).set(flags).where(eq(users.id, userId));
    await flag(other.userId, { disabled: true, frozen: true });
    expect(seen(await fill(other, short.id))).toEqual({ code: "ACCOUNT_DISABLED", params: {} });
    await flag(other.userId, { disabled: false });
    expect(seen(await fill(other, short.id))).toEqual({ code: "ACCOUNT_FROZEN", params: {} });
    await flag(other.userId, { frozen: false, tradeBanned: true }); // exchanging is no trading
    expect(seen(await fill(other, short.id))).toEqual({ code: "NOT_FOUND", params: {} });
    expect(await claims(other.userId, short.id)).toEqual({ keys: 0, usedAt: null });

    const fine = await quoteOf(who, { from: "USD", to: "INR", amount: "1" });
    expect(await fill(who, fine.id)).toMatchObject({ status: 1 });
    expect(seen(await fill(who, fine.id))).toEqual({ code: "ORDER_STATE_INVALID", params: {} });
    expect(await claims(who.userId, fine.id)).toMatchObject({ keys: 1 });

    t.clock.advance(HOUR);
    expect(seen(await fill(who, short.id))).toEqual({ code: "QUOTE_EXPIRED", params: {} });
    expect(await claims(who.userId, short.id)).toEqual({ keys: 1, usedAt: null });
    expect(await entriesOf(short.id)).toEqual([]);
    expect((await walletOf(t, who.userId, "USD")).available).toBe("4");
    // Only the short fill and the fine one were booked; the account's refusals did not reach the plan.
    expect(watch.claims).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(watch.bookings).toEqual([1, 1]);
  });

  it("fills a user's first exchange, the accounts it pays into made by the booking", async () => {
    // No THB wallet, no platform FX account of the user's shard in THB yet perhaps: the booking makes them.
    const who = await userWith("50.00");
    const quote = await quoteOf(who, { from: "USD", to: "THB", amount: "10" });
    const watch = watchLedger(t.database.db);
    const answer = await fill(who, quote.id);
    expect(answer).toMatchObject({
      status: 1,
      data: {
        wallets: [
          { currency: "USD", available: "40.00" },
          { currency: "THB", available: money(quote.receive).toFixed(2) },
        ],
      },
    });
    expect(watch.bookings).toEqual([1]);
    expect(await entriesOf(quote.id)).toHaveLength(1);
    expect(await claims(who.userId, quote.id)).toEqual({ keys: 1, usedAt: t.clock.now() });
  });

  it("fills a quote once when two fills of it overlap: the other answers ORDER_STATE_INVALID, nothing claimed", async () => {
    const who = await userWith("100.00");
    const quote = await quoteOf(who, { from: "USD", to: "INR", amount: "10" });
    const keys = [randomUUID(), randomUUID()];
    const watch = watchLedger(t.database.db);
    // Both batches go at once (two may be in flight): the second waits for the quote's lock.
    const answers = await Promise.all(keys.map((key) => fill(who, quote.id, key)));
    expect(watch.claims).toEqual([1, 1]);
    await expectOneFill(who, quote.id, keys, answers);
  });

  it("fills a quote once when two fills of it are in one batch: the other answers ORDER_STATE_INVALID", async () => {
    const who = await userWith("100.00");
    const quote = await quoteOf(who, { from: "USD", to: "INR", amount: "10" });
    const keys = [randomUUID(), randomUUID()];
    const { answers, watch } = await inOneBatch(keys.map((key) => () => fill(who, quote.id, key)));
    expect(watch.claims).toEqual([1, 1, 2]);
    expect(watch.bookings).toEqual([1, 1, 1]);
    await expectOneFill(who, quote.id, keys, answers);
    expect(answers.map(seen)).toEqual([{ quoteId: quote.id }, { code: "ORDER_STATE_INVALID", params: {} }]);
  });

  async function expectOneFill(who: User, quoteId: string, keys: string[], answers: Answer[]) {
    const filled = answers.filter((a) => a.status === 1);
    expect(filled).toHaveLength(1);
    expect(filled[0]).toMatchObject({ data: { quoteId } });
    expect(answers.find((a) => a.status !== 1)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect((await walletOf(t, who.userId, "USD")).available).toBe("90");
    // The quote is marked used and linked to its one entry; only the filling call's key is written.
    const entries = await entriesOf(quoteId);
    expect(entries).toHaveLength(1);
    const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quoteId));
    expect(row).toMatchObject({ usedAt: t.clock.now(), entryId: entries[0]?.id });
    const written = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.owner, `user:${who.userId}`));
    const winner = keys[answers.findIndex((a) => a.status === 1)];
    expect(written.map((k) => k.key)).toEqual([winner]);
  }

  it("books once for overlapping calls with one key: the later ones answer the stored answer", async () => {
    const who = await userWith("100.00");
    const quote = await quoteOf(who, { from: "USD", to: "INR", amount: "10" });
    const key = randomUUID();
    const watch = watchLedger(t.database.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => fill(who, quote.id, key)));
    expect(answers[0]).toMatchObject({ status: 1 });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((await walletOf(t, who.userId, "USD")).available).toBe("90");
    expect(await entriesOf(quote.id)).toHaveLength(1);
    // Gathered into batches as they arrive; the key claimed once per batch, booked once.
    expect(watch.claims.every((rows) => rows === 1)).toBe(true);
    expect(watch.claims.length).toBeLessThanOrEqual(10);
    expect(watch.bookings).toEqual([1]);
  });

  // A writer of the key that did not take its lock (none should) is waited for at the claim; the fill then
  // books nothing. Needs two connections.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "books nothing when the key is found written by a writer that did not take its lock",
    async () => {
      const who = await userWith("100.00");
      const quote = await quoteOf(who, { from: "USD", to: "INR", amount: "10" });
      const key = randomUUID();
      const { filling } = await t.database.db.transaction(async (tx) => {
        await tx.insert(idempotencyKeys).values({
          owner: `user:${who.userId}`,
          key,
          requestHash: requestHash({ quoteId: quote.id }),
          response: { elsewhere: true },
          createdAt: t.clock.now(),
        });
        const filling = fill(who, quote.id, key);
        // Commit only once the fill waits for this transaction's key (seen from another connection: a
        // transaction reads pg_stat_activity once).
        for (let waited = 0; ; waited += 10) {
          const [waiting] = rowsOf<{ n: number }>(
            await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and wait_event = 'transactionid' and datname = current_database()`),
          );
          if ((waiting?.n ?? 0) > 0) break;
          if (waited > 10_000) throw new Error("the fill never waited for the key");
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return { filling }; // settled after the commit
      });
      const answer = await filling;
      expect(answer).not.toMatchObject({ status: 1, data: { quoteId: quote.id } });
      expect((await walletOf(t, who.userId, "USD")).available).toBe("100");
      const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quote.id));
      expect(row).toMatchObject({ usedAt: null, entryId: null });
      expect(await entriesOf(quote.id)).toEqual([]);
      const [stored] = await t.database.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, `user:${who.userId}`), eq(idempotencyKeys.key, key)));
      expect(stored?.response).toEqual({ elsewhere: true });
    },
  );
});

describe("fills in one batch", () => {
  it("gives each fill of a batch its own outcome, and books the platform's side once with running balances", async () => {
    const a = await userWith("100.00");
    const b = await userWith("5.00");
    const first = await quoteOf(a, { from: "USD", to: "INR", amount: "10" });
    const second = await quoteOf(a, { from: "USD", to: "INR", amount: "20" });
    const short = await quoteOf(b, { from: "USD", to: "INR", amount: "10" });
    const used = await quoteOf(a, { from: "USD", to: "INR", amount: "1" });
    expect(await fill(a, used.id)).toMatchObject({ status: 1 });
    const fresh = await userWith("10.00"); // no INR wallet yet: the booking makes it
    const freshQuote = await quoteOf(fresh, { from: "USD", to: "INR", amount: "1" });

    const key = randomUUID();
    const { answers, watch } = await inOneBatch([
      () => fill(a, first.id, key),
      () => fill(b, short.id),
      () => fill(a, second.id),
      () => fill(a, first.id, key), // the same call twice: one effect, one answer
      () => fill(b, second.id), // another user's quote
      () => fill(a, used.id),
      () => fill(fresh, freshQuote.id),
      () => fill(a, randomUUID(), key), // the key with another request
    ]);
    expect(answers.map(seen)).toEqual([
      { quoteId: first.id },
      { code: "INSUFFICIENT_AVAILABLE", params: { available: "5.00" } },
      { quoteId: second.id },
      { quoteId: first.id },
      { code: "NOT_FOUND", params: {} },
      { code: "ORDER_STATE_INVALID", params: {} },
      { quoteId: freshQuote.id },
      { code: "IDEMPOTENCY_CONFLICT", params: {} },
    ]);
    expect(answers[3]).toEqual(answers[0]);
    // One batch of eight calls: six keys claimed, four fills planned and booked in one statement, the
    // platform's side settled once (one statement per batch, and the blockers' two: fills run two batches
    // at once, so on PostgreSQL the second blocker may end after the batch; the sizes are what count).
    const sizes = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(sizes(watch.claims)).toEqual([1, 1, 6]);
    expect(sizes(watch.bookings)).toEqual([1, 1, 4]);
    expect(watch.settlements()).toBe(3);
    expect((await walletOf(t, a.userId, "USD")).available).toBe("69");
    expect((await walletOf(t, b.userId, "USD")).available).toBe("5");
    expect((await walletOf(t, fresh.userId, "USD")).available).toBe("9");
    expect(await claims(b.userId, short.id)).toEqual({ keys: 0, usedAt: null });
    expect(await claims(fresh.userId, freshQuote.id)).toEqual({ keys: 1, usedAt: t.clock.now() });
    expect(await entriesOf(first.id)).toHaveLength(1);
    expect(await entriesOf(short.id)).toEqual([]);
    // Every posting's balance after it, the platform's included, adds up (checked by the ledger check).
  });

  it("runs overlapping batches of the same users in different orders without a deadlock", async () => {
    const people: User[] = [];
    for (let i = 0; i < 5; i++) people.push(await userWith("20.00"));
    const orders = Array.from({ length: 4 }, (_, k) =>
      k % 2 ? [...people].reverse() : [...people.slice(k), ...people.slice(0, k)],
    );
    const batches = await Promise.all(
      orders.map((order) =>
        Promise.all(
          order.map(async (p) => ({
            who: p,
            quote: await quoteOf(p, { from: "USD", to: "INR", amount: "1" }),
          })),
        ),
      ),
    );
    const answers: Answer[][] = [];
    // Two batches at once (as many as may be in flight), each held until the other is held too.
    for (const pair of [batches.slice(0, 2), batches.slice(2, 4)]) {
      const [first, second] = await blockers(2);
      if (!first || !second) throw new Error("no blockers");
      const watch = watchLedger(t.database.db);
      const submit = vi.spyOn(Batcher.prototype, "submit");
      watch.hold();
      const held = [first()];
      await until(() => watch.held() === 1);
      held.push(second());
      await until(() => watch.held() === 2);
      const sent: Promise<Answer>[][] = [];
      for (const batch of pair) {
        const before = submit.mock.calls.length;
        sent.push(batch.map(({ who, quote }) => fill(who, quote.id)));
        await until(() => submit.mock.calls.length === before + batch.length);
        watch.release(); // a blocker's batch goes, and this batch takes its place, held
        await until(() => watch.held() === 2);
      }
      watch.release("all");
      answers.push(...(await Promise.all(sent.map((s) => Promise.all(s)))));
      for (const blocker of await Promise.all(held)) expect(blocker).toMatchObject({ status: 1 });
      expect(watch.strays()).toBe(0);
      expect(watch.claims).toEqual([1, 1, 5, 5]);
      vi.restoreAllMocks();
    }
    for (const [k, batch] of answers.entries())
      expect(batch.map(seen)).toEqual(batches[k]?.map(({ quote }) => ({ quoteId: quote.id })));
    for (const p of people) expect((await walletOf(t, p.userId, "USD")).available).toBe("16");
  });
});

describe("a batch of fills means what the fills one by one mean", () => {
  // The plan marks a quote taken for the fills after it in the batch; when the booking then refuses that
  // fill (its money short), the later fills are planned again without it (MoneyCalls.run), as one by one.
  it("fills a quote whose earlier fill in the batch was refused for its money", async () => {
    const scenario = async () => {
      const who = await userWith("5.00");
      await fund(t, who.userId, "INR", "5000.00");
      const quote = await quoteOf(who, { from: "USD", to: "INR", amount: "40" });
      const back = await quoteOf(who, { from: "INR", to: "USD", amount: "5000" });
      return [
        () => fill(who, quote.id), // 5 USD there: refused
        () => fill(who, back.id), // about 59 USD in
        () => fill(who, quote.id), // another key: now it can be paid
      ];
    };
    const oneByOne: Answer[] = [];
    for (const send of await scenario()) oneByOne.push(await send());
    expect(oneByOne.map((a) => a.status === 1 || a.code)).toEqual(["INSUFFICIENT_AVAILABLE", true, true]);
    const { answers, watch } = await inOneBatch(await scenario());
    // The batch of three, then the third again on its own: its refusal had counted the first as done.
    expect(watch.claims).toEqual([1, 1, 3, 1]);
    expect(answers.map((a) => a.status === 1 || a.code)).toEqual(
      oneByOne.map((a) => a.status === 1 || a.code),
    );
  });
});
