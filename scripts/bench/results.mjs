// Results of the benchmarks as data: every run of `npm run bench -- <name>` is saved as one JSON file in
// docs/benchmarks/results/<bench>/, and docs/benchmarks.md's tables are generated from those files
// (scripts/bench/report.mjs). What a file holds is described in docs/benchmarks.md ("Results as data").
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import * as prettier from "prettier";
import { ROOT } from "../built-server.mjs";

export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? join(ROOT, "docs/benchmarks/results");
export const FORMAT = 1;

function run(command, args) {
  const child = spawnSync(command, args, { cwd: ROOT, encoding: "utf8" });
  return child.status === 0 ? child.stdout.trim() : null;
}

const cpuModel = () => os.cpus()[0]?.model?.trim() ?? "unknown";

/**
 * The machine's id: BENCH_MACHINE when set (the numbers of docs/benchmarks.md's machines), else one derived
 * from the host name and the CPU model, stable across runs on one machine.
 */
export function machineId() {
  const named = process.env.BENCH_MACHINE?.trim();
  if (named) return named;
  const hash = createHash("sha256").update(`${os.hostname()}\n${cpuModel()}`).digest("hex").slice(0, 8);
  return `${os.hostname()}-${hash}`.replace(/[^A-Za-z0-9._-]/g, "_");
}

/** The PostgreSQL server's version at `url`, or null when it does not answer. */
export async function postgresVersion(url) {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query("select current_setting('server_version') as version");
    return rows[0].version;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The installed PostgreSQL binaries' version, for the runs that do not use a server. */
function installedPostgres() {
  const text = run("postgres", ["--version"]) ?? run("pg_config", ["--version"]);
  return /(\d+(?:\.\d+)*)/.exec(text ?? "")?.[1] ?? null;
}

export function machine(postgres) {
  return {
    id: machineId(),
    hostname: os.hostname(),
    cpu: cpuModel(),
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: postgres ?? installedPostgres(),
  };
}

export function gitCommit() {
  const commit = run("git", ["rev-parse", "HEAD"]);
  const changes = run("git", ["status", "--porcelain", "--untracked-files=no"]);
  return { commit, dirty: changes === null ? null : changes.length > 0 };
}

/** "2026-12-01T23-40-05Z": the time of a result's file name (no colons). */
const stamp = (iso) => iso.replace(/\.\d+Z$/, "Z").replace(/:/g, "-");

/**
 * Saves one run. `result` is what a benchmark's `run()` answers: { settings, figures, reference?, ratio?,
 * ledgerCheck?, goal?, postgres? }; `context` is what `scripts/bench.mjs` knows of the run.
 */
export async function saveResult(bench, result, context) {
  const { postgres, ...measured } = result;
  const time = context.time ?? new Date().toISOString();
  const record = {
    format: FORMAT,
    bench,
    time,
    source: "measured",
    machine: machine(postgres),
    ...gitCommit(),
    command: context.command,
    durationSeconds: context.durationSeconds,
    loadAverage: context.loadAverage,
    ...measured,
    verdict: context.verdict ?? true,
    notes: context.notes ?? null,
  };
  const dir = join(RESULTS_DIR, bench);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${stamp(time)}-${record.machine.id}.json`);
  // As the repository's formatter writes it, so `prettier --check` holds for the saved files.
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(record, null, 2), { ...options, filepath: file }));
  return file;
}

/** Every saved result, of every benchmark, oldest first (imported rows in the order of the old doc). */
export function loadResults(dir = RESULTS_DIR) {
  const results = [];
  let benches = [];
  try {
    benches = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  } catch {
    return results;
  }
  for (const bench of benches)
    for (const file of readdirSync(join(dir, bench.name)).filter((f) => f.endsWith(".json"))) {
      const path = join(dir, bench.name, file);
      const result = JSON.parse(readFileSync(path, "utf8"));
      results.push({ ...result, file: path });
    }
  return results.sort((a, b) => a.time.localeCompare(b.time) || (a.row ?? 0) - (b.row ?? 0));
}
