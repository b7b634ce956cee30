import { randomUUID } from "node:crypto";
import type { ExchangeResult } from "@brokerage/api";
import { money } from "@brokerage/core";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { exchangeQuotes, idempotencyKeys, journalEntries, postings } from "../../db/schema/index.js";
import { rowsOf } from "../../db/index.js";
import { HOUR } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { checkLedger, requestHash } from "../ledger/index.js";
import { fillAtOnce, fillTogether, type FillCall } from "./fill.js";
import { findQuote } from "./repository.js";
import { fund, userIdOf, walletOf } from "./testing.js";

/**
 * The one-statement fill (`exchange_fill_together`, migration 0015) on its own, alone and in batches: what
 * it books and answers, each refusal (claiming neither key nor quote), and its fallback to the general
 * path. The HTTP tests (exchange.test.ts) run both paths through `fund/exchange`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } } });
});
afterAll(() => t.close());

/**
 * A user with `usd` in USD who has exchanged 1 USD to INR once already (through the API), so that their
 * INR wallet and the platform's FX accounts of their shard exist: what the one-statement fill needs.
 */
async function userWith(usd: string) {
  const session = await registerUser(t.app);
  const userId = await userIdOf(t, session);
  await fund(t, userId, "USD", money(usd).plus(1).toFixed(2));
  const first = await quoteOf(session, userId, { from: "USD", to: "INR", amount: "1" });
  const filled = await call(
    t.app,
    "fund/exchange",
    { quoteId: first.id, idempotencyKey: randomUUID() },
    session.headers,
  );
  expect(filled).toMatchObject({ status: 1 });
  return { session, userId };
}

async function quoteOf(session: Session, userId: string, body: { from: string; to: string; amount: string }) {
  const answer = await call(t.app, "fund/exchangeQuote", body, session.headers);
  const quoteId = (answer.data as { quoteId: string }).quoteId;
  const row = await findQuote(t.database.db, { userId, id: quoteId });
  if (!row) throw new Error("quote not stored");
  return row;
}

function fillCall(
  userId: string,
  quote: NonNullable<Awaited<ReturnType<typeof findQuote>>>,
  key = randomUUID(),
) {
  return {
    userId,
    quote,
    owner: `user:${userId}`,
    key,
    requestHash: requestHash({ quoteId: quote.id }),
    at: t.clock.now(),
  } satisfies FillCall;
}

/** The refusal a fill throws (its code and params), or a failure of the test when it answers. */
async function refusal(call: FillCall) {
  const error = await fillAtOnce(t.database.db, call).then(
    (outcome) => outcome,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${JSON.stringify(error)}`);
  return { code: error.code, params: error.params };
}

async function claims(userId: string, quoteId: string) {
  const keys = await t.database.db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.owner, `user:${userId}`));
  const [quote] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quoteId));
  return { keys: keys.length, usedAt: quote?.usedAt ?? null };
}

describe("fillAtOnce (a batch of one)", () => {
  it("books the exchange, writes the wallets into the answer, links the quote and stores the answer", async () => {
    const { userId, session } = await userWith("100.00");
    const inr = money((await walletOf(t, userId, "INR")).available);
    const quote = await quoteOf(session, userId, { from: "USD", to: "INR", amount: "40" });
    const request = fillCall(userId, quote);
    const outcome = await fillAtOnce(t.database.db, request);
    if (!("answer" in outcome)) throw new Error("fell back with both wallets there");
    const receive = money(quote.receive);
    const answer: ExchangeResult = outcome.answer;
    expect(answer).toEqual({
      quoteId: quote.id,
      type: "usToIndia",
      amount: "40.00",
      receive: receive.toFixed(2),
      wallets: [
        { currency: "USD", available: "60.00" },
        { currency: "INR", available: receive.plus(inr).toFixed(2) },
      ],
      exchangedAt: t.clock.now().toISOString(),
    });
    expect(money((await walletOf(t, userId, "INR")).available).equals(receive.plus(inr))).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${quote.id}`));
    expect(entry).toMatchObject({ type: "usToIndia", userId, causedBy: "user", idempotencyKey: request.key });
    const lines = await t.database.db
      .select()
      .from(postings)
      .where(eq(postings.entryId, entry?.id ?? -1));
    expect(lines).toHaveLength(4);
    const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quote.id));
    expect(row).toMatchObject({ usedAt: t.clock.now(), entryId: entry?.id });
    const [key] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, request.owner), eq(idempotencyKeys.key, request.key)));
    expect(key?.response).toEqual(answer);

    // The same key again: the stored answer, nothing moved; the key with another request: a conflict.
    expect(await fillAtOnce(t.database.db, request)).toEqual({ answer });
    expect(money((await walletOf(t, userId, "USD")).available).equals(60)).toBe(true);
    expect(await refusal({ ...request, requestHash: requestHash({ quoteId: randomUUID() }) })).toEqual({
      code: "IDEMPOTENCY_CONFLICT",
      params: {},
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("books either direction: each posting carries its account's balance after the entry", async () => {
    const { userId, session } = await userWith("100.00");
    // INR was created after USD, so here the paying wallet's account comes second in id order.
    const quote = await quoteOf(session, userId, { from: "INR", to: "USD", amount: "50" });
    const outcome = await fillAtOnce(t.database.db, fillCall(userId, quote));
    if (!("answer" in outcome)) throw new Error("fell back with both wallets there");
    const [entry] = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${quote.id}`));
    const lines = await t.database.db
      .select()
      .from(postings)
      .where(eq(postings.entryId, entry?.id ?? -1))
      .orderBy(postings.id);
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
      const wallet = await walletOf(t, userId, line.currency);
      expect(money(line.balanceAfter).equals(wallet.available), line.currency).toBe(true);
    }
    expect(outcome.answer.wallets).toEqual([
      { currency: "INR", available: money((await walletOf(t, userId, "INR")).available).toFixed(2) },
      { currency: "USD", available: money((await walletOf(t, userId, "USD")).available).toFixed(2) },
    ]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("refuses as the general path does, and a refusal leaves neither the key nor the quote claimed", async () => {
    const { userId, session } = await userWith("5.00");
    const other = await userWith("1.00");

    const short = await quoteOf(session, userId, { from: "USD", to: "INR", amount: "40" });
    expect(await refusal(fillCall(userId, short))).toEqual({
      code: "INSUFFICIENT_AVAILABLE",
      params: { available: "5.00" },
    });
    expect(await claims(userId, short.id)).toEqual({ keys: 1, usedAt: null });

    expect(await refusal(fillCall(other.userId, short))).toEqual({ code: "NOT_FOUND", params: {} });
    expect(await claims(other.userId, short.id)).toEqual({ keys: 1, usedAt: null });

    const fine = await quoteOf(session, userId, { from: "USD", to: "INR", amount: "1" });
    expect(await fillAtOnce(t.database.db, fillCall(userId, fine))).toHaveProperty("answer");
    expect(await refusal(fillCall(userId, fine))).toEqual({ code: "ORDER_STATE_INVALID", params: {} });
    expect(await claims(userId, fine.id)).toMatchObject({ keys: 2 });

    t.clock.advance(HOUR);
    expect(await refusal(fillCall(userId, short))).toEqual({ code: "QUOTE_EXPIRED", params: {} });
    expect(await claims(userId, short.id)).toEqual({ keys: 2, usedAt: null });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("falls back, changing nothing, when the wallet it pays into does not exist yet or the terms differ", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t, session);
    await fund(t, userId, "USD", "50.00");
    const quote = await quoteOf(session, userId, { from: "USD", to: "THB", amount: "10" });
    expect(await fillAtOnce(t.database.db, fillCall(userId, quote))).toEqual({ fallback: true });
    expect(await fillAtOnce(t.database.db, fillCall(userId, { ...quote, receive: "1" }))).toEqual({
      fallback: true,
    });
    expect(await claims(userId, quote.id)).toEqual({ keys: 0, usedAt: null });
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${quote.id}`));
    expect(entries).toEqual([]);
    // Through the API the general path then fills it, creating the THB wallet.
    const answer = await call(
      t.app,
      "fund/exchange",
      { quoteId: quote.id, idempotencyKey: randomUUID() },
      session.headers,
    );
    expect(answer).toMatchObject({
      status: 1,
      data: { wallets: [{ available: "40.00" }, { currency: "THB" }] },
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("fills a quote once when two fills of it overlap: the other answers ORDER_STATE_INVALID, nothing claimed", async () => {
    const { userId, session } = await userWith("100.00");
    const quote = await quoteOf(session, userId, { from: "USD", to: "INR", amount: "10" });
    const calls = [fillCall(userId, quote), fillCall(userId, quote)];
    const outcomes = await Promise.all(
      calls.map((c) =>
        fillAtOnce(t.database.db, c).then(
          (outcome) => ({ outcome }),
          (error: unknown) => ({ error }),
        ),
      ),
    );
    const filled = outcomes.filter((o) => "outcome" in o);
    expect(filled).toHaveLength(1);
    expect(filled[0]).toMatchObject({ outcome: { answer: { quoteId: quote.id } } });
    const refused = outcomes.find((o) => "error" in o);
    expect(refused?.error).toBeInstanceOf(DomainError);
    expect((refused?.error as DomainError).code).toBe("ORDER_STATE_INVALID");
    expect((await walletOf(t, userId, "USD")).available).toBe("90");

    // The quote is marked used and linked to its one entry; only the filling call's key is written.
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${quote.id}`));
    expect(entries).toHaveLength(1);
    const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quote.id));
    expect(row).toMatchObject({ usedAt: t.clock.now(), entryId: entries[0]?.id });
    const winner = calls[outcomes.findIndex((o) => "outcome" in o)];
    const written = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.owner, `user:${userId}`));
    expect(written.map((k) => k.key)).toContain(winner?.key);
    expect(written.map((k) => k.key)).not.toContain(calls.find((c) => c !== winner)?.key);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("books once for overlapping calls with one key: the later ones wait and answer the stored answer", async () => {
    const { userId, session } = await userWith("100.00");
    const quote = await quoteOf(session, userId, { from: "USD", to: "INR", amount: "10" });
    const request = fillCall(userId, quote);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => fillAtOnce(t.database.db, request)));
    expect(outcomes[0]).toHaveProperty("answer");
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
    expect((await walletOf(t, userId, "USD")).available).toBe("90");
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${quote.id}`));
    expect(entries).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  // A writer of the key that did not take its lock (none should) is waited for at the key's one write;
  // the fill then rolls back and leaves the answer to the general path. Needs two connections.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "falls back, having booked nothing, when the key is found written at its end after all",
    async () => {
      const { userId, session } = await userWith("100.00");
      const quote = await quoteOf(session, userId, { from: "USD", to: "INR", amount: "10" });
      const request = fillCall(userId, quote);
      const { filling } = await t.database.db.transaction(async (tx) => {
        await tx.insert(idempotencyKeys).values({
          owner: request.owner,
          key: request.key,
          requestHash: request.requestHash,
          response: { elsewhere: true },
          createdAt: request.at,
        });
        const filling = fillAtOnce(t.database.db, request);
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
      const outcome = await filling;
      expect(outcome).toEqual({ fallback: true });
      expect((await walletOf(t, userId, "USD")).available).toBe("100");
      const [row] = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, quote.id));
      expect(row).toMatchObject({ usedAt: null, entryId: null });
      expect(await checkLedger(t.database.db)).toEqual([]);
    },
  );
});

/** Each outcome of a batch as the caller sees it: the answer, `fallback`, or the refusal's code and params. */
const seen = (outcomes: Awaited<ReturnType<typeof fillTogether>>) =>
  outcomes.map((o) =>
    "error" in o
      ? o.error instanceof DomainError
        ? { code: o.error.code, params: o.error.params }
        : { unexpected: String(o.error) }
      : "answer" in o.value
        ? { quoteId: o.value.answer.quoteId }
        : "fallback",
  );

describe("fillTogether (exchange_fill_together)", () => {
  it("gives each fill of a batch its own outcome, and books the platform's side once with running balances", async () => {
    const a = await userWith("100.00");
    const b = await userWith("5.00");
    const first = await quoteOf(a.session, a.userId, { from: "USD", to: "INR", amount: "10" });
    const second = await quoteOf(a.session, a.userId, { from: "USD", to: "INR", amount: "20" });
    const short = await quoteOf(b.session, b.userId, { from: "USD", to: "INR", amount: "10" });
    const used = await quoteOf(a.session, a.userId, { from: "USD", to: "INR", amount: "1" });
    expect(await fillAtOnce(t.database.db, fillCall(a.userId, used))).toHaveProperty("answer");
    const lacking = await registerUser(t.app); // no INR wallet yet: the general path's
    const lackingId = await userIdOf(t, lacking);
    await fund(t, lackingId, "USD", "10.00");
    const fresh = await quoteOf(lacking, lackingId, { from: "USD", to: "INR", amount: "1" });

    const firstCall = fillCall(a.userId, first);
    const calls = [
      firstCall,
      fillCall(b.userId, short),
      fillCall(a.userId, second),
      { ...firstCall }, // the same call twice: one effect, one answer
      fillCall(b.userId, second), // another user's quote
      fillCall(a.userId, used),
      fillCall(lackingId, fresh),
      {
        ...fillCall(a.userId, first),
        requestHash: requestHash({ quoteId: randomUUID() }),
        key: firstCall.key,
      },
    ];
    const outcomes = await fillTogether(t.database.db, calls);
    expect(seen(outcomes)).toEqual([
      { quoteId: first.id },
      { code: "INSUFFICIENT_AVAILABLE", params: { available: "5.00" } },
      { quoteId: second.id },
      { quoteId: first.id },
      { code: "NOT_FOUND", params: {} },
      { code: "ORDER_STATE_INVALID", params: {} },
      "fallback",
      { code: "IDEMPOTENCY_CONFLICT", params: {} },
    ]);
    expect(outcomes[3]).toEqual(outcomes[0]);
    expect((await walletOf(t, a.userId, "USD")).available).toBe("69");
    expect((await walletOf(t, b.userId, "USD")).available).toBe("5");
    expect(await claims(b.userId, short.id)).toEqual({ keys: 1, usedAt: null });
    expect(await claims(lackingId, fresh.id)).toEqual({ keys: 0, usedAt: null });
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `exchange:${first.id}`));
    expect(entries).toHaveLength(1);
    // Every posting's balance after it, the platform's included, adds up (checked by the ledger check).
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("runs overlapping batches of the same users in different orders without a deadlock", async () => {
    const people: Awaited<ReturnType<typeof userWith>>[] = [];
    for (let i = 0; i < 5; i++) people.push(await userWith("20.00"));
    const batches = await Promise.all(
      Array.from({ length: 4 }, async (_, k) => {
        const order = k % 2 ? [...people].reverse() : [...people.slice(k), ...people.slice(0, k)];
        return Promise.all(
          order.map(async (p) =>
            fillCall(p.userId, await quoteOf(p.session, p.userId, { from: "USD", to: "INR", amount: "1" })),
          ),
        );
      }),
    );
    const outcomes = await Promise.all(batches.map((calls) => fillTogether(t.database.db, calls)));
    for (const [k, batch] of outcomes.entries())
      expect(seen(batch)).toEqual(batches[k]?.map((c) => ({ quoteId: c.quote.id })));
    for (const p of people) expect((await walletOf(t, p.userId, "USD")).available).toBe("16");
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
