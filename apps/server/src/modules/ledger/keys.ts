import { money } from "@brokerage/core";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { arrayLiteral, rowsOf } from "./repository.js";

/**
 * SQL only (CONVENTIONS): what an idempotent call writes at its two ends (DESIGN §5 Idempotency): the key
 * it claims first, and at the end its answer, with the platform's side of the entries it booked. Each is
 * built as one statement so that on PostgreSQL it can travel with BEGIN and with COMMIT (`pooled.ts`); the
 * end statements check themselves and fail (so the COMMIT after them never runs) when they did not write
 * exactly what they should.
 */

/**
 * Claims the key for this request, once it holds the key's lock (`ledger_key_lock`, migration 0011: every
 * writer of a key takes it first, so a call with the same key that writes it only with its answer, as
 * `exchange_fill_together` does, is waited for too). Answers one row whose `keyClaimed` is 1 when claimed,
 * 0 when a row existed already. With `alongside`, a write that runs in the same statement only when the key was
 * claimed (it gets that condition to put in its WHERE) and whose RETURNING columns come with the row
 * (null when it matched nothing); `keyClaimed` is then a name it must not return.
 */
export function claimKeySql(
  owner: string,
  key: string,
  requestHash: string,
  at: Date,
  alongside?: (claimed: SQL) => SQL,
): SQL {
  const claim = sql`
    insert into idempotency_keys (owner, key, request_hash, created_at)
    select ${owner}::text, ${key}::text, ${requestHash}::text, ${at.toISOString()}::timestamptz
    from ledger_key_lock(${owner}::text, ${key}::text)
    on conflict do nothing
    returning owner`;
  if (!alongside) return sql`with claimed as (${claim}) select count(*)::int as "keyClaimed" from claimed`;
  return sql`
    with claimed as (${claim}),
    alongside as (${alongside(sql`exists (select 1 from claimed)`)})
    select (select count(*)::int from claimed) as "keyClaimed", alongside.*
    from (select 1) as one left join alongside on true`;
}

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

/**
 * Fails the statement with `message` unless `ok`: a text that is no integer cannot be cast to one. (The
 * message must depend on the rows, or the planner would cast it, and fail, before running anything.)
 */
const unless = (ok: SQL, message: SQL) => sql`select case when ${ok} then 1 else (${message})::int end as ok`;

/** Stores the answer with its claimed key. */
export const storeAnswerSql = (answer: StoredAnswer): SQL => sql`
  with stored as (
    update idempotency_keys set response = ${JSON.stringify(answer.response ?? null)}::jsonb
    where owner = ${answer.owner} and key = ${answer.key}
    returning 1
  )
  ${unless(sql`(select count(*) from stored) = 1`, sql`'idempotency keys answered: ' || (select count(*) from stored)`)}`;

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
 * Settles the platform's side of a transaction's entries and stores the call's answer, in one call of the
 * database function `ledger_settle` (migration 0005): each platform account's balance moves once by the
 * sum of its lines, the accounts updated one after the other in the fixed order, by purpose, currency and
 * shard (so the row locks are taken in that order: no deadlock), then every line's posting is written with
 * its running balance, in booking order. These shared accounts are locked only here, and held until the
 * commit right after.
 */
export function settleSql(lines: readonly PlatformLine[], answer: StoredAnswer): SQL {
  const { accounts, lineAccounts } = settlement(lines);
  return sql`select ledger_settle(${accounts},
    ${arrayLiteral(lineAccounts)}::int[],
    ${arrayLiteral(lines.map((l) => l.entryId))}::bigint[],
    ${arrayLiteral(lines.map((l) => l.entryType))}::text[],
    ${arrayLiteral(lines.map((l) => l.amount))}::numeric[],
    ${arrayLiteral(lines.map((l) => l.createdAt))}::timestamptz[],
    ${answer.owner}::text, ${answer.key}::text, ${JSON.stringify(answer.response ?? null)}::jsonb)`;
}

/** A platform line before its entry is written: what `settlement` needs of it. */
export type SettlementLine = Pick<PlatformLine, "purpose" | "currency" | "shard" | "amount">;

/**
 * The platform accounts `lines` move, as `ledger_settle`'s first four arguments (purposes, currencies,
 * shards, deltas: each account once, by the sum of its lines, in the fixed lock order), and for each line
 * the (1-based) index of its account among them.
 */
function settlement(lines: readonly SettlementLine[]): { accounts: SQL; lineAccounts: number[] } {
  // Code-unit order: the C collation's, in which ledger_book orders the platform's accounts too (the shard
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

/** The statement that ends an idempotent call: the settlement when it booked platform postings. */
export const endSql = (lines: readonly PlatformLine[], answer: StoredAnswer): SQL =>
  lines.length > 0 ? settleSql(lines, answer) : storeAnswerSql(answer);
