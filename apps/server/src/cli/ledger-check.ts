// `npm run ledger:check` (DESIGN §5): reconciles the ledger of the configured database and exits
// 0 when it is clean, 1 on any difference, 2 when it could not check.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, pgliteIsNew, type Database } from "../db/index.js";
import { readEnv } from "../env.js";
import { checkLedgerAndChain, ledgerSize, type LedgerProblem } from "../modules/ledger/index.js";
import { rowsOf } from "../modules/ledger/repository.js";
import { CLEAN, DIFFERS, failer, print, reason } from "./output.js";

// As the server: whatever the embedded database writes (it checkpoints at close) is for its user only.
process.umask(0o077);

const fail = failer("ledger:check");

/** A PostgreSQL URL without its password, to say which database was checked. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

/** What each kind of broken link means (chain.ts `ChainBreak`). */
const CHAIN_BREAKS: Record<string, string> = {
  seq: "a link before it is missing or out of place",
  prev: "its previous hash is not the hash of the link before it (links removed, reordered or rewritten)",
  entry: "its entry is gone from the journal",
  content: "the entry or one of its postings differs from what was sealed",
  hash: "its hash is not the hash of its own fields",
};

function explain(problem: LedgerProblem): string {
  const d = problem.detail;
  const account = () => `account ${d.account} (${d.owner}, ${d.currency} ${d.purpose})`;
  switch (problem.kind) {
    case "balance":
      return `${account()}: balance ${d.balance} but its postings sum to ${d.postings}`;
    case "negative_user_balance":
      return `${account()}: a user's balance below zero: ${d.balance}`;
    case "unbalanced_entry":
      return `entry ${d.entry}: its ${d.currency} postings sum to ${d.sum}, not 0`;
    case "short_entry":
      return `entry ${d.entry}: ${d.postings} posting(s), an entry needs at least two`;
    case "running_balance":
      return `posting ${d.posting} of account ${d.account}: running balance ${d.balanceAfter}, its account's postings up to it sum to ${d.running}`;
    case "posting_copy":
      return `posting ${d.posting} of entry ${d.entry}: its owner, purpose, currency or type differs from account ${d.account} or its entry`;
    case "chain":
      return `the journal's hash chain breaks at link ${d.seq} (entry ${d.entry}): ${CHAIN_BREAKS[d.broken ?? ""] ?? d.broken}`;
  }
}

async function main(args: string[]): Promise<number> {
  const env = readEnv();
  let database: Database;
  if (env.databaseUrl) {
    print(`Checking the ledger on PostgreSQL at ${shown(env.databaseUrl)}`);
    database = openDatabase({ kind: "postgres", url: env.databaseUrl });
  } else {
    const dir = join(env.dataDir, "pglite");
    if (pgliteIsNew(env.dataDir))
      return fail(
        `no embedded database at ${dir}. Set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.`,
      );
    // PGlite takes no lock: two processes on one folder would both write to it. It keeps this file while
    // a database is open and removes it when closed, so it means a running server (or one that was killed).
    if (existsSync(join(dir, "postmaster.pid")) && !args.includes("--force"))
      return fail(
        `the embedded database at ${dir} is in use: a server has it open (the embedded database allows one ` +
          `process at a time). Stop the server and run the check again. If no server is running (it was ` +
          `killed and left postmaster.pid behind), run it with --force: npm run ledger:check -- --force`,
      );
    print(`Checking the ledger of the embedded database at ${dir}`);
    database = openDatabase({ kind: "pglite", dataDir: env.dataDir });
  }
  try {
    let tables: { ready: boolean }[];
    try {
      tables = rowsOf(
        await database.db.execute(sql`select to_regclass('public.postings') is not null as ready`),
      );
    } catch (error) {
      return fail(`cannot open the database: ${reason(error)}`);
    }
    if (!tables[0]?.ready)
      return fail("this database has no ledger yet: start the server once so it applies its migrations.");
    // One snapshot for every query of the check, so a server booking meanwhile (PostgreSQL) cannot make a
    // clean ledger look different between two of its queries.
    const { size, problems, chain } = await database.db.transaction(
      async (tx) => ({ size: await ledgerSize(tx), ...(await checkLedgerAndChain(tx)) }),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    print(`Checked ${size.accounts} accounts, ${size.entries} entries, ${size.postings} postings.`);
    print(
      `Journal chain: ${chain.links} link${chain.links === 1 ? "" : "s"} verified` +
        (chain.firstBreak ? " before the first broken one" : "") +
        `; ${chain.unsealed} committed entr${chain.unsealed === 1 ? "y" : "ies"} not sealed yet` +
        " (sealed by the scheduler's leader a round after their commit).",
    );
    if (problems.length === 0) {
      print(
        "Clean: every balance equals the sum of its postings, every entry sums to zero per currency, " +
          "no user balance is below zero, every running balance adds up and the journal's chain holds.",
      );
      return CLEAN;
    }
    print(`${problems.length} difference${problems.length === 1 ? "" : "s"}:`);
    for (const problem of problems) print(`  - ${explain(problem)}`);
    return DIFFERS;
  } catch (error) {
    return fail(`the check failed: ${reason(error)}`);
  } finally {
    await database.close().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => fail(reason(error)));
