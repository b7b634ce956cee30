import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  LedgerModel,
  adjustment,
  credit,
  exchange,
  hold,
  postHold,
  voidHold,
  type EntryDraft,
} from "@brokerage/core";
import type { EntryType } from "@brokerage/api";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR } from "../src/lib/clock.js";
import { DomainError } from "../src/lib/errors.js";
import { book, idempotent } from "../src/modules/ledger/index.js";
import { buildTestApp, type TestApp } from "./helper.js";
import { ApiDriver } from "./ledger-api-driver.js";
import { bareUser, cents, expectLedgerMatches } from "./ledger-testing.js";

/**
 * The ledger's invariants against the real database (issue 8's property test): random sequences of money
 * movements, after every step `checkLedger` clean (each entry zero per currency, each balance the sum of
 * its postings, no user balance below zero, running balances right) and every user's wallets equal to an
 * in-memory model of the same rules (`LedgerModel`), which also predicts every refusal.
 *
 * First the ledger module alone (`book` inside `idempotent`, with retries of earlier keys), then the same
 * through the HTTP API, so the real services are exercised: deposits (`fund/recharge` + `reviews/decide`),
 * withdrawals (`fund/withdraw` + `reviews/decide`), exchanges (`fund/exchangeQuote` + `fund/exchange`)
 * and adjustments (`/api/admin/users/adjust`). PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
/**
 * How many sequences each part runs: a few dozen in `npm test` (each step is real HTTP calls and a full
 * `checkLedger`), thousands on demand, e.g. `LEDGER_PROPERTY_RUNS=2000 npx vitest run --project server
 * test/ledger-property.test.ts` (the pure model runs 2,000 in packages/core on every `npm test`).
 */
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS) || 0;
const MODULE_RUNS = RUNS || 25;
const API_RUNS = RUNS || 12;
const timeout = (runs: number) => Math.max(180_000, runs * 5_000);

let t: TestApp;
let imageDir: string;
beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "ledger-property-"));
  t = await buildTestApp({
    imageDir,
    // Two users per API sequence, all from the test's one address.
    authLimits: { registrationsPerAddress: { max: Math.max(1000, API_RUNS * 2 + 100), windowMs: HOUR } },
  });
  t.clock.set("2026-01-05T06:30:00Z"); // a Monday, inside the recharge and withdrawal windows
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

const CURRENCIES = ["USD", "INR", "JPY"] as const;

type ModuleOp =
  | { kind: "deposit" | "hold" | "post" | "void"; user: number; currency: string; cents: number }
  | { kind: "adjust"; user: number; currency: string; cents: number; debit: boolean }
  | { kind: "exchange"; user: number; from: string; to: string; pay: number; receive: number }
  | { kind: "retry"; of: number };

const user = fc.integer({ min: 0, max: 1 });
const currency = fc.constantFrom(...CURRENCIES);
const amount = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 20_000 }) },
  fc.integer({ min: 1, max: 10 ** 7 }),
);
const moduleOp: fc.Arbitrary<ModuleOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom("deposit", "hold", "post", "void"),
      user,
      currency,
      cents: amount,
    }),
  },
  fc.record({ kind: fc.constant("adjust"), user, currency, cents: amount, debit: fc.boolean() }),
  fc
    .record({
      kind: fc.constant("exchange"),
      user,
      from: currency,
      to: currency,
      pay: amount,
      receive: amount,
    })
    .filter((o) => o.from !== o.to),
  fc.record({ kind: fc.constant("retry"), of: fc.nat() }),
);

/** Whole units for JPY (scale 0), cents otherwise. */
const units = (n: number, c: string) => (c === "JPY" ? String(n) : cents(n));

function entryOf(o: Exclude<ModuleOp, { kind: "retry" }>, userId: string): EntryDraft<EntryType> {
  switch (o.kind) {
    case "deposit":
      return credit("deposit", userId, o.currency, units(o.cents, o.currency));
    case "hold":
      return hold("withdrawalHold", userId, o.currency, units(o.cents, o.currency));
    case "post":
      return postHold("withdrawalPayout", userId, o.currency, units(o.cents, o.currency));
    case "void":
      return voidHold("withdrawalRefusal", userId, o.currency, units(o.cents, o.currency));
    case "adjust":
      return adjustment(
        "adjustment",
        userId,
        o.currency,
        `${o.debit ? "-" : ""}${units(o.cents, o.currency)}`,
      );
    case "exchange":
      return exchange("exchange", userId, o.from, units(o.pay, o.from), o.to, units(o.receive, o.to));
  }
}

describe("the ledger module against the database", () => {
  it(
    "keeps every invariant and the model's balances over random keyed sequences, retries included",
    async () => {
      const db = t.database.db;
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(moduleOp, { minLength: 1, maxLength: 20 }), async (ops) => {
          run += 1;
          const userIds = [await bareUser(db), await bareUser(db)];
          const model = new LedgerModel();
          const done: { key: string; op: Exclude<ModuleOp, { kind: "retry" }>; answer?: unknown }[] = [];
          for (const [i, op] of ops.entries()) {
            const call =
              op.kind === "retry" && done.length > 0
                ? (done[op.of % done.length] as (typeof done)[number])
                : op.kind === "retry"
                  ? undefined
                  : { key: `run${run}-op${i}`, op };
            if (!call) continue;
            const userId = userIds[call.op.user] as string;
            const entry = entryOf(call.op, userId);
            const answer = await idempotent(
              db,
              t.clock,
              { owner: `user:${userId}`, key: call.key, request: call.op },
              async (tx) => {
                const booked = await book(tx, { entry, userId, cause: { by: "user" }, at: t.clock.now() });
                return { entryId: booked.entryId };
              },
            ).catch((error: unknown) => {
              if (error instanceof DomainError && error.code === "INSUFFICIENT_BALANCE") return undefined;
              throw error;
            });
            if (call.answer !== undefined) {
              // A retry of a call that moved money: the first answer again, and nothing moves.
              expect(answer).toEqual(call.answer);
            } else {
              expect(answer !== undefined).toBe(model.book(entry) !== undefined);
              if (answer !== undefined) call.answer = answer;
              if (op.kind !== "retry") done.push(call);
            }
            await expectLedgerMatches(db, model, userIds);
          }
        }),
        { numRuns: MODULE_RUNS },
      );
    },
    timeout(MODULE_RUNS),
  );
});

describe("the money API against the database", () => {
  it(
    "keeps every invariant and the model's balances over random deposits, reviews, withdrawals, exchanges and adjustments",
    async () => {
      const api = await ApiDriver.start(t);
      await fc.assert(
        fc.asyncProperty(fc.array(ApiDriver.step, { minLength: 6, maxLength: 16 }), async (steps) => {
          const run = await api.newRun(2);
          await expectLedgerMatches(t.database.db, run.model, run.userIds);
          for (const step of steps) {
            await run.apply(step);
            await expectLedgerMatches(t.database.db, run.model, run.userIds);
          }
        }),
        { numRuns: API_RUNS },
      );
      // The opening deposits at least, and the model's refusals were met through the API too.
      expect(api.booked.get("deposit")).toBeGreaterThanOrEqual(API_RUNS * 4);
      expect(api.refusals.size).toBeGreaterThan(0);
    },
    timeout(API_RUNS),
  );
});
