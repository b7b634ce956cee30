#!/usr/bin/env node
// `npm run bench [-- <name>] [-- options]`: runs a benchmark from scripts/bench/ (default: stream).
// Speed goals live here, not in the tests (CONVENTIONS).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const name = args[0] && !args[0].startsWith("--") ? args.shift() : "stream";
const file = join(dirname(fileURLToPath(import.meta.url)), "bench", `${name}.mjs`);
if (!existsSync(file)) {
  console.error(`No benchmark "${name}" (scripts/bench/${name}.mjs).`);
  process.exit(2);
}
const { run } = await import(pathToFileURL(file).href);
await run(args);
