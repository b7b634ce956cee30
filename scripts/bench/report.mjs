// Writes the tables of docs/benchmarks.md from the saved results (docs/benchmarks/results/<bench>/*.json):
// what is between `<!-- results:start NAME -->` and `<!-- results:end NAME -->` is generated, the rest of
// the doc (the method and the findings) is written by hand and kept. For each benchmark: the latest run
// of each machine, the median and spread over each machine's last runs, and every run. Run at the end of
// every `npm run bench -- <name>`, or alone:
//
//   npm run bench -- report
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { ROOT } from "../built-server.mjs";
import { RESULTS_DIR, loadResults } from "./results.mjs";

export const DOC = join(ROOT, "docs/benchmarks.md");
/** How many of a machine's latest runs the median and spread are taken over. */
export const LAST_RUNS = 10;
const IMPORTED = "imported from docs/benchmarks.md";

// ---- values: a figure is a number, or {min, max, median?} for an imported row that summed up several runs

const isRange = (v) => v !== null && typeof v === "object" && "min" in v && "max" in v;
const present = (v) => v !== undefined && v !== null && (isRange(v) || Number.isFinite(v));

function show(v, format) {
  if (!present(v)) return "";
  if (!isRange(v)) return format(v);
  const [low, high] = [format(v.min), format(v.max)];
  if (low === high) return low;
  // "19–30 ms", not "19 ms–30 ms"
  const unit = / [^\d ]+$/.exec(high)?.[0];
  return unit && low.endsWith(unit) ? `${low.slice(0, -unit.length)}–${high}` : `${low}–${high}`;
}

const integer = (n) => String(Math.round(n));
const ratio = (n) => n.toFixed(2);
const score = (n) => n.toFixed(2);
function ms(n) {
  if (n >= 100) return `${Math.round(n)} ms`;
  if (n >= 1) return `${Number(n.toFixed(1))} ms`;
  return `${Number(n.toFixed(2))} ms`;
}
const seconds = (n) => `${(n / 1000).toFixed(2)} s`;
const kib = (n) => `${Math.round(n / 1024)} KiB`;
const date = (r) => r.time.slice(0, 10);
const code = (text) => (text ? `\`${text.replaceAll("`", "'")}\`` : "");
const cell = (text) =>
  String(text ?? "")
    .replaceAll("|", "\\|")
    .replaceAll("\n", " ");

/** The median and the spread of one figure over runs (a range counts its ends in the spread). */
function spread(values, format) {
  const points = [];
  const ends = [];
  for (const v of values.filter(present)) {
    if (isRange(v)) {
      ends.push(v.min, v.max);
      if (Number.isFinite(v.median)) points.push(v.median);
    } else {
      ends.push(v);
      points.push(v);
    }
  }
  if (ends.length === 0) return "";
  const sorted = [...points].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median =
    sorted.length === 0
      ? undefined
      : sorted.length % 2
        ? sorted[Math.floor(mid)]
        : (sorted[mid - 1] + sorted[mid]) / 2;
  const range = show({ min: Math.min(...ends), max: Math.max(...ends) }, format);
  if (median === undefined) return `(${range})`;
  return range === format(median) ? range : `${format(median)} (${range})`;
}

function goal(r) {
  if (r.verdict === false) return "no verdict";
  if (!r.goal) return "";
  if (r.goal.met === undefined || r.goal.met === null) return "not judged";
  return r.goal.met ? "met" : "**not met**";
}

function goalCount(runs) {
  const judged = runs.filter((r) => r.verdict !== false && typeof r.goal?.met === "boolean");
  if (judged.length === 0) return "";
  return `${judged.filter((r) => r.goal.met).length} of ${judged.length}`;
}

const runsOf = (r) => r.runs ?? 1;
const target = (r, name) => r.figures?.targets?.findLast((t) => t.name === name);

/** A Markdown table; empty columns (no value in any row) are left out. */
function table(columns, rows) {
  const kept = columns.filter((_, i) => rows.some((row) => String(row[i] ?? "") !== ""));
  const index = columns.map((c, i) => (kept.includes(c) ? i : -1)).filter((i) => i >= 0);
  const line = (cells) => `| ${cells.map(cell).join(" | ")} |`;
  return [
    line(kept),
    line(kept.map(() => "---")),
    ...rows.map((row) => line(index.map((i) => row[i] ?? ""))),
  ].join("\n");
}

function byMachine(results) {
  const machines = new Map();
  for (const r of results) {
    const id = r.machine.id;
    if (!machines.has(id)) machines.set(id, []);
    machines.get(id).push(r);
  }
  const order = (a, b) => {
    const [x, y] = [Number(a), Number(b)];
    if (Number.isInteger(x) && Number.isInteger(y)) return x - y;
    if (Number.isInteger(x) !== Number.isInteger(y)) return Number.isInteger(x) ? -1 : 1;
    return a.localeCompare(b);
  };
  return [...machines.entries()].sort(([a], [b]) => order(a, b));
}

/** The run's notes, and for an imported result what the import itself adds (`importNote`). */
const notes = (r) => [r.notes, r.importNote && `(import: ${r.importNote})`].filter(Boolean).join(" ");
/** Where a run comes from: its commit (with `+` when the checkout had changes), or the old doc. */
const source = (r) =>
  r.source === IMPORTED ? "imported" : r.commit ? `${r.commit.slice(0, 7)}${r.dirty ? "+" : ""}` : "";

// ---- the benchmarks: their key figures (the latest and the median tables) and their rows of every run

/** `key: [label, get(result), format]`: one column of the latest and median tables. */
const BENCHES = {
  stream: {
    settings: (r) =>
      `${r.figures.clients ?? r.settings.clients} clients, ${r.figures.symbols ?? r.settings.symbols} symbols ` +
      `(${r.figures.openSymbols} open), ${r.settings.seconds} s`,
    figures: [
      ["ticks/s", (r) => r.figures.ticksPerSecond, integer],
      ["p50", (r) => r.figures.p50Ms, ms],
      ["p99", (r) => r.figures.p99Ms, ms],
    ],
    runs: {
      columns: ["date", "machine", "command", "clients", "symbols", "ticks/s", "p50", "p99", "max"],
      rows: (r) => [
        [
          date(r),
          r.machine.id,
          code(r.command),
          show(r.figures.clients, integer),
          `${r.figures.symbols ?? r.settings.symbols} (${r.figures.openSymbols} open)`,
          show(r.figures.ticksPerSecond, integer),
          show(r.figures.p50Ms, ms),
          show(r.figures.p99Ms, ms),
          show(r.figures.maxMs, ms),
        ],
      ],
    },
  },
  http: {
    settings: (r) =>
      `${r.settings.connections} connections${r.settings.seconds ? `, ${r.settings.seconds} s` : ""}`,
    figures: [
      ["bare route req/s", (r) => target(r, "bare Fastify route")?.perSecond, integer],
      ["`parameter/zhishu` × bare", (r) => target(r, "parameter/zhishu")?.ratio, ratio],
      ["`market/quote` × bare", (r) => target(r, "market/quote")?.ratio, ratio],
      ["`trade/kline` × bare", (r) => target(r, "trade/kline (day)")?.ratio, ratio],
      ["`getUserinfo` embedded × PG", (r) => r.figures.userinfoEmbeddedOverPg, ratio],
    ],
    runs: {
      columns: ["date", "machine", "command", "target", "req/s", "p99", "× bare"],
      rows: (r) =>
        r.figures.targets.map((t) => [
          date(r),
          r.machine.id,
          code(t.command ?? r.command),
          t.name,
          show(t.perSecond, integer),
          show(t.p99Ms, ms),
          show(t.ratio, ratio),
          t.note,
        ]),
    },
  },
  web: {
    settings: (r) => `median of ${r.settings.runs} runs`,
    figures: [
      ["log-in performance", (r) => target(r, "log-in")?.performance, score],
      ["home performance", (r) => target(r, "home (session)")?.performance, score],
      ["log-in LCP", (r) => target(r, "log-in")?.lcpMs, seconds],
      ["home LCP", (r) => target(r, "home (session)")?.lcpMs, seconds],
    ],
    runs: {
      columns: [
        "date",
        "machine",
        "command",
        "screen",
        "performance",
        "accessibility",
        "LCP",
        "CLS",
        "transferred",
      ],
      rows: (r) =>
        r.figures.targets.map((t) => [
          date(r),
          r.machine.id,
          code(r.command),
          t.name,
          show(t.performance, score),
          show(t.accessibility, score),
          show(t.lcpMs, seconds),
          show(t.cls, (n) => n.toFixed(3)),
          show(t.transferredBytes, kib),
          t.note,
        ]),
    },
  },
  ledger: {
    settings: (r) => `${r.settings.clients} clients, ${r.settings.users} users, ${r.settings.seconds} s`,
    figures: [
      ["pgbench TPC-B", (r) => r.reference?.tps, integer],
      ["exchange, PG /s", (r) => target(r, "exchange (pre-made quote), PostgreSQL")?.perSecond, integer],
      ["exchange p99", (r) => target(r, "exchange (pre-made quote), PostgreSQL")?.p99Ms, ms],
      ["× pgbench", (r) => r.ratio, ratio],
      ["embedded × raw PGlite", (r) => target(r, "exchange (pre-made quote), embedded")?.ratio, ratio],
    ],
    ledgerCheck: true,
    runs: {
      columns: ["date", "machine", "command", "target", "per s", "p99", "× yardstick"],
      rows: (r) =>
        r.figures.targets.map((t) => [
          date(r),
          r.machine.id,
          code(t.command ?? r.command),
          t.name,
          show(t.perSecond, integer),
          show(t.p99Ms, ms),
          show(t.ratio, ratio),
          t.note,
        ]),
    },
  },
  orders: {
    settings: (r) =>
      `${r.settings.clients} clients, ${r.settings.users} users, ${r.settings.seconds} s` +
      (r.runs ? `; ${r.runs} runs` : ""),
    figures: [
      ["pgbench TPC-B", (r) => r.reference?.tps, integer],
      ["orders/s", (r) => target(r, "market order (trade/placeOrder), PostgreSQL")?.perSecond, integer],
      ["order p99", (r) => target(r, "market order (trade/placeOrder), PostgreSQL")?.p99Ms, ms],
      ["× pgbench", (r) => r.ratio, ratio],
    ],
    ledgerCheck: true,
    runs: {
      columns: ["date", "machine", "command", "runs", "pgbench TPC-B", "orders/s", "p99", "× pgbench"],
      rows: (r) => {
        const order = target(r, "market order (trade/placeOrder), PostgreSQL");
        return [
          [
            date(r),
            r.machine.id,
            code(r.command),
            r.runs ? String(r.runs) : "",
            show(r.reference?.tps, integer),
            show(order?.perSecond, integer),
            show(order?.p99Ms, ms),
            show(r.ratio, ratio),
          ],
        ];
      },
    },
  },
  matching: {
    settings: (r) =>
      `${r.settings.orders} orders, ${r.settings.symbols} symbols` +
      (r.settings.rounds ? `, ${r.settings.rounds} rounds` : "") +
      (r.runs ? `; ${r.runs} runs` : ""),
    figures: [
      ["p50", (r) => r.figures.p50Ms, ms],
      ["p99", (r) => r.figures.p99Ms, ms],
    ],
    runs: {
      columns: ["date", "machine", "command", "runs", "orders", "symbols", "rounds", "p50", "p99", "max"],
      rows: (r) => [
        [
          date(r),
          r.machine.id,
          code(r.command),
          r.runs ? String(r.runs) : "",
          show(r.settings.orders, integer),
          show(r.settings.symbols, integer),
          show(r.settings.rounds, integer),
          show(r.figures.p50Ms, ms),
          show(r.figures.p99Ms, ms),
          show(r.figures.maxMs, ms),
        ],
      ],
    },
  },
};

function benchSection(name, results) {
  const spec = BENCHES[name];
  if (!spec) throw new Error(`docs/benchmarks.md has results markers for "${name}", not a benchmark`);
  const mine = results.filter((r) => r.bench === name);
  if (mine.length === 0) return "No saved run yet.";
  const machines = byMachine(mine);
  const checks = spec.ledgerCheck ? ["ledger:check"] : [];
  const latest = table(
    ["machine", "date", "settings", ...spec.figures.map(([label]) => label), ...checks, "goal"],
    machines.map(([id, runs]) => {
      const r = runs.at(-1);
      return [
        id,
        date(r),
        spec.settings(r),
        ...spec.figures.map(([, get, format]) => show(get(r), format)),
        ...(spec.ledgerCheck ? [r.ledgerCheck ?? ""] : []),
        goal(r),
      ];
    }),
  );
  const goalText = mine.findLast((r) => r.goal?.text)?.goal.text;
  const median = table(
    ["machine", "runs", "from", "to", ...spec.figures.map(([label]) => label), "goal met (results)"],
    machines.map(([id, runs]) => {
      const last = runs.slice(-LAST_RUNS);
      return [
        id,
        String(last.reduce((n, r) => n + runsOf(r), 0)),
        date(last[0]),
        date(last.at(-1)),
        ...spec.figures.map(([, get, format]) => {
          return spread(last.map(get), format);
        }),
        goalCount(last),
      ];
    }),
  );
  const every = table(
    [...spec.runs.columns, ...checks, "goal", "source", "notes"],
    machines.flatMap(([, runs]) =>
      runs.flatMap((r) =>
        spec.runs.rows(r).map((row, i) => {
          const own = row.length > spec.runs.columns.length ? row.pop() : undefined;
          const words = [i === 0 ? notes(r) : "", own].filter(Boolean).join("; ");
          const first = i === 0;
          // A run's later rows (its other targets) leave its date, machine and command blank.
          if (!first) row.splice(0, 3, "", "", row[2] === code(r.command) ? "" : row[2]);
          const check = spec.ledgerCheck ? [first ? (r.ledgerCheck ?? "") : ""] : [];
          return [...row, ...check, first ? goal(r) : "", first ? source(r) : "", words];
        }),
      ),
    ),
  );
  return [
    "#### Latest run per machine",
    latest,
    `#### Median and spread over each machine's last ${LAST_RUNS} results`,
    `The median, then lowest–highest in brackets${goalText ? `; goal: ${goalText}` : ""}.`,
    median,
    "#### Every run",
    every,
  ].join("\n\n");
}

function machinesSection(results) {
  const rows = byMachine(results).map(([id, runs]) => {
    const info = runs.findLast((r) => r.source !== IMPORTED)?.machine ?? runs.at(-1).machine;
    const pgbench = runs.map((r) => r.reference).filter((ref) => ref?.name?.startsWith("pgbench"));
    const bare = runs
      .flatMap((r) => [
        target(r, "bare Fastify route")?.perSecond,
        r.figures?.bareBefore,
        r.figures?.bareAfter,
      ])
      .filter(present);
    const ends = (values) => {
      const all = values.flatMap((v) => (isRange(v) ? [v.min, v.max] : [v])).filter(Number.isFinite);
      return all.length ? show({ min: Math.min(...all), max: Math.max(...all) }, integer) : "";
    };
    return [
      id,
      date(runs[0]),
      date(runs.at(-1)),
      String(runs.length),
      info.cpu ?? "",
      info.cores ? String(info.cores) : "",
      info.memoryGiB ? `${info.memoryGiB} GiB` : "",
      info.node ?? "",
      info.postgres ?? "",
      ends(pgbench.map((ref) => ref.tps)),
      ends(bare),
    ];
  });
  return table(
    [
      "machine",
      "first run",
      "last run",
      "results",
      "CPU",
      "cores",
      "memory",
      "Node",
      "PostgreSQL",
      "pgbench TPC-B (TPS, beside the runs)",
      "bare Fastify route (req/s)",
    ],
    rows,
  );
}

/** The doc with every results section regenerated from `results`. */
export function render(doc, results) {
  // A marker is a line of its own (the page may name the markers in its text).
  const marker = /^(<!-- results:start (\S+) -->)$[\s\S]*?^(<!-- results:end \2 -->)$/gm;
  return doc.replace(marker, (_, start, name, end) => {
    const body = name === "machines" ? machinesSection(results) : benchSection(name, results);
    return `${start}\n\n${body}\n\n${end}`;
  });
}

/** Regenerates docs/benchmarks.md (or `doc`) from the results in `dir`; answers the doc's path. */
export async function writeReport({ doc = DOC, dir = RESULTS_DIR } = {}) {
  const text = render(readFileSync(doc, "utf8"), loadResults(dir));
  const options = (await prettier.resolveConfig(doc)) ?? {};
  writeFileSync(doc, await prettier.format(text, { ...options, filepath: doc }));
  return doc;
}

export async function run() {
  const doc = await writeReport();
  console.log(`Regenerated the tables of ${doc} from ${RESULTS_DIR}`);
}
