import { randomUUID } from "node:crypto";
import type { EntryType, ErrorCode } from "@brokerage/api";
import { credit, exchange, hold, money, type EntryDraft } from "@brokerage/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { arrayLiteral } from "../../db/arrays.js";
import { rowsOf } from "../../db/index.js";
import { idempotencyKeys, journalEntries, users } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { userIdOf, walletOf } from "../exchange/testing.js";
import { book, checkLedger, MoneyCalls, type MoneyCall, type MoneyFeature, type Needs } from "./index.js";
import { until } from "./testing.js";

/**
 * The ledger's one write path for money calls (`MoneyCalls`, calls.ts) on its own, against a real
 * database, with a small feature of its own: each call books the entries it brings, its plan may refuse
 * it (or fail), and its write keeps a row per call (`fake_rows`) and answers the balances booked. A batch is
 * made by holding the batch in flight (one at a time here) in its plan until the calls to batch are
 * submitted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } } });
  await t.database.db.execute(sql`create table fake_rows (key text primary key, entry_id bigint not null)`);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

interface FakeCall extends MoneyCall {
  /** The entries the call books (for its user). */
  entries: EntryDraft<EntryType>[];
  /** The plan's refusal of the call, if any (asked each time the call is planned). */
  refuse?: () => ErrorCode | undefined;
  /** A step that throws (not a refusal): the whole batch fails. */
  fail?: "plan" | "write";
  /** The plan waits for it (holding the batch in flight). */
  gate?: Promise<void>;
}

interface FakeAnswer {
  key: string;
  /** The user's balances after each entry, in the entries' order (as plain numbers: "40", "2490"). */
  balances: string[];
}

interface Fake {
  calls: MoneyCalls<FakeCall, { key: string }, FakeAnswer>;
  /** The keys of each batch the plan was given, in the order planned. */
  planned: string[][];
  /** The keys of each batch the write was given. */
  written: string[][];
}

function fake(): Fake {
  const planned: string[][] = [];
  const written: string[][] = [];
  const feature: MoneyFeature<FakeCall, { key: string }, FakeAnswer> = {
    async plan(_tx, calls) {
      planned.push(calls.map((c) => c.key));
      await Promise.all(calls.map((c) => c.gate));
      if (calls.some((c) => c.fail === "plan")) throw new Error("the plan broke");
      return calls.map((call) => {
        const refusal = call.refuse?.();
        if (refusal) return { error: new DomainError(refusal) };
        return {
          value: {
            entries: call.entries,
            reference: `fake:${call.key}`,
            cause: { by: "user" },
            plan: { key: call.key },
          },
        };
      });
    },
    write(booked) {
      written.push(booked.map((b) => b.call.key));
      const statements = [
        sql`insert into fake_rows (key, entry_id)
        select * from unnest(${arrayLiteral(booked.map((b) => b.planned.plan.key))}::text[],
          ${arrayLiteral(booked.map((b) => b.entries[0]?.entryId ?? null))}::bigint[])`,
      ];
      if (booked.some((b) => b.call.fail === "write")) throw new Error("the write broke");
      return {
        statements,
        answers: booked.map((b) => ({
          key: b.planned.plan.key,
          balances: b.entries.flatMap((e) => [...e.balances.values()].map((v) => money(v).toFixed())),
        })),
      };
    },
    maxEntries: 4,
    short(_call, _planned, entry, available) {
      return new DomainError("INSUFFICIENT_AVAILABLE", {
        available: money(available).toFixed(),
        entry: String(entry),
      });
    },
  };
  return { calls: new MoneyCalls(t.database.db, feature, { maxSize: 32, inFlight: 1 }), planned, written };
}

async function newUser(usd?: string): Promise<string> {
  const session = await registerUser(t.app);
  const userId = await userIdOf(t, session);
  if (usd)
    await book(t.database.db, {
      entry: credit("deposit", userId, "USD", usd),
      userId,
      cause: { by: "system" },
      at: t.clock.now(),
    });
  return userId;
}

/** A call of `userId` booking `entries`, under a new key unless given; its request names the key's purpose. */
function callOf(
  userId: string,
  entries: EntryDraft<EntryType>[],
  options: Partial<Omit<FakeCall, "userId" | "entries">> & { needs?: Needs } = {},
): FakeCall {
  return {
    owner: `user:${userId}`,
    key: randomUUID(),
    request: { entries: entries.map((e) => e.type) },
    userId,
    at: t.clock.now(),
    needs: {},
    entries,
    ...options,
  };
}

const holdUsd = (userId: string, amount: string) => hold("withdrawalHold", userId, "USD", amount);
const toInr = (userId: string, usd: string, inr: string) =>
  exchange("usToIndia", userId, "USD", usd, "INR", inr);

/** A call's outcome as the tests compare it: its answer, or its refusal's code and params, or its error. */
const settled = (promise: Promise<FakeAnswer>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) =>
      error instanceof DomainError ? { code: error.code, params: error.params } : { error: String(error) },
  );

/**
 * Submits `calls` while a batch (another user's call) is held in its plan, so that they are made in one
 * batch once it is let go. Answers their outcomes.
 */
async function together(f: Fake, calls: FakeCall[]) {
  const blocker = await newUser("1.00");
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const before = f.planned.length;
  const first = settled(f.calls.submit(callOf(blocker, [holdUsd(blocker, "1.00")], { gate })));
  await until(() => f.planned.length > before);
  const outcomes = calls.map((call) => settled(f.calls.submit(call)));
  open();
  expect(await first).toMatchObject({ value: { balances: ["0", "1"] } });
  return Promise.all(outcomes);
}

/** Each call of `calls` made alone, one after the other. */
async function alone(f: Fake, calls: FakeCall[]) {
  const outcomes = [];
  for (const call of calls) outcomes.push(await settled(f.calls.submit(call)));
  return outcomes;
}

async function storedKey(call: FakeCall) {
  const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, call.key));
  return rows[0];
}

/** What a call wrote: its journal entries (by key), its feature row and its stored key. */
async function traceOf(call: FakeCall) {
  const entries = await t.database.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, call.key));
  const rows = rowsOf(await t.database.db.execute(sql`select key from fake_rows where key = ${call.key}`));
  const key = await storedKey(call);
  return { entries: entries.length, rows: rows.length, key: key !== undefined };
}

const flag = (userId: string, flags: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(flags).where(eq(users.id, userId));

describe("MoneyCalls", () => {
  it("means by a batch of one what it means by a batch of many", async () => {
    // The same calls, for two users alike: one user's made alone one after the other, the other's together.
    const scenario = async () => {
      const userId = await newUser("100.00");
      return [
        callOf(userId, [holdUsd(userId, "60.00")]),
        callOf(userId, [holdUsd(userId, "50.00")]), // 40 left
        callOf(userId, [toInr(userId, "30.00", "2490.00")]), // the platform's side too; INR made
        callOf(userId, [holdUsd(userId, "1.00")], { refuse: () => "NOT_FOUND" }),
        callOf(userId, [holdUsd(userId, "5.00"), holdUsd(userId, "6.00")]), // two entries: the second short
        callOf(userId, [holdUsd(userId, "10.00")]),
      ];
    };
    const one = fake();
    const first = await scenario();
    const byOne = await alone(one, first);
    const many = fake();
    const second = await scenario();
    const byMany = await together(many, second);

    const anonymous = (outcomes: Awaited<ReturnType<typeof settled>>[]) =>
      outcomes.map((o) => ("value" in o ? { balances: o.value.balances } : o));
    expect(anonymous(byMany)).toEqual(anonymous(byOne));
    expect(anonymous(byOne)).toEqual([
      { balances: ["40", "60"] },
      { code: "INSUFFICIENT_AVAILABLE", params: { available: "40", entry: "0" } },
      { balances: ["10", "2490"] },
      { code: "NOT_FOUND", params: {} },
      { code: "INSUFFICIENT_AVAILABLE", params: { available: "10", entry: "1" } },
      { balances: ["0", "70"] },
    ]);
    expect(one.planned).toEqual(first.map((c) => [c.key]));
    expect(many.planned.slice(1)).toEqual([second.map((c) => c.key)]);
    expect(many.written.slice(1)).toEqual([[second[0], second[2], second[5]].map((c) => c?.key)]);
    for (const currency of ["USD", "INR"])
      expect(await walletOf(t, second[0]?.userId ?? "", currency)).toEqual(
        await walletOf(t, first[0]?.userId ?? "", currency),
      );
    for (const [k, call] of second.entries())
      expect(await traceOf(call)).toEqual(await traceOf(first[k] as FakeCall));
  });

  it("gives each call of a batch its own outcome: a refused call writes nothing and gives its key back", async () => {
    const rich = await newUser("100.00");
    const poor = await newUser("5.00");
    const frozen = await newUser("100.00");
    await flag(frozen, { frozen: true });
    const nobody = randomUUID();
    const f = fake();
    const calls = [
      callOf(rich, [holdUsd(rich, "10.00")]),
      callOf(frozen, [holdUsd(frozen, "10.00")]),
      callOf(rich, [holdUsd(rich, "10.00")], { refuse: () => "ORDER_STATE_INVALID" }),
      callOf(poor, [holdUsd(poor, "10.00")]),
      callOf(nobody, [holdUsd(nobody, "10.00")]),
      callOf(poor, [toInr(poor, "5.00", "415.00")]),
    ];
    const outcomes = await together(f, calls);
    expect(outcomes).toEqual([
      { value: { key: calls[0]?.key, balances: ["90", "10"] } },
      { code: "ACCOUNT_FROZEN", params: {} },
      { code: "ORDER_STATE_INVALID", params: {} },
      { code: "INSUFFICIENT_AVAILABLE", params: { available: "5", entry: "0" } },
      { code: "UNAUTHORIZED", params: {} },
      { value: { key: calls[5]?.key, balances: ["0", "415"] } },
    ]);
    // The account's refusals were not planned; the feature's and the short one were not written.
    expect(f.planned.slice(1)).toEqual([[0, 2, 3, 5].map((k) => calls[k]?.key)]);
    expect(f.written.slice(1)).toEqual([[0, 5].map((k) => calls[k]?.key)]);
    const traces = await Promise.all(calls.map(traceOf));
    expect(traces).toEqual(
      [true, false, false, false, false, true].map((made) =>
        made ? { entries: 1, rows: 1, key: true } : { entries: 0, rows: 0, key: false },
      ),
    );
    // The answers are stored with their keys.
    expect((await storedKey(calls[0] as FakeCall))?.response).toEqual(
      outcomes[0] && "value" in outcomes[0] && outcomes[0].value,
    );
    expect(await walletOf(t, poor, "USD")).toMatchObject({ available: "0", held: "0" });
    expect(await walletOf(t, frozen, "USD")).toMatchObject({ available: "100", held: "0" });
  });

  it("answers a stored key with its stored answer, and the same key with another request IDEMPOTENCY_CONFLICT", async () => {
    const userId = await newUser("100.00");
    const f = fake();
    const call = callOf(userId, [holdUsd(userId, "10.00")]);
    const [answer] = await alone(f, [call]);
    expect(answer).toEqual({ value: { key: call.key, balances: ["90", "10"] } });
    // Alone, and in a batch: answered at the claim, never planned again; another request is a conflict
    // even when it could be paid.
    const other = { ...call, request: { entries: ["other"] }, entries: [holdUsd(userId, "1.00")] };
    expect(await alone(f, [call, other])).toEqual([answer, { code: "IDEMPOTENCY_CONFLICT", params: {} }]);
    expect(await together(f, [other, call])).toEqual([{ code: "IDEMPOTENCY_CONFLICT", params: {} }, answer]);
    // The key comes before the account's standing: a frozen account's stored call still answers its answer.
    await flag(userId, { frozen: true });
    expect(await alone(f, [call, other])).toEqual([answer, { code: "IDEMPOTENCY_CONFLICT", params: {} }]);
    await flag(userId, { frozen: false });
    expect(f.planned.filter((keys) => keys.includes(call.key))).toEqual([[call.key]]);
    expect(await walletOf(t, userId, "USD")).toMatchObject({ available: "90", held: "10" });
    expect(await traceOf(call)).toEqual({ entries: 1, rows: 1, key: true });
  });

  it("refuses the account in the one order (standing.ts) before the feature's plan runs", async () => {
    const userId = await newUser("100.00");
    const f = fake();
    const trading = { trade: true, fundPassword: true };
    const call = (needs: Needs) =>
      callOf(userId, [holdUsd(userId, "1.00")], { needs, refuse: () => "ORDER_STATE_INVALID" });
    const code = async (needs: Needs) => {
      const [outcome] = await alone(f, [call(needs)]);
      return outcome && "code" in outcome ? outcome.code : outcome;
    };
    await flag(userId, { disabled: true, frozen: true, tradeBanned: true, fundPasswordHash: null });
    expect(await code(trading)).toBe("ACCOUNT_DISABLED");
    await flag(userId, { disabled: false });
    expect(await code(trading)).toBe("ACCOUNT_FROZEN");
    expect(await code({})).toBe("ACCOUNT_FROZEN");
    await flag(userId, { frozen: false });
    expect(await code(trading)).toBe("TRADE_BANNED");
    expect(await code({ fundPassword: true })).toBe("FUND_PASSWORD_NOT_SET");
    expect(f.planned).toEqual([]);
    // Calls that do not need what the account lacks reach the plan, whose refusal comes next.
    expect(await code({})).toBe("ORDER_STATE_INVALID");
    await flag(userId, { tradeBanned: false, fundPasswordHash: "set" });
    expect(await code(trading)).toBe("ORDER_STATE_INVALID");
    expect(f.planned).toHaveLength(2);
    // In a batch alike.
    await flag(userId, { frozen: true });
    expect(await together(f, [call({}), call(trading)])).toEqual([
      { code: "ACCOUNT_FROZEN", params: {} },
      { code: "ACCOUNT_FROZEN", params: {} },
    ]);
    expect(f.planned).toHaveLength(3); // the blocker's only
    expect(await walletOf(t, userId, "USD")).toMatchObject({ available: "100", held: "0" });
  });

  it("gives a refused call's key back: the same call is tried again, and wrote nothing before", async () => {
    const userId = await newUser("5.00");
    const f = fake();
    let refusing = true;
    const calls = [
      callOf(userId, [holdUsd(userId, "10.00")]),
      callOf(userId, [holdUsd(userId, "1.00")], { refuse: () => (refusing ? "QUOTE_EXPIRED" : undefined) }),
      callOf(userId, [holdUsd(userId, "1.00")]),
    ];
    await flag(userId, { frozen: true });
    expect(await alone(f, calls)).toEqual([
      { code: "ACCOUNT_FROZEN", params: {} },
      { code: "ACCOUNT_FROZEN", params: {} },
      { code: "ACCOUNT_FROZEN", params: {} },
    ]);
    await flag(userId, { frozen: false });
    expect((await alone(f, calls)).map((o) => ("code" in o ? o.code : "made"))).toEqual([
      "INSUFFICIENT_AVAILABLE",
      "QUOTE_EXPIRED",
      "made",
    ]);
    for (const call of calls.slice(0, 2))
      expect(await traceOf(call)).toEqual({ entries: 0, rows: 0, key: false });
    await book(t.database.db, {
      entry: credit("deposit", userId, "USD", "10.00"),
      userId,
      cause: { by: "system" },
      at: t.clock.now(),
    });
    refusing = false;
    expect(await together(f, calls)).toEqual([
      { value: { key: calls[0]?.key, balances: ["4", "11"] } },
      { value: { key: calls[1]?.key, balances: ["3", "12"] } },
      { value: { key: calls[2]?.key, balances: ["4", "1"] } }, // stored when first made
    ]);
    for (const call of calls) expect(await traceOf(call)).toEqual({ entries: 1, rows: 1, key: true });
  });

  it("makes a key sent twice in one batch once: the same request answered alike, another one a conflict", async () => {
    const userId = await newUser("100.00");
    const f = fake();
    let refusals = 1;
    const once = callOf(userId, [holdUsd(userId, "10.00")]);
    const retried = callOf(userId, [holdUsd(userId, "20.00")], {
      refuse: () => (refusals-- > 0 ? "QUOTE_EXPIRED" : undefined),
    });
    const short = callOf(userId, [holdUsd(userId, "500.00")]);
    const outcomes = await together(f, [
      once,
      { ...once },
      { ...once, request: { other: true } },
      retried,
      { ...retried },
      short,
      { ...short, request: { other: true }, entries: [holdUsd(userId, "30.00")] },
    ]);
    expect(outcomes).toEqual([
      { value: { key: once.key, balances: ["90", "10"] } },
      { value: { key: once.key, balances: ["90", "10"] } },
      { code: "IDEMPOTENCY_CONFLICT", params: {} },
      { code: "QUOTE_EXPIRED", params: {} },
      // The earlier call was refused and its key given back: the later one is made, after.
      { value: { key: retried.key, balances: ["70", "30"] } },
      { code: "INSUFFICIENT_AVAILABLE", params: { available: "90", entry: "0" } },
      // Its key given back too: made with its own request.
      { value: { key: short.key, balances: ["40", "60"] } },
    ]);
    expect(f.planned.slice(1)).toEqual([
      [once.key, retried.key, short.key],
      [retried.key, short.key],
    ]);
    expect(await traceOf(once)).toEqual({ entries: 1, rows: 1, key: true });
    expect(await traceOf(retried)).toEqual({ entries: 1, rows: 1, key: true });
    expect(await traceOf(short)).toEqual({ entries: 1, rows: 1, key: true });
    expect(await walletOf(t, userId, "USD")).toMatchObject({ available: "40", held: "60" });
  });

  it("runs a batch a feature's error failed again call by call, each with its own outcome", async () => {
    const userId = await newUser("100.00");
    const poor = await newUser("1.00");
    for (const fail of ["plan", "write"] as const) {
      const f = fake();
      const calls = [
        callOf(userId, [holdUsd(userId, "10.00")]),
        callOf(userId, [holdUsd(userId, "1.00")], { fail }),
        callOf(userId, [toInr(userId, "10.00", "830.00")]),
        callOf(poor, [holdUsd(poor, "10.00")]),
      ];
      const outcomes = await together(f, calls);
      expect(outcomes.map((o) => ("value" in o ? "made" : "code" in o ? o.code : o.error))).toEqual([
        "made",
        `Error: the ${fail} broke`,
        "made",
        "INSUFFICIENT_AVAILABLE",
      ]);
      // The batch, then each call in a batch of its own (the failed batch rolled back whole).
      expect(f.planned[1]).toEqual(calls.map((c) => c.key));
      expect(f.planned.slice(2).sort()).toEqual(calls.map((c) => [c.key]).sort());
      expect(await Promise.all(calls.map(traceOf))).toEqual(
        [true, false, true, false].map((made) =>
          made ? { entries: 1, rows: 1, key: true } : { entries: 0, rows: 0, key: false },
        ),
      );
    }
    // 100 − 2 × (10 held + 10 exchanged).
    expect(await walletOf(t, userId, "USD")).toMatchObject({ available: "60", held: "20" });
    expect(await walletOf(t, userId, "INR")).toMatchObject({ available: "1660" });
  });
});
