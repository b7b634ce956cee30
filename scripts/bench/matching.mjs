// Matching benchmark (issue 9): the trading engine's in-memory step of a tick round, with 100,000 pending
// limit orders over 200 symbols in the per-symbol books of `packages/core/src/trading/orderbook.ts`.
//
//   npm run bench -- matching [--orders 100000] [--symbols 200] [--rounds 2000]
//
// One round: every symbol gets a new price (a random walk of about ±0.2 % a tick, seeded), the book answers
// what the price crossed (`crossed`), and as many new orders as were taken are added, so the book stays at
// its size (orders keep arriving while others fill). What is timed is what the engine does in memory per
// round; the fills themselves are database transactions, measured by the ledger and order benchmarks.
// Goal: p99 of a round under 10 ms.
import { performance } from "node:perf_hooks";
import { register } from "tsx/esm/api";

function options(args) {
  const read = (flag, fallback) => {
    const i = args.indexOf(flag);
    const value = Number(i >= 0 ? args[i + 1] : fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} needs a positive integer`);
    return value;
  };
  return {
    orders: read("--orders", 100_000),
    symbols: read("--symbols", 200),
    rounds: read("--rounds", 2_000),
  };
}

/** A small seeded generator (mulberry32), so two runs meet the same prices and orders. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export async function run(args) {
  const opts = options(args);
  register();
  const { LimitBook } = await import("../../packages/core/src/trading/orderbook.ts");
  const next = random(20261123);
  const symbols = Array.from({ length: opts.symbols }, (_, i) => `SYM${i}`);
  const prices = symbols.map(() => 50 + next() * 950);
  let made = 0;
  // A limit order a little away from its symbol's price: buyers below it, sellers above it.
  const order = (s) => {
    const long = next() < 0.5;
    const offset = 1 + (long ? -1 : 1) * next() * 0.05;
    return {
      id: `o${made++}`,
      symbol: symbols[s],
      kind: "limit",
      direction: long ? "long" : "short",
      price: (prices[s] * offset).toFixed(4),
    };
  };
  const book = new LimitBook();
  const built = performance.now();
  for (let i = 0; i < opts.orders; i++) book.add(order(i % opts.symbols));
  const buildMs = performance.now() - built;

  const times = [];
  let crossedTotal = 0;
  for (let r = 0; r < opts.rounds; r++) {
    const started = performance.now();
    let taken = 0;
    for (let s = 0; s < symbols.length; s++) {
      prices[s] *= 1 + (next() - 0.5) * 0.004;
      taken += book.crossed(symbols[s], prices[s].toFixed(4)).length;
    }
    for (let k = 0; k < taken; k++) book.add(order(Math.floor(next() * symbols.length)));
    times.push(performance.now() - started);
    crossedTotal += taken;
  }
  if (book.size !== opts.orders) throw new Error(`the book drifted to ${book.size} orders`);
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  const p99 = percentile(times, 0.99);
  const max = times[times.length - 1];
  const crossedPerRound = crossedTotal / opts.rounds;
  console.log(
    `${opts.orders} pending limit orders over ${opts.symbols} symbols, ${opts.rounds} rounds, ` +
      `${new Date().toISOString()}\n`,
  );
  console.log("| target | p50 | p99 | max | orders crossed per round | book built in |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  console.log(
    `| tick round (crossed + replacements) | ${p50.toFixed(3)} ms | ${p99.toFixed(3)} ms | ` +
      `${max.toFixed(3)} ms | ${crossedPerRound.toFixed(1)} | ${buildMs.toFixed(0)} ms |`,
  );
  const met = p99 < 10;
  console.log(`\nGoal (issue 9): p99 of a tick round under 10 ms: ${met ? "met" : "not met"}`);
  if (!met) process.exitCode = 1;
  const ms = (n) => Math.round(n * 1000) / 1000;
  return {
    settings: opts,
    figures: {
      p50Ms: ms(p50),
      p99Ms: ms(p99),
      maxMs: ms(max),
      crossedPerRound: Math.round(crossedPerRound * 10) / 10,
      buildMs: Math.round(buildMs),
    },
    goal: { text: "p99 of a tick round < 10 ms", met },
  };
}
