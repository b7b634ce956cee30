import { sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { checkChain, type ChainCheck } from "./chain.js";
import { rowsOf } from "./repository.js";

export interface LedgerProblem {
  kind:
    | "balance"
    | "unbalanced_entry"
    | "short_entry"
    | "negative_user_balance"
    | "running_balance"
    /** A posting's copied owner, purpose, currency or entry type differs from its account's or entry's. */
    | "posting_copy"
    /** The journal's hash chain breaks at a link (`seq`, `entry`, `broken`: chain.ts `ChainBreak`). */
    | "chain";
  detail: Record<string, string>;
}

/** How an account's owner reads in a problem: the user's account name, or `platform`. */
const OWNER = sql.raw(
  `case when a.user_id is null then 'platform' || case when a.shard > 0 then ' (shard ' || a.shard || ')' else '' end else coalesce(u.account, a.user_id::text) end`,
);

export interface LedgerSize {
  accounts: number;
  entries: number;
  postings: number;
}

/** How much a check covers: the rows of the ledger's three tables. */
export async function ledgerSize(db: Db): Promise<LedgerSize> {
  const result = await db.execute(sql`
    select (select count(*) from ledger_accounts)::text as accounts,
      (select count(*) from journal_entries)::text as entries,
      (select count(*) from postings)::text as postings`);
  const row = rowsOf<Record<keyof LedgerSize, string>>(result)[0];
  return { accounts: Number(row?.accounts), entries: Number(row?.entries), postings: Number(row?.postings) };
}

/**
 * Reconciliation (DESIGN §5, `npm run ledger:check`): every balance recomputed from its postings, every
 * entry summing to zero per currency with at least two postings, no user balance below zero, and every
 * posting's running balance equal to the sum of its account's postings up to it, with the owner, purpose,
 * currency and entry type it copies equal to its account's and entry's, and the journal's hash chain
 * unbroken (chain.ts). Answers the problems;
 * an empty list is a clean ledger.
 */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  return (await checkLedgerAndChain(db)).problems;
}

/** `checkLedger`, and the journal's hash chain verified from its first link (its first broken link a problem). */
export async function checkLedgerAndChain(db: Db): Promise<{ problems: LedgerProblem[]; chain: ChainCheck }> {
  const problems: LedgerProblem[] = [];
  const balances = await db.execute(sql`
    select b.account, ${OWNER} as owner, a.currency, a.purpose, b.balance, b.postings
    from (
      select a.id, a.id::text as account, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as postings
      from ledger_accounts a left join postings p on p.account_id = a.id
      group by a.id having a.balance <> coalesce(sum(p.amount), 0)
    ) b join ledger_accounts a on a.id = b.id left join users u on u.id = a.user_id
    order by b.id`);
  for (const r of rowsOf<Record<string, string>>(balances)) problems.push({ kind: "balance", detail: r });

  const unbalanced = await db.execute(sql`
    select entry_id::text as entry, currency, sum(amount)::text as sum
    from postings group by entry_id, currency having sum(amount) <> 0`);
  for (const r of rowsOf<Record<string, string>>(unbalanced))
    problems.push({ kind: "unbalanced_entry", detail: r });

  const short = await db.execute(sql`
    select e.id::text as entry, count(p.id)::text as postings
    from journal_entries e left join postings p on p.entry_id = e.id
    group by e.id having count(p.id) < 2`);
  for (const r of rowsOf<Record<string, string>>(short)) problems.push({ kind: "short_entry", detail: r });

  const negative = await db.execute(sql`
    select a.id::text as account, ${OWNER} as owner, a.currency, a.purpose, a.balance::text as balance
    from ledger_accounts a left join users u on u.id = a.user_id
    where a.user_id is not null and a.balance < 0 order by a.id`);
  for (const r of rowsOf<Record<string, string>>(negative))
    problems.push({ kind: "negative_user_balance", detail: r });

  const running = await db.execute(sql`
    select id::text as posting, account_id::text as account, balance_after::text as "balanceAfter",
      running::text as running from (
      select id, account_id, balance_after, sum(amount) over (partition by account_id order by id) as running
      from postings
    ) p where balance_after <> running order by id`);
  for (const r of rowsOf<Record<string, string>>(running))
    problems.push({ kind: "running_balance", detail: r });

  const copies = await db.execute(sql`
    select p.id::text as posting, a.id::text as account, e.id::text as entry
    from postings p join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
    where p.user_id is distinct from a.user_id or p.purpose <> a.purpose or p.currency <> a.currency
      or p.entry_type <> e.type
    order by p.id`);
  for (const r of rowsOf<Record<string, string>>(copies)) problems.push({ kind: "posting_copy", detail: r });

  const chain = await checkChain(db);
  if (chain.firstBreak)
    problems.push({
      kind: "chain",
      detail: {
        seq: String(chain.firstBreak.seq),
        entry: String(chain.firstBreak.entry),
        broken: chain.firstBreak.broken,
      },
    });
  return { problems, chain };
}
