// Ledger benchmark: concurrent currency exchanges over HTTP, the money-moving call of the app,
// against the built server on PostgreSQL next to pgbench's TPC-B on the same PostgreSQL server in the same
// run, then the same exchanges on the embedded database next to a raw PGlite transaction of the same shape.
//
//   npm run bench -- ledger [--seconds 10] [--clients 8] [--users 64]
//                           [--pg postgres://user@host:5432/postgres | --no-pg] [--no-embedded]
//
// What an "exchange" is here: `fund/exchange` filling a quote made beforehand by `fund/exchangeQuote`, i.e.
// one money-moving transaction per exchange, as TPC-B is one transaction per account movement (claim the
// idempotency key, claim the quote, lock the user's two wallets, move them and write the entry and their
// postings, link the quote, then move the platform's two FX accounts with their postings and store the
// answer in one statement). Quoting is a priced read plus one insert that moves
// no money; it is measured too, as "quote + exchange" (both calls; p99 is then of each call).
// Each of `--users` users has its own funded USD wallet (an administrator's adjustment through the API);
// the calls take the users in turn, so users do not contend with each other; every exchange pays
// 0.10 USD for INR, so all of them go through the platform's two FX accounts (the hot rows of the ledger).
// After the PostgreSQL runs, `npm run ledger:check` must find the ledger clean.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ROOT, startBuiltServer } from "../built-server.mjs";
import { cpuMeter, perOperation, perOperationMs } from "./cpu.mjs";
import { postgresVersion } from "./results.mjs";

export const INVITE = "BENCH-LEDGER";
export const ADMIN = { account: "benchadmin", password: "Bench-ledger-Key-9" };
export const PASSWORD = "Bench-exchanger-2026";
const FUNDS = "1000.00"; // each user's USD
const PAY = "0.10"; // so each user's funds last 10,000 exchanges

function options(args) {
  const read = (flag, fallback) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const count = (flag, fallback) => {
    const value = Number(read(flag, fallback));
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} needs a positive integer`);
    return value;
  };
  return {
    seconds: count("--seconds", "10"),
    clients: count("--clients", "8"),
    users: count("--users", "64"),
    pg: args.includes("--no-pg") ? undefined : read("--pg", "postgres://postgres@127.0.0.1:5432/postgres"),
    embedded: !args.includes("--no-embedded"),
  };
}

/** POSTs to the API; answers `data`, throws on a business error. `address` stands for the client's. */
export async function call(base, path, body, headers = {}, address) {
  const response = await fetch(`${base}/api/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...headers,
      ...(address && { "x-forwarded-for": address }),
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.status !== 1) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Runs `task(i)` for i in 0..count-1, `width` at a time. */
export async function inParallel(count, width, task) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** An administrator, quotes valid for 10 minutes (pre-made quotes), and `count` users with USD funds. */
async function prepare(base, count) {
  const staff = await call(base, "admin/auth/login", ADMIN);
  const staffHeaders = { token: staff.token, account: staff.account };
  const reason = "Ledger benchmark";
  const approver = await secondAdministrator(base, staffHeaders);
  await call(base, "admin/config/set", { key: "exchange.quoteSeconds", value: 600, reason }, staffHeaders);
  return inParallel(count, 4, async (i) => {
    const account = `bx${i}_${randomBytes(3).toString("hex")}`;
    // Registrations are limited per address: each user registers from an address of its own (TRUST_PROXY).
    const address = `10.77.${i >> 8}.${i & 255}`;
    const body = { account, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: INVITE, agree: true };
    const session = await call(base, "vue/user/register", body, {}, address);
    const found = await call(base, "admin/users/search", { q: account }, staffHeaders);
    const userId = found.items.find((u) => u.account === account).id;
    await fund(base, { staff: staffHeaders, approver }, userId, FUNDS, reason);
    return { headers: { token: session.token, account: session.account } };
  });
}

/**
 * A second administrator (`staff/create`), logged in: adjustments are four-eyes over a cumulative
 * threshold per requester, so funding many users queues them for a second administrator's approval.
 */
export async function secondAdministrator(base, staffHeaders) {
  const account = `benchapprover${randomBytes(3).toString("hex")}`;
  await call(
    base,
    "admin/staff/create",
    { account, password: ADMIN.password, role: "administrator" },
    staffHeaders,
  );
  const session = await call(base, "admin/auth/login", { account, password: ADMIN.password });
  return { token: session.token, account: session.account };
}

/**
 * Credits a user by an administrator's adjustment, through the back office as staff would: booked at once
 * below the four-eyes threshold, else approved by the second administrator in the review queue.
 */
export async function fund(base, headers, userId, amount, reason) {
  const adjustment = { userId, currency: "USD", amount, reason, idempotencyKey: randomUUID() };
  const asked = await call(base, "admin/users/adjust", adjustment, headers.staff);
  if (asked.reviewId === null) return;
  const decision = { kind: "adjustment", id: asked.reviewId, decision: "approve", reason };
  await call(base, "admin/reviews/decide", decision, headers.approver);
}

const quoteBody = JSON.stringify({ from: "USD", to: "INR", amount: PAY });

/**
 * The next user in turn: with more users than clients, no two calls in flight are one user's (a user's
 * call would have to outlast the calls of all the others), so users do not contend with each other.
 */
export const nextUser = (state, count) => (state.turn = (state.turn + 1) % count);

/**
 * Runs autocannon with `requests` for `seconds` (after a 2-second warm-up and, on PostgreSQL, statistics
 * gathered: `opts.database.analyze`); every answer's envelope is
 * checked, since a business refusal is still HTTP 200. Answers exchanges per second, p99 and failures.
 */
export async function drive(base, opts, makeRequests, perExchange) {
  const run = async (duration) => {
    const state = { turn: -1, failures: 0, firstFailure: undefined };
    const check = (status, body) => {
      const answer = JSON.parse(body);
      if (status !== 200 || answer.status !== 1) {
        state.failures += 1;
        state.firstFailure ??= body.slice(0, 300);
      }
    };
    const result = await autocannon({
      url: base,
      connections: opts.clients,
      duration,
      requests: makeRequests(state, check),
    });
    return { result, state };
  };
  await run(2);
  await opts.database?.analyze();
  const meter = cpuMeter(opts.serverPid);
  const { result, state } = await run(opts.seconds);
  const spent = meter.stop();
  if (state.failures > 0) throw new Error(`${state.failures} refused calls, first: ${state.firstFailure}`);
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx`);
  return {
    exchangesPerSecond: result.requests.total / perExchange / opts.seconds,
    cpu: perOperation(spent, result.requests.total / perExchange),
    cpuMs: perOperationMs(spent, result.requests.total / perExchange),
    p99: result.latency.p99,
    p50: result.latency.p50,
  };
}

/** Quote then exchange, each client through its own users. */
function measurePair(base, users, opts) {
  return drive(
    base,
    opts,
    (state, check) => {
      const userOf = () => users[nextUser(state, users.length)];
      return [
        {
          method: "POST",
          path: "/api/vue/fund/exchangeQuote",
          setupRequest: (req, context) => {
            context.user = userOf();
            return {
              ...req,
              headers: { "content-type": "application/json", ...context.user.headers },
              body: quoteBody,
            };
          },
          onResponse: (status, body, context) => {
            check(status, body);
            context.quoteId = JSON.parse(body).data?.quoteId;
          },
        },
        {
          method: "POST",
          path: "/api/vue/fund/exchange",
          setupRequest: (req, context) => ({
            ...req,
            headers: { "content-type": "application/json", ...context.user.headers },
            body: JSON.stringify({ quoteId: context.quoteId, idempotencyKey: randomUUID() }),
          }),
          onResponse: (status, body) => check(status, body),
        },
      ];
    },
    2,
  );
}

/**
 * Quotes made beforehand (untimed), `perUser` for each user, then only `fund/exchange` is driven. The
 * quotes are made round the users in turn, as users quote in real use: the server keeps the latest 10,000
 * quotes it made for their fill (ExchangeService MAX_KEPT_QUOTES), so each user's latest ones are kept,
 * and the fills, newest first, find their quote kept as a fill right after its quote does.
 */
async function measureFill(base, users, perUser, opts) {
  const quotes = users.map(() => []);
  await inParallel(users.length * perUser, opts.clients, async (n) => {
    const i = n % users.length;
    const quote = await call(base, "vue/fund/exchangeQuote", JSON.parse(quoteBody), users[i].headers);
    quotes[i].push(quote.quoteId);
  });
  return drive(
    base,
    opts,
    (state, check) => [
      {
        method: "POST",
        path: "/api/vue/fund/exchange",
        setupRequest: (req) => {
          const i = nextUser(state, users.length);
          const quoteId = quotes[i].pop();
          if (!quoteId) throw new Error("the pre-made quotes ran out: raise the estimate");
          return {
            ...req,
            headers: { "content-type": "application/json", ...users[i].headers },
            body: JSON.stringify({ quoteId, idempotencyKey: randomUUID() }),
          };
        },
        onResponse: (status, body) => check(status, body),
      },
    ],
    1,
  );
}

/** Pair first (it sizes the pre-made quotes: a fill alone is at most a few times faster than a pair). */
async function measureServer(base, opts) {
  const users = await prepare(base, opts.users);
  const pair = await measurePair(base, users, opts);
  const perUser = Math.ceil((pair.exchangesPerSecond * 4 * (opts.seconds + 2)) / opts.users) + 20;
  const fill = await measureFill(base, users, perUser, opts);
  return { pair, fill };
}

export const serverEnv = {
  BOOTSTRAP_INVITE_CODE: INVITE,
  ADMIN_ACCOUNT: ADMIN.account,
  ADMIN_PASSWORD: ADMIN.password,
  TRUST_PROXY: "true",
};

export async function scratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /**
     * Statistics and a vacuum after the warm-up, as `pgbench -i` ends its load with (and as a database in
     * use has them): a fresh database has none until autovacuum gets to it, a minute or more later, and
     * the plans the server's connections keep meanwhile are made without them (measured: a user's quote
     * found by reading all of the user's quotes; with statistics of the nearly empty tables before the
     * warm-up, every foreign-key check a scan of the whole table).
     */
    async analyze() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query("vacuum analyze");
      await client.end();
    },
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** pgbench TPC-B at scale 10 with the same clients and seconds; TPS and the p99 of its transaction log. */
export async function pgbench(serverUrl, opts) {
  const database = await scratchDatabase(serverUrl, "brokerage_pgbench");
  const logDir = mkdtempSync(join(tmpdir(), "brokerage-pgbench-"));
  try {
    const init = spawnSync("pgbench", ["-i", "-s", "10", "-q", database.url], { encoding: "utf8" });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const args = ["-c", String(opts.clients), "-j", "2", "-T", String(opts.seconds), "-l"];
    const run = spawnSync("pgbench", [...args, "--log-prefix", join(logDir, "tx"), database.url], {
      encoding: "utf8",
      cwd: logDir,
    });
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1]);
    const latencies = [];
    for (const file of readdirSync(logDir))
      for (const line of readFileSync(join(logDir, file), "utf8").split("\n"))
        if (line) latencies.push(Number(line.split(" ")[2]) / 1000);
    latencies.sort((a, b) => a - b);
    return { tps, p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await database.drop();
  }
}

export function ledgerCheck(databaseUrl) {
  const run = spawnSync("npm", ["run", "--silent", "ledger:check"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return { clean: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** The raw PGlite transaction of the same shape, in a process of its own (as the server is). */
function rawPglite(opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [new URL("./ledger-raw.mjs", import.meta.url).pathname, String(opts.seconds)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ledger-raw exited ${code}`)),
    );
  });
}

const rate = (n) => Math.round(n).toString();
// Saved as measured (unrounded), so the JSON and the printed table cannot round differently.
const figure = (n) => (Number.isFinite(Number(n)) ? Number(n) : null);

/** One target of the result: a row of the printed table and of the saved JSON. */
export function target(name, measured, yardstick) {
  const perSecond = measured.exchangesPerSecond ?? measured.tps;
  return {
    name,
    perSecond: figure(perSecond),
    ...(measured.p50 !== undefined && { p50Ms: figure(measured.p50) }),
    p99Ms: figure(measured.p99),
    ratio: figure(perSecond / yardstick),
    ...(measured.cpuMs && { cpuPerOperationMs: measured.cpuMs }),
  };
}

/** pgbench before and after, as the saved result's reference. */
export function pgbenchReference(before, after) {
  return {
    name: "pgbench TPC-B (scale 10)",
    tps: figure((before.tps + after.tps) / 2),
    before: figure(before.tps),
    after: figure(after.tps),
    p99Ms: figure(Math.max(before.p99, after.p99)),
  };
}

export function printTargets(header, targets) {
  console.log(`| target | ${header} | p99 | × yardstick |`);
  console.log("| --- | --- | --- | --- |");
  for (const t of targets)
    console.log(
      `| ${t.name} | ${rate(t.perSecond)} | ${Number(t.p99Ms).toFixed(1)} ms | ${t.ratio.toFixed(2)} |`,
    );
}

export async function run(args) {
  const opts = options(args);
  const targets = [];
  const result = {
    settings: {
      clients: opts.clients,
      users: opts.users,
      seconds: opts.seconds,
      pg: Boolean(opts.pg),
      embedded: opts.embedded,
    },
    figures: { targets },
  };
  if (opts.pg) {
    result.postgres = await postgresVersion(opts.pg);
    const before = await pgbench(opts.pg, opts);
    const database = await scratchDatabase(opts.pg, "brokerage_bench");
    try {
      const server = await startBuiltServer({
        name: "bench-ledger-pg",
        env: serverEnv,
        databaseUrl: database.url,
      });
      let measured;
      try {
        measured = await measureServer(server.baseUrl, { ...opts, serverPid: server.pid, database });
      } finally {
        await server.stop();
      }
      const after = await pgbench(opts.pg, opts);
      const tpcb = { tps: (before.tps + after.tps) / 2, p99: Math.max(before.p99, after.p99) };
      const check = ledgerCheck(database.url);
      console.log(`pgbench TPC-B before / after: ${rate(before.tps)} / ${rate(after.tps)} TPS`);
      console.log(
        `ledger:check after the PostgreSQL runs: ${check.clean ? "clean" : "DIFFERENCES"}\n${check.output}`,
      );
      if (!check.clean) process.exitCode = 1;
      const ratio = measured.fill.exchangesPerSecond / tpcb.tps;
      const met = ratio >= 0.5 && measured.fill.p99 < 50;
      console.log(
        `Goal: exchanges ≥ 0.5× pgbench TPC-B with p99 < 50 ms: ${met ? "met" : "not met"} ` +
          `(${ratio.toFixed(2)}×, p99 ${measured.fill.p99} ms)`,
      );
      if (measured.fill.cpu) console.log(`CPU per exchange (pre-made quote): ${measured.fill.cpu}`);
      result.reference = pgbenchReference(before, after);
      result.ratio = figure(ratio);
      result.ledgerCheck = check.clean ? "clean" : "differences";
      result.goal = { text: "exchange (pre-made quote) ≥ 0.5× pgbench TPC-B with p99 < 50 ms", met };
      targets.push(target("pgbench TPC-B (scale 10)", tpcb, tpcb.tps));
      targets.push(target("exchange (pre-made quote), PostgreSQL", measured.fill, tpcb.tps));
      targets.push(target("quote + exchange, PostgreSQL", measured.pair, tpcb.tps));
    } finally {
      await database.drop();
    }
  }
  if (opts.embedded) {
    const raw = await rawPglite(opts);
    const server = await startBuiltServer({ name: "bench-ledger-embedded", env: serverEnv });
    try {
      const measured = await measureServer(server.baseUrl, { ...opts, serverPid: server.pid });
      targets.push(target("raw PGlite transaction, same shape (one at a time)", raw, raw.tps));
      targets.push(target("exchange (pre-made quote), embedded", measured.fill, raw.tps));
      targets.push(target("quote + exchange, embedded", measured.pair, raw.tps));
    } finally {
      await server.stop();
    }
  }
  console.log(
    `\n${opts.clients} clients, ${opts.users} users, ${opts.seconds} s per target, ${new Date().toISOString()}\n`,
  );
  printTargets("exchanges/s (TPS)", targets);
  return result;
}
