import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/index.js";
import { arrayLiteral } from "../../db/arrays.js";

/** SQL only (CONVENTIONS): the proofs of liabilities' tables, and the balances they prove. */

/** The purposes whose balances the platform owes a user: available, held and margin (docs/honesty.md). */
const OWED_PURPOSES = sql.raw(`'available', 'held', 'margin'`);

export interface OwedBalance {
  userId: string;
  currency: string;
  /** Exact decimal, the ledger's scale. */
  balance: string;
}

/**
 * Every user's balance per currency at `at`: per account, the running balance of its last posting before
 * the instant, summed over the user's available, held and margin accounts of the currency. Users with no
 * posting before `at` in a currency have no balance in it.
 */
export async function owedBalancesAt(db: Db, at: Date): Promise<OwedBalance[]> {
  const result = await db.execute(sql`
    select a.user_id::text as user_id, a.currency, sum(last.balance_after)::text as balance
    from ledger_accounts a
    cross join lateral (
      select p.balance_after from postings p
      where p.account_id = a.id and p.created_at < ${at.toISOString()}::timestamptz
      order by p.id desc limit 1
    ) last
    where a.user_id is not null and a.purpose in (${OWED_PURPOSES})
    group by a.user_id, a.currency
    order by a.currency, a.user_id`);
  return rowsOf<{ user_id: string; currency: string; balance: string }>(result).map((r) => ({
    userId: r.user_id,
    currency: r.currency,
    balance: r.balance,
  }));
}

export interface ProofRow {
  id: string;
  day: string;
  asOf: Date;
  kind: "daily" | "staff";
  currency: string;
  root: string;
  total: string;
  leaves: number;
  chainSeq: number;
  chainHash: string;
  builtAt: Date;
  builtBy: string | null;
}

const PROOF_COLUMNS = sql.raw(`id::text as id, day::text as day, as_of, kind, currency, root, total, leaves,
  chain_seq::text as chain_seq, chain_hash, built_at, built_by::text as built_by`);

const proofOf = (r: Record<string, unknown>): ProofRow => ({
  id: String(r.id),
  day: String(r.day),
  asOf: new Date(r.as_of as string),
  kind: r.kind as ProofRow["kind"],
  currency: String(r.currency),
  root: String(r.root),
  total: String(r.total),
  leaves: Number(r.leaves),
  chainSeq: Number(r.chain_seq),
  chainHash: String(r.chain_hash),
  builtAt: new Date(r.built_at as string),
  builtBy: r.built_by === null ? null : String(r.built_by),
});

/** The trees of one instant, by currency. */
export async function proofsAt(db: Db, asOf: Date): Promise<ProofRow[]> {
  const result = await db.execute(sql`
    select ${PROOF_COLUMNS} from liability_proofs where as_of = ${asOf.toISOString()}::timestamptz
    order by currency`);
  return rowsOf<Record<string, unknown>>(result).map(proofOf);
}

/** The trees of the latest instant (none: no proof yet). */
export async function latestProofs(db: Db): Promise<ProofRow[]> {
  const result = await db.execute(sql`
    select ${PROOF_COLUMNS} from liability_proofs
    where as_of = (select max(as_of) from liability_proofs) order by currency`);
  return rowsOf<Record<string, unknown>>(result).map(proofOf);
}

/** The trees of a calendar day, oldest instant first. */
export async function proofsOfDay(db: Db, day: string): Promise<ProofRow[]> {
  const result = await db.execute(sql`
    select ${PROOF_COLUMNS} from liability_proofs where day = ${day}::date order by as_of, currency`);
  return rowsOf<Record<string, unknown>>(result).map(proofOf);
}

export async function recentProofs(db: Db, limit: number): Promise<ProofRow[]> {
  const result = await db.execute(sql`
    select ${PROOF_COLUMNS} from liability_proofs order by as_of desc, currency limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map(proofOf);
}

/** The last day a daily tree was built for (undefined: none yet). */
export async function lastDailyDay(db: Db): Promise<string | undefined> {
  const [row] = rowsOf<{ day: string | null }>(
    await db.execute(sql`select max(day)::text as day from liability_proofs where kind = 'daily'`),
  );
  return row?.day ?? undefined;
}

/** Serialises the builders of every process until the end of the transaction. */
export async function lockBuilds(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('liability_proofs'))`);
}

export interface LeafRow {
  userId: string;
  position: number;
  salt: string;
  balance: string;
  hash: string;
}

export async function insertProof(tx: Db, proof: ProofRow, leaves: readonly LeafRow[]): Promise<void> {
  await tx.execute(sql`
    insert into liability_proofs (id, day, as_of, kind, currency, root, total, leaves, chain_seq, chain_hash,
      built_at, built_by)
    values (${proof.id}, ${proof.day}::date, ${proof.asOf.toISOString()}::timestamptz, ${proof.kind},
      ${proof.currency}, ${proof.root}, ${proof.total}, ${proof.leaves}, ${proof.chainSeq}, ${proof.chainHash},
      ${proof.builtAt.toISOString()}::timestamptz, ${proof.builtBy})`);
  for (let i = 0; i < leaves.length; i += 5000) {
    const page = leaves.slice(i, i + 5000);
    await tx.execute(sql`
      insert into liability_proof_leaves (proof_id, user_id, position, salt, balance, hash)
      select ${proof.id}::uuid, u, p, s, b, h
      from unnest(${arrayLiteral(page.map((l) => l.userId))}::uuid[], ${arrayLiteral(page.map((l) => l.position))}::int[],
        ${arrayLiteral(page.map((l) => l.salt))}::text[], ${arrayLiteral(page.map((l) => l.balance))}::text[],
        ${arrayLiteral(page.map((l) => l.hash))}::text[]) as t(u, p, s, b, h)`);
  }
}

/** A tree's leaves in position order. */
export async function leavesOf(db: Db, proofId: string): Promise<LeafRow[]> {
  const result = await db.execute(sql`
    select user_id::text as user_id, position, salt, balance, hash from liability_proof_leaves
    where proof_id = ${proofId}::uuid order by position`);
  return rowsOf<{ user_id: string; position: number; salt: string; balance: string; hash: string }>(
    result,
  ).map((r) => ({
    userId: r.user_id,
    position: Number(r.position),
    salt: r.salt,
    balance: r.balance,
    hash: r.hash,
  }));
}
