// CPU time spent while a benchmark runs, by who spent it: the server under test, this process (the load
// generator), PostgreSQL's processes and the rest of the machine. Read from /proc (Linux); elsewhere the
// meter answers null and the benchmark prints no CPU line.
import { readFileSync, readdirSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux

function snapshot(serverPid) {
  const spent = { server: 0, generator: 0, postgres: 0, other: 0 };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone since the listing
    }
    // "pid (comm) state ppid …": comm may hold spaces, so fields are counted after its closing bracket.
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    const pid = Number(entry);
    const who =
      pid === serverPid
        ? "server"
        : pid === process.pid
          ? "generator"
          : comm === "postgres"
            ? "postgres"
            : "other";
    spent[who] += ticks * TICK_MS;
  }
  return spent;
}

/** Starts a meter; `stop()` answers the CPU milliseconds each party spent since, or null off Linux. */
export function cpuMeter(serverPid) {
  let start;
  try {
    start = snapshot(serverPid);
  } catch {
    return { stop: () => null };
  }
  return {
    stop() {
      const end = snapshot(serverPid);
      return Object.fromEntries(Object.keys(end).map((k) => [k, end[k] - start[k]]));
    },
  };
}

/** "server 0.61 ms, load generator 0.20 ms, PostgreSQL 0.48 ms, other 0.03 ms" per operation. */
export function perOperation(spent, operations) {
  if (!spent || operations <= 0) return "";
  const ms = (n) => `${(n / operations).toFixed(2)} ms`;
  return (
    `server ${ms(spent.server)}, load generator ${ms(spent.generator)}, ` +
    `PostgreSQL ${ms(spent.postgres)}, other ${ms(spent.other)}`
  );
}

/** The same per operation as numbers (ms, two decimals), for the saved result; null off Linux. */
export function perOperationMs(spent, operations) {
  if (!spent || operations <= 0) return null;
  const ms = (n) => Number((n / operations).toFixed(2));
  return {
    server: ms(spent.server),
    generator: ms(spent.generator),
    postgres: ms(spent.postgres),
    other: ms(spent.other),
  };
}
