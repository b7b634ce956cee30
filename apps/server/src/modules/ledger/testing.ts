/** Helpers of the tests of money calls (imported by *.test.ts only): the ledger's statements as the driver sees them. */
import pg from "pg";
import { vi } from "vitest";
import type { Db } from "../../db/index.js";

/**
 * What the money calls sent to the database while it watched (`watchLedger`), and a gate to hold their
 * batches: a held batch waits before it takes anything (on PostgreSQL before its `BEGIN; <claim>` is sent,
 * on PGlite before its transaction begins), so that the calls submitted meanwhile go to the database
 * together, in a later batch.
 */
export interface LedgerWatch {
  /** Each key claim (`ledger_claim_keys`), as the rows it answered: one per distinct key of its batch. */
  claims: number[];
  /** Each `ledger_book_calls` statement, as the number of calls it decided. */
  bookings: number[];
  /** How many `ledger_settle_platform` statements ran. */
  settlements(): number;
  /** From now on every money-call transaction is held until released (`release`). */
  hold(): void;
  /** How many transactions are being held now. */
  held(): number;
  /** Releases the oldest held transaction; with `all`, every held one and holds no more. */
  release(all?: "all"): void;
  /** PGlite holds any transaction: those held whose first statement was not a key claim (should be none). */
  strays(): number;
}

type Query = (...args: unknown[]) => unknown;

const textOf = (args: unknown[]): string => {
  const [first] = args;
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "text" in first) return String((first as { text: unknown }).text);
  return "";
};

const paramsOf = (args: unknown[]): unknown[] => {
  const [first, second] = args;
  if (Array.isArray(second)) return second;
  if (first && typeof first === "object" && "values" in first) return (first as { values: unknown[] }).values;
  return [];
};

interface Result {
  rows?: unknown[];
  fields?: { name: string }[];
}

/**
 * The rows a key claim answered: in a several-statement query (`BEGIN; <claim>; …` on PostgreSQL) the
 * result whose columns are the claim's, else the result's.
 */
const rowsOfClaim = (result: unknown): unknown[] => {
  const results = (Array.isArray(result) ? result : [result]) as (Result | undefined)[];
  const claim = results.find((r) => r?.fields?.some((f) => f.name === "claimed")) ?? results.at(-1);
  return claim?.rows ?? [];
};

/** An array literal's element count ("{1,3,4}" → 3). */
const elements = (literal: unknown): number => {
  const text = String(literal).replace(/^\{|\}$/g, "");
  return text === "" ? 0 : text.split(",").length;
};

/**
 * How many calls a `ledger_book_calls` statement decided: its first parameter's elements, or, written in
 * as a literal (sent with a COMMIT), the first literal after the function's name.
 */
const bookedCalls = (text: string, params: unknown[]): number => {
  if (params.length > 0) return elements(params[0]);
  const literal = /ledger_book_calls\(\s*E?'([^']*)'/.exec(text)?.[1];
  return elements(literal ?? "");
};

/** Watches the ledger statements sent on `db` until the mocks are restored (`vi.restoreAllMocks`). */
export function watchLedger(db: Db): LedgerWatch {
  const client = (db as unknown as { $client: unknown }).$client;
  const claims: number[] = [];
  const bookings: number[] = [];
  let settlements = 0;
  let holding = false;
  const waiting: (() => void)[] = [];
  let strays = 0;

  const observe = (args: unknown[], result: unknown) => {
    const text = textOf(args);
    if (text.includes("ledger_claim_keys")) claims.push(rowsOfClaim(result).length);
    if (text.includes("ledger_book_calls")) bookings.push(bookedCalls(text, paramsOf(args)));
    if (text.includes("ledger_settle_platform")) settlements += 1;
  };
  const wait = () => new Promise<void>((resolve) => waiting.push(resolve));

  if (client instanceof pg.Pool) {
    const query = pg.Client.prototype.query as unknown as Query;
    vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = textOf(args);
      if (
        !/ledger_(claim_keys|book_calls|settle_platform)/.test(text) ||
        args.some((a) => typeof a === "function")
      )
        return query.apply(this, args);
      return (async () => {
        if (holding && text.includes("ledger_claim_keys")) await wait();
        const result = await query.apply(this, args);
        observe(args, result);
        return result;
      })();
    } as never);
  } else {
    // PGlite: one connection, so a batch is held before its transaction takes it (nothing tells a money
    // call's transaction from another before its first statement: `strays` counts the others held).
    const pglite = client as {
      query: Query;
      transaction: (callback: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>;
    };
    const query = pglite.query.bind(pglite);
    const transaction = pglite.transaction.bind(pglite);
    vi.spyOn(pglite, "query").mockImplementation(async (...args: unknown[]) => {
      const result = await query(...args);
      observe(args, result);
      return result;
    });
    vi.spyOn(pglite, "transaction").mockImplementation(async (callback) => {
      const wasHeld = holding;
      if (wasHeld) await wait();
      let first = true;
      return transaction(async (tx) => {
        const inner = tx.query;
        tx.query = async (...args: unknown[]) => {
          if (first && wasHeld && !textOf(args).includes("ledger_claim_keys")) strays += 1;
          first = false;
          const result = await inner(...args);
          observe(args, result);
          return result;
        };
        return callback(tx);
      });
    });
  }

  return {
    claims,
    bookings,
    settlements: () => settlements,
    hold: () => {
      holding = true;
    },
    held: () => waiting.length,
    release: (all) => {
      if (all) {
        holding = false;
        waiting.splice(0).forEach((go) => go());
      } else waiting.shift()?.();
    },
    strays: () => strays,
  };
}

/** Waits (a few seconds at most) until `done`. */
export async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 10_000) throw new Error("waited too long");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
