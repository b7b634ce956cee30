// `npm run proof:verify <date>` (DESIGN §5a "Honesty you can check"; docs/honesty.md "Proof of liabilities"):
// recomputes each published tree of a day (YYYY-MM-DD, Asia/Kolkata) from the database: every user's balance
// at its instant from the ledger against its leaf, every leaf from its fields, and the root and total from
// the leaves. Exits 0 when every tree is the database's, 1 on any difference, 2 when it could not check.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fromProofUnits } from "@brokerage/core";
import { openDatabase, pgliteIsNew, type Database } from "../db/index.js";
import { readEnv } from "../env.js";
import { verifyProofs } from "../modules/proof/index.js";
import { CLEAN, DIFFERS, failer, print, reason } from "./output.js";

process.umask(0o077);

const fail = failer("proof:verify");

async function main(args: string[]): Promise<number> {
  const day = args.find((a) => !a.startsWith("--"));
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day))
    return fail("usage: npm run proof:verify <YYYY-MM-DD> [--force]");
  const env = readEnv();
  let database: Database;
  if (env.databaseUrl) database = openDatabase({ kind: "postgres", url: env.databaseUrl });
  else {
    const dir = join(env.dataDir, "pglite");
    if (pgliteIsNew(env.dataDir))
      return fail(`no embedded database at ${dir}. Set DATA_DIR or DATABASE_URL.`);
    if (existsSync(join(dir, "postmaster.pid")) && !args.includes("--force"))
      return fail(
        `the embedded database at ${dir} is in use by a server (one process at a time). Stop it, or run ` +
          `with --force if none runs.`,
      );
    database = openDatabase({ kind: "pglite", dataDir: env.dataDir });
  }
  try {
    const { proofs, differences } = await database.db.transaction((tx) => verifyProofs(tx, day), {
      isolationLevel: "repeatable read",
      accessMode: "read only",
    });
    if (proofs.length === 0) return fail(`no proof of liabilities was published for ${day}.`);
    for (const p of proofs)
      print(
        `${p.currency} as of ${p.asOf.toISOString()} (${p.kind}): ${p.leaves} balances, total ` +
          `${fromProofUnits(BigInt(p.total))}, root ${p.root}`,
      );
    if (differences.length === 0) {
      print(
        "Same: every tree's leaves are the ledger's balances at its instant and make its published root.",
      );
      return CLEAN;
    }
    print(`DIFFERS: ${differences.length} difference${differences.length === 1 ? "" : "s"}:`);
    for (const d of differences.slice(0, 100)) print(`  - ${d.currency} as of ${d.asOf}: ${d.what}`);
    return DIFFERS;
  } catch (error) {
    return fail(`the check failed: ${reason(error)}`);
  } finally {
    await database.close().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => fail(reason(error)));
