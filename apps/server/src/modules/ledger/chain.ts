import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf, type Db } from "../../db/index.js";
import { arrayLiteral } from "../../db/arrays.js";

/**
 * The journal's hash chain (docs/honesty.md "The journal's hash chain").
 *
 * An entry's content hash is SHA-256 of the UTF-8 bytes of `JSON.stringify` of
 * `["journal-entry-v1", entry, postings]`, where `entry` is `[id, type, user id, reference, idempotency key,
 * caused by, staff id, reason, created at]` and `postings` the entry's postings in id order, each
 * `[id, account id, user id, purpose, currency, entry type, amount, balance after, created at]`: every field a
 * string as PostgreSQL prints it (ids in decimal, amounts with the ledger's 8 decimals, instants in UTC as
 * `YYYY-MM-DDTHH:MM:SS.ffffffZ`), or null. A link's hash is SHA-256 of
 * `journal-chain-v1\n<seq>\n<entry id>\n<content hash>\n<previous link's hash>` (hex digests, lowercase; the
 * first link's previous hash is 64 zeros).
 *
 * The chain is sealed after the commit by the scheduler's leader (`JournalSealer`), not by the booking
 * transaction: a chain written inside every booking would make every booking wait for the one before it
 * (its head is one row), which the ledger's write path is built to avoid (docs/money.md "Platform accounts
 * in shards"). So an entry is unsealed from its commit to the next round that seals it (a second or so).
 */

export const CHAIN_GENESIS = "0".repeat(64);
const ENTRY_VERSION = "journal-entry-v1";
const LINK_VERSION = "journal-chain-v1";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** An entry's content as the hash reads it: every field a string as PostgreSQL prints it, or null. */
export interface EntryContent {
  entry: (string | null)[];
  postings: (string | null)[][];
}

export const contentHash = (content: EntryContent): string =>
  sha256(JSON.stringify([ENTRY_VERSION, content.entry, content.postings]));

export const linkHash = (seq: number, entryId: number, content: string, prev: string): string =>
  sha256(`${LINK_VERSION}\n${seq}\n${entryId}\n${content}\n${prev}`);

const UTC = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** The contents of the entries `ids` (an entry that is not there is not in the map). */
export async function entryContents(db: Db, ids: readonly number[]): Promise<Map<number, EntryContent>> {
  const contents = new Map<number, EntryContent>();
  if (ids.length === 0) return contents;
  const list = arrayLiteral(ids);
  const entries = rowsOf<Record<string, string | null>>(
    await db.execute(sql`
      select id::text as id, type, user_id::text as user_id, reference, idempotency_key, caused_by,
        staff_id::text as staff_id, reason, ${UTC("created_at")} as created_at
      from journal_entries where id = any(${list}::bigint[])`),
  );
  for (const e of entries)
    contents.set(Number(e.id), {
      entry: [
        e.id,
        e.type,
        e.user_id,
        e.reference,
        e.idempotency_key,
        e.caused_by,
        e.staff_id,
        e.reason,
        e.created_at,
      ].map((v) => v ?? null),
      postings: [],
    });
  const postings = rowsOf<Record<string, string | null>>(
    await db.execute(sql`
      select p.id::text as id, entry_id::text as entry_id, account_id::text as account_id, user_id::text as user_id,
        purpose, currency, entry_type, amount::text as amount, balance_after::text as balance_after,
        ${UTC("created_at")} as created_at
      from postings p where p.entry_id = any(${list}::bigint[]) order by p.id`),
  );
  for (const p of postings)
    contents
      .get(Number(p.entry_id))
      ?.postings.push(
        [
          p.id,
          p.account_id,
          p.user_id,
          p.purpose,
          p.currency,
          p.entry_type,
          p.amount,
          p.balance_after,
          p.created_at,
        ].map((v) => v ?? null),
      );
  return contents;
}

/** The chain's last link (seq 0 and the genesis hash: none yet). */
export async function chainHead(db: Db): Promise<{ seq: number; hash: string }> {
  const [row] = rowsOf<{ seq: string; hash: string }>(
    await db.execute(sql`select c.seq::text as seq, c.hash from journal_chain c order by c.seq desc limit 1`),
  );
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: CHAIN_GENESIS };
}

export interface JournalSealerOptions {
  /** Entries sealed in one round at most (default 5000); the rest wait for the next round. */
  batch: number;
  /** Every this many rounds, one round looks at every entry, not only those above the floor (default 600). */
  sweepRounds: number;
}

/**
 * Seals the committed entries not sealed yet, in id order, one transaction a round: a job of the scheduler's
 * leader (the matching engine's rounds, DESIGN §2). The database is the memory: a new leader starts from the
 * chain's head, and two sealers at once cannot both append (the seq and entry id are unique; the loser's
 * round fails and the next one starts again).
 *
 * Which entries it looks at. Entry ids are given out before their transaction commits, so an entry with a
 * smaller id can commit after one with a larger id: the sealer never assumes the chain covers every id below
 * its last. It keeps a floor below which every entry is known sealed (or never to exist) and looks above it.
 * The floor moves to the sequence's value read before a round, once every transaction that was running two
 * rounds later has ended (PostgreSQL's snapshot xmin has passed that round's xmax): a booking takes its
 * transaction id (locking its accounts) before it takes its entries' ids. And every `sweepRounds` rounds
 * (after a start, the first) it looks at every entry, whatever the floor. `ledger:check` counts the unsealed.
 */
export class JournalSealer {
  readonly name = "ledger.journalSealer";
  private readonly options: JournalSealerOptions;
  private floor = 0;
  private rounds = 0;
  private seen: { last: number; xmax: bigint }[] = [];

  constructor(
    private readonly deps: { db: Db; log?: FastifyBaseLogger },
    options: Partial<JournalSealerOptions> = {},
  ) {
    this.options = { batch: 5000, sweepRounds: 600, ...options };
  }

  /** One round: seals what is committed and unsealed (at most `batch`); answers how many it sealed. */
  async round(at: Date): Promise<number> {
    const { db } = this.deps;
    const [seqRow] = rowsOf<{ last: string }>(
      await db.execute(
        sql`select case when is_called then last_value else 0 end::text as last from journal_entries_id_seq`,
      ),
    );
    const last = Number(seqRow?.last ?? 0);
    const floor = this.rounds % this.options.sweepRounds === 0 ? 0 : this.floor;
    this.rounds += 1;
    const { sealed, xmin, xmax } = await db.transaction(
      async (tx) => {
        const [snap] = rowsOf<{ xmin: string; xmax: string }>(
          await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
            pg_snapshot_xmax(pg_current_snapshot())::text as xmax`),
        );
        const ids = rowsOf<{ id: string }>(
          await tx.execute(sql`
            select e.id::text as id from journal_entries e
            where e.id > ${floor} and not exists (select 1 from journal_chain c where c.entry_id = e.id)
            order by e.id limit ${this.options.batch}`),
        ).map((r) => Number(r.id));
        if (ids.length > 0) await seal(tx, ids, at);
        return { sealed: ids.length, xmin: BigInt(snap?.xmin ?? "0"), xmax: BigInt(snap?.xmax ?? "0") };
      },
      { isolationLevel: "repeatable read" },
    );
    // The floor: a sequence value read before an earlier round, once every transaction that had begun by the
    // round after that one has ended. Not while a full batch may have left entries below it unsealed.
    if (sealed < this.options.batch) {
      while (this.seen.length >= 2 && xmin >= (this.seen[1]?.xmax ?? 0n)) {
        this.floor = Math.max(this.floor, this.seen[0]?.last ?? 0);
        this.seen.shift();
      }
    }
    this.seen.push({ last, xmax });
    if (sealed > 0) this.deps.log?.debug({ sealed }, "journal entries sealed");
    return sealed;
  }

  standDown(): void {
    this.floor = 0;
    this.rounds = 0;
    this.seen = [];
  }
}

/** Appends the entries `ids` (committed, unsealed, in this order) to the chain. */
async function seal(tx: Db, ids: readonly number[], at: Date): Promise<void> {
  const contents = await entryContents(tx, ids);
  let { seq, hash } = await chainHead(tx);
  const rows: { seq: number; entry: number; content: string; prev: string; hash: string }[] = [];
  for (const id of ids) {
    const content = contents.get(id);
    if (!content) continue;
    const c = contentHash(content);
    seq += 1;
    const next = linkHash(seq, id, c, hash);
    rows.push({ seq, entry: id, content: c, prev: hash, hash: next });
    hash = next;
  }
  await tx.execute(sql`
    insert into journal_chain (seq, entry_id, content_hash, prev_hash, hash, sealed_at)
    select s, e, c, p, h, ${at.toISOString()}::timestamptz
    from unnest(${arrayLiteral(rows.map((r) => r.seq))}::bigint[], ${arrayLiteral(rows.map((r) => r.entry))}::bigint[],
      ${arrayLiteral(rows.map((r) => r.content))}::text[], ${arrayLiteral(rows.map((r) => r.prev))}::text[],
      ${arrayLiteral(rows.map((r) => r.hash))}::text[]) as t(s, e, c, p, h)`);
}

/** A broken link of the chain: where it broke and how. */
export interface ChainBreak {
  seq: number;
  entry: number;
  /** `seq` (a link missing or out of place), `prev` (its previous hash is not the link before's), `entry`
   * (its entry is gone), `content` (the entry or a posting differs from what was sealed), `hash`. */
  broken: "seq" | "prev" | "entry" | "content" | "hash";
}

export interface ChainCheck {
  links: number;
  /** Committed entries not sealed yet (the window between commit and seal). */
  unsealed: number;
  /** The first broken link (undefined: the chain holds). */
  firstBreak?: ChainBreak;
}

/** Verifies the whole chain from its first link, in pages; answers the first broken link. */
export async function checkChain(db: Db, page = 2000): Promise<ChainCheck> {
  let expected = 1;
  let prev = CHAIN_GENESIS;
  let links = 0;
  for (;;) {
    const rows = rowsOf<{
      seq: string;
      entry_id: string;
      content_hash: string;
      prev_hash: string;
      hash: string;
    }>(
      await db.execute(sql`
        select c.seq::text as seq, c.entry_id::text as entry_id, c.content_hash, c.prev_hash, c.hash
        from journal_chain c where c.seq >= ${expected} order by c.seq limit ${page}`),
    );
    if (rows.length === 0) break;
    const contents = await entryContents(
      db,
      rows.map((r) => Number(r.entry_id)),
    );
    for (const r of rows) {
      const seq = Number(r.seq);
      const entry = Number(r.entry_id);
      const broken = (kind: ChainBreak["broken"]): ChainCheck => ({
        links,
        unsealed: 0,
        firstBreak: { seq, entry, broken: kind },
      });
      if (seq !== expected) return withUnsealed(db, broken("seq"));
      if (r.prev_hash !== prev) return withUnsealed(db, broken("prev"));
      const content = contents.get(entry);
      if (!content) return withUnsealed(db, broken("entry"));
      if (contentHash(content) !== r.content_hash) return withUnsealed(db, broken("content"));
      if (linkHash(seq, entry, r.content_hash, prev) !== r.hash) return withUnsealed(db, broken("hash"));
      prev = r.hash;
      expected += 1;
      links += 1;
    }
  }
  return withUnsealed(db, { links, unsealed: 0 });
}

async function withUnsealed(db: Db, check: ChainCheck): Promise<ChainCheck> {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql`
      select count(*)::text as n from journal_entries e
      where not exists (select 1 from journal_chain c where c.entry_id = e.id)`),
  );
  return { ...check, unsealed: Number(row?.n ?? 0) };
}
