// `npm run ipo:verify <offering id>` (DESIGN §5a "Primary market"; docs/primary-market.md): recomputes a
// drawn offering's draw from its published inputs alone and exits 0 when every allotment is the draw's,
// 1 on any difference, 2 when it could not check. `--record <file>` checks a saved `ipo/drawRecord`
// answer (its `data`) instead of the database: what an outsider runs.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ipoDrawRecord, type IpoDrawRecord } from "@brokerage/api";
import { openDatabase, pgliteIsNew, type Database } from "../db/index.js";
import { readEnv } from "../env.js";
import { publishedDraw, rootBeforeRound, verifyRecord } from "../modules/ipo/draw.js";
import { CLEAN, DIFFERS, failer, print, reason } from "./output.js";

process.umask(0o077);

const fail = failer("ipo:verify");

/** Prints the check of a record and answers the exit code. */
export function report(record: IpoDrawRecord): number {
  const check = verifyRecord(record);
  const { beacon } = record;
  print(
    `Offering ${record.offeringId} (${record.symbol}): rule ${record.allocationRule}, ${record.totalShares} shares in lots of ${record.lotSize}`,
  );
  print(
    `Applications: ${record.applications.length}; published root ${record.root} at ${record.rootPublishedAt}`,
  );
  print(
    `Beacon: ${beacon.provider} round ${beacon.round} (${beacon.roundAt})` +
      (beacon.independent ? "" : " — local beacon: not independent of the operator"),
  );
  print(`Randomness: ${record.randomness}`);
  if (!check.rootMatches) {
    print(`DIFFERS: the applications make the root ${check.root}, not the published one.`);
    return DIFFERS;
  }
  print("The applications make the published root.");
  if (!rootBeforeRound(record)) print("NOTE: the root was published after the beacon round was produced.");
  if (check.mismatches.length > 0) {
    print(`DIFFERS: ${check.mismatches.length} allotment(s) are not the draw's:`);
    for (const m of check.mismatches.slice(0, 50))
      print(`  - ${m.id}: recorded ${m.recorded}, the draw gives ${m.recomputed}`);
    return DIFFERS;
  }
  if (!check.digestMatches) {
    print(`DIFFERS: the allotments' digest is ${check.digest}, the published one ${record.digest}.`);
    return DIFFERS;
  }
  print(`Same: every allotment is the draw's (digest ${check.digest}).`);
  return CLEAN;
}

async function fromDatabase(offeringId: string, force: boolean): Promise<IpoDrawRecord | number> {
  const env = readEnv();
  let database: Database;
  if (env.databaseUrl) database = openDatabase({ kind: "postgres", url: env.databaseUrl });
  else {
    const dir = join(env.dataDir, "pglite");
    if (pgliteIsNew(env.dataDir))
      return fail(`no embedded database at ${dir}. Set DATA_DIR or DATABASE_URL.`);
    if (existsSync(join(dir, "postmaster.pid")) && !force)
      return fail(
        `the embedded database at ${dir} is in use by a server (one process at a time). Stop it, or run ` +
          `with --force if none runs; or check a saved record: npm run ipo:verify -- --record <file>`,
      );
    database = openDatabase({ kind: "pglite", dataDir: env.dataDir });
  }
  try {
    return await publishedDraw(database.db, offeringId);
  } finally {
    await database.close().catch(() => undefined);
  }
}

async function main(args: string[]): Promise<number> {
  const at = args.indexOf("--record");
  if (at >= 0) {
    const file = args[at + 1];
    if (!file) return fail("--record needs a file");
    const parsed = ipoDrawRecord.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) return fail(`${file} is not a draw record: ${parsed.error.message}`);
    return report(parsed.data);
  }
  const offeringId = args.find((a) => !a.startsWith("--"));
  if (!offeringId) return fail("usage: npm run ipo:verify <offering id> [--force] | --record <file>");
  const record = await fromDatabase(offeringId, args.includes("--force"));
  return typeof record === "number" ? record : report(record);
}

if (process.argv[1]?.endsWith("ipo-verify.ts"))
  process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => fail(reason(error)));
