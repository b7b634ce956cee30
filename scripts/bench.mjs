#!/usr/bin/env node
// `npm run bench [-- <name>] [-- options]`: runs a benchmark from scripts/bench/ (default: stream), saves
// what it measured as JSON in docs/benchmarks/results/<name>/ and regenerates the tables of
// docs/benchmarks.md from every saved result (scripts/bench/report.mjs; `npm run bench -- report` alone
// regenerates them). Speed goals live here, in the benchmarks, not in the tests (CONVENTIONS).
//
// Options of every benchmark, taken here (the rest go to the benchmark):
//   --note "text"   words kept with the run (the notes column of its tables)
//   --no-verdict    the run is kept as data, its goal not judged (e.g. not a quiet machine)
//   --no-save       neither the JSON nor the doc is written
// BENCH_MACHINE=<id> names the machine (else an id from its host name and CPU model).
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const name = args[0] && !args[0].startsWith("--") ? args.shift() : "stream";
const dir = join(dirname(fileURLToPath(import.meta.url)), "bench");
const file = join(dir, `${name}.mjs`);
if (!existsSync(file)) {
  console.error(`No benchmark "${name}" (scripts/bench/${name}.mjs).`);
  process.exit(2);
}

/** Takes `flag` (and its value when `withValue`) out of the arguments. */
function take(flag, withValue) {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, withValue ? 2 : 1);
  return withValue ? value : true;
}
const notes = take("--note", true) ?? process.env.BENCH_NOTE ?? null;
const verdict = !take("--no-verdict", false);
const save = !take("--no-save", false);

const quote = (a) => (/^[\w./:@=,+-]+$/.test(a) ? a : JSON.stringify(a));
const command = `npm run bench -- ${[name, ...args].map(quote).join(" ")}`;
const load = loadavg()[0];
const started = Date.now();
const { run } = await import(pathToFileURL(file).href);
if (typeof run !== "function") {
  console.error(`scripts/bench/${name}.mjs is a helper of the benchmarks, not one of them.`);
  process.exit(2);
}
const result = await run(args);

if (result && save) {
  const { saveResult } = await import(pathToFileURL(join(dir, "results.mjs")).href);
  const { writeReport } = await import(pathToFileURL(join(dir, "report.mjs")).href);
  const saved = await saveResult(name, result, {
    command,
    notes,
    verdict,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    loadAverage: { before: load, after: loadavg()[0] },
  });
  console.log(`\nSaved ${relative(process.cwd(), saved)}`);
  const doc = await writeReport();
  console.log(`Regenerated the tables of ${relative(process.cwd(), doc)}`);
}
