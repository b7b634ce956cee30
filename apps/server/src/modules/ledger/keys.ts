import { money } from "@brokerage/core";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { arrayLiteral } from "../../db/arrays.js";
import { failUnless } from "../../db/statements.js";
import { rowsOf } from "./repository.js";
import type { Standing } from "./standing.js";

/**
 * SQL only (CONVENTIONS): what an idempotent call writes at its two ends (DESIGN §5 Idempotency): the key
 * it claims first, and at the end its answer, with the platform's side of the entries it booked. Each is
 * built as one statement so that on PostgreSQL it can travel with BEGIN and with COMMIT (`pooled.ts`); the
 * end statements check themselves and fail (so the COMMIT after them never runs) when they did not write
 * exactly what they should.
 */

/** A key to claim: whose key space, the key, the request's hash, and the user whose standing is read. */
export interface KeyClaim {
  owner: string;
  key: string;
  requestHash: string;
  userId: string | null;
}

/** What claiming answered for one key, with the standing of its user (null columns: no such user). */
export interface ClaimRow {
  claimed: boolean;
  /** A key claimed before: its request's hash and stored answer. */
  requestHash: string | null;
  response: unknown;
  /** The user's standing; undefined when there is no such user (or the claim named none). */
  standing: Standing | undefined;
}

/**
 * Claims the keys (the database function `ledger_claim_keys`: every key's lock in one order, then the
 * free ones claimed) and reads each call's user's standing, one row per key in the claims' order. A key
 * claimed before answers its request's hash and stored answer instead.
 */
export function claimKeysSql(claims: readonly KeyClaim[], at: Date): SQL {
  return sql`
    select k.o_claimed as claimed, k.o_hash as "requestHash", k.o_response as response,
      u.disabled, u.frozen, u.trade_banned as "tradeBanned", u.fund_password_hash is not null as "fundPasswordSet"
    from ledger_claim_keys(${arrayLiteral(claims.map((c) => c.owner))}::text[],
      ${arrayLiteral(claims.map((c) => c.key))}::text[],
      ${arrayLiteral(claims.map((c) => c.requestHash))}::text[], ${at.toISOString()}::timestamptz) k
    left join users u on u.id = (${arrayLiteral(claims.map((c) => c.userId))}::uuid[])[k.o_index]
    order by k.o_index`;
}

/** The rows `claimKeysSql` answered, typed. */
export const claimRows = (rows: readonly Record<string, unknown>[]): ClaimRow[] =>
  rows.map((r) => ({
    claimed: r.claimed === true,
    requestHash: (r.requestHash as string | null) ?? null,
    response: r.response,
    standing:
      typeof r.frozen === "boolean"
        ? {
            disabled: r.disabled === true,
            frozen: r.frozen,
            tradeBanned: r.tradeBanned === true,
            fundPasswordSet: r.fundPasswordSet === true,
          }
        : undefined,
  }));

export async function findKey(
  tx: Db,
  owner: string,
  key: string,
): Promise<{ requestHash: string; response: unknown } | undefined> {
  const result = await tx.execute(sql`
    select request_hash as "requestHash", response from idempotency_keys where owner = ${owner} and key = ${key}`);
  return rowsOf<{ requestHash: string; response: unknown }>(result)[0];
}

/** The answer an idempotent call stores with its key. */
export interface StoredAnswer {
  owner: string;
  key: string;
  response: unknown;
}

/** Stores each call's answer with its claimed key. */
export const storeAnswersSql = (answers: readonly StoredAnswer[]): SQL => sql`
  with stored as (
    update idempotency_keys k set response = a.response
    from unnest(${arrayLiteral(answers.map((a) => a.owner))}::text[], ${arrayLiteral(answers.map((a) => a.key))}::text[],
      ${arrayLiteral(answers.map((a) => JSON.stringify(a.response ?? null)))}::jsonb[]) as a(owner, key, response)
    where k.owner = a.owner and k.key = a.key
    returning 1
  )
  ${failUnless(sql`(select count(*) from stored) = ${answers.length}`, sql`'idempotency keys answered: ' || (select count(*) from stored)`)}`;

/**
 * Gives back the keys of calls that were refused in a batch (claimed at its start, with nothing else of
 * them written): a retry of the request is tried again, as a refusal rolls back a call of its own.
 */
export const releaseKeysSql = (keys: readonly { owner: string; key: string }[]): SQL => sql`
  with released as (
    delete from idempotency_keys k
    using unnest(${arrayLiteral(keys.map((k) => k.owner))}::text[], ${arrayLiteral(keys.map((k) => k.key))}::text[]) as r(owner, key)
    where k.owner = r.owner and k.key = r.key and k.response is null
    returning 1
  )
  ${failUnless(sql`(select count(*) from released) = ${keys.length}`, sql`'idempotency keys released: ' || (select count(*) from released)`)}`;

/** A platform posting whose balance moves at the end of its transaction (`book` inside `idempotent`). */
export interface PlatformLine {
  entryId: number;
  entryType: string;
  createdAt: string;
  purpose: string;
  currency: string;
  shard: number;
  amount: string;
}

/**
 * Settles the platform's side of a transaction's entries, in one call of the database function
 * `ledger_settle_platform`: each platform account's balance moves once by the sum of its lines, the
 * accounts updated one after the other in the fixed order, by purpose, currency and shard (so the row
 * locks are taken in that order: no deadlock), then every line's posting is written with its running
 * balance, in booking order. These shared accounts are locked only here, and held until the commit right
 * after.
 */
export function settlePlatformSql(lines: readonly PlatformLine[]): SQL {
  const { accounts, lineAccounts } = settlement(lines);
  return sql`select ledger_settle_platform(${accounts},
    ${arrayLiteral(lineAccounts)}::int[],
    ${arrayLiteral(lines.map((l) => l.entryId))}::bigint[],
    ${arrayLiteral(lines.map((l) => l.entryType))}::text[],
    ${arrayLiteral(lines.map((l) => l.amount))}::numeric[],
    ${arrayLiteral(lines.map((l) => l.createdAt))}::timestamptz[])`;
}

/** A platform line before its entry is written: what `settlement` needs of it. */
export type SettlementLine = Pick<PlatformLine, "purpose" | "currency" | "shard" | "amount">;

/**
 * The platform accounts `lines` move, as `ledger_settle`'s first four arguments (purposes, currencies,
 * shards, deltas: each account once, by the sum of its lines, in the fixed lock order), and for each line
 * the (1-based) index of its account among them.
 */
function settlement(lines: readonly SettlementLine[]): { accounts: SQL; lineAccounts: number[] } {
  // Code-unit order: the C collation's, in which ledger_book_calls orders the platform's accounts too (the shard
  // zero-padded, so that its text order is its number's).
  const keyOf = (l: SettlementLine) =>
    `${l.purpose}\u0000${l.currency}\u0000${String(l.shard).padStart(5, "0")}`;
  const keys = [...new Set(lines.map(keyOf))].sort();
  const index = new Map(keys.map((key, k) => [key, k + 1]));
  const parts = keys.map((key) => key.split("\u0000") as [string, string, string]);
  const deltas = keys.map((key) =>
    lines
      .filter((l) => keyOf(l) === key)
      .reduce((sum, l) => sum.plus(l.amount), money(0))
      .toFixed(),
  );
  const accounts = sql`${arrayLiteral(parts.map(([purpose]) => purpose))}::text[],
    ${arrayLiteral(parts.map(([, currency]) => currency))}::text[],
    ${arrayLiteral(parts.map(([, , shard]) => Number(shard)))}::smallint[],
    ${arrayLiteral(deltas)}::numeric[]`;
  return { accounts, lineAccounts: lines.map((l) => index.get(keyOf(l)) as number) };
}

/**
 * The statements that end a money call or a batch of them, sent with its COMMIT: the platform's side
 * settled, the answers stored, the keys of refused calls given back. Each fails by itself when it did not
 * write what it should, so the COMMIT after it never runs.
 */
export function endSql(
  lines: readonly PlatformLine[],
  answers: readonly StoredAnswer[],
  released: readonly { owner: string; key: string }[] = [],
): SQL[] {
  const statements: SQL[] = [];
  if (lines.length > 0) statements.push(settlePlatformSql(lines));
  if (answers.length > 0) statements.push(storeAnswersSql(answers));
  if (released.length > 0) statements.push(releaseKeysSql(released));
  return statements;
}
