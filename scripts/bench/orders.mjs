// Order benchmark: concurrent market orders over HTTP (`trade/placeOrder`, each one filled at once:
// margin and fee booked through the ledger in the order's transaction) against the built server on
// PostgreSQL, next to pgbench's TPC-B on the same PostgreSQL server in the same run.
//
//   npm run bench -- orders [--seconds 10] [--clients 8] [--users 64] [--pg postgres://…]
//
// Each of `--users` users has a fund password and its own funded USD wallet (an administrator's
// adjustment); the calls take the users in turn, so users do not contend with each other. Every order buys
// about 10 USD of the cheapest crypto pair (crypto trades at any hour) at the crypto class's leverage cap
// (2 by ESMA's retail limits): a margin of about 5 USD and a fee of 0.01 USD (0.1 %), so each order books
// both entries (margin, and the fee to the platform) as a user's order does; the size is kept so that runs compare with
// the earlier ones. After the run `npm run ledger:check` must find the ledger clean.
// Goal: at least 0.5× pgbench's TPS with p99 under 50 ms at 8 clients.
import { randomBytes, randomUUID } from "node:crypto";
import { startBuiltServer } from "../built-server.mjs";
import {
  ADMIN,
  INVITE,
  PASSWORD,
  call,
  drive,
  fund,
  inParallel,
  ledgerCheck,
  nextUser,
  pgbench,
  pgbenchReference,
  scratchDatabase,
  secondAdministrator,
  serverEnv,
  target,
} from "./ledger.mjs";
import { postgresVersion } from "./results.mjs";

const FUND_PASSWORD = "Bench-fund-2026";
const FUNDS = "1000.00";
const NOTIONAL = 10; // USD per order: its fee, 0.1 %, is 0.01 USD

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
    pg: read("--pg", "postgres://postgres@127.0.0.1:5432/postgres"),
  };
}

/** Users with a fund password and USD, and the order they all place. */
async function prepare(base, count) {
  const staff = await call(base, "admin/auth/login", ADMIN);
  const staffHeaders = { token: staff.token, account: staff.account };
  const approver = await secondAdministrator(base, staffHeaders);
  const users = await inParallel(count, 4, async (i) => {
    const account = `bo${i}_${randomBytes(3).toString("hex")}`;
    const address = `10.78.${i >> 8}.${i & 255}`;
    const body = { account, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: INVITE, agree: true };
    const session = await call(base, "vue/user/register", body, {}, address);
    const headers = { token: session.token, account: session.account };
    await call(
      base,
      "vue/user/setFundPassword",
      { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
      headers,
    );
    // As the order ticket does before a first leveraged order (docs/risk.md): set-up, not measured.
    await call(base, "vue/risk/acknowledge", { product: "leveraged" }, headers);
    const found = await call(base, "admin/users/search", { q: account }, staffHeaders);
    const userId = found.items.find((u) => u.account === account).id;
    await fund(base, { staff: staffHeaders, approver }, userId, FUNDS, "Order benchmark");
    return { headers };
  });
  const pairs = await call(
    base,
    "vue/market/list",
    { type: "crypto", page: 1, pageSize: 50 },
    users[0].headers,
  );
  const cheapest = [...pairs.items].sort((a, b) => Number(a.close) - Number(b.close))[0];
  const config = await call(base, "admin/config/list", {}, staffHeaders);
  const crypto = config.items?.find?.((item) => item.key === "trading.CRYPTO")?.value;
  // The cap of the crypto class is the highest leverage offered (leverageCaps, ESMA: 2).
  const leverage = crypto?.leverageCaps?.crypto ?? 1;
  // Quantities travel as decimal strings; a whole number of coins is a multiple of every pair's step.
  const quantity = String(Math.ceil(NOTIONAL / Number(cheapest.close)));
  const order = { symbol: cheapest.code, direction: "long", priceType: "market", quantity, leverage };
  const first = await call(
    base,
    "vue/trade/placeOrder",
    { ...order, idempotencyKey: randomUUID() },
    users[0].headers,
  );
  if (!(Number(first.openFee) > 0))
    throw new Error(`the benchmark's order pays no fee: ${JSON.stringify(first)}`);
  return { users, order };
}

function measure(base, users, order, opts) {
  return drive(
    base,
    opts,
    (state, check) => [
      {
        method: "POST",
        path: "/api/vue/trade/placeOrder",
        setupRequest: (req) => ({
          ...req,
          headers: { "content-type": "application/json", ...users[nextUser(state, users.length)].headers },
          body: JSON.stringify({ ...order, idempotencyKey: randomUUID() }),
        }),
        onResponse: (status, body) => check(status, body),
      },
    ],
    1,
  );
}

const rate = (n) => Math.round(n).toString();

export async function run(args) {
  const opts = options(args);
  const postgres = await postgresVersion(opts.pg);
  const before = await pgbench(opts.pg, opts);
  const database = await scratchDatabase(opts.pg, "brokerage_bench_orders");
  let measured;
  let order;
  let check;
  try {
    const server = await startBuiltServer({
      name: "bench-orders-pg",
      env: serverEnv,
      databaseUrl: database.url,
    });
    try {
      const prepared = await prepare(server.baseUrl, opts.users);
      order = prepared.order;
      measured = await measure(server.baseUrl, prepared.users, order, {
        ...opts,
        serverPid: server.pid,
        database,
      });
    } finally {
      await server.stop();
    }
    check = ledgerCheck(database.url);
    console.log(`ledger:check after the run: ${check.clean ? "clean" : "DIFFERENCES"}\n${check.output}`);
    if (!check.clean) process.exitCode = 1;
  } finally {
    await database.drop();
  }
  const after = await pgbench(opts.pg, opts);
  const tps = (before.tps + after.tps) / 2;
  const ratio = measured.exchangesPerSecond / tps;
  const met = ratio >= 0.5 && measured.p99 < 50;
  console.log(`pgbench TPC-B before / after: ${rate(before.tps)} / ${rate(after.tps)} TPS`);
  console.log(
    `Goal: market orders ≥ 0.5× pgbench TPC-B with p99 < 50 ms: ${met ? "met" : "not met"} ` +
      `(${ratio.toFixed(2)}×, p99 ${measured.p99} ms)`,
  );
  if (measured.cpu) console.log(`CPU per order: ${measured.cpu}`);
  console.log(
    `\n${opts.clients} clients, ${opts.users} users, ${opts.seconds} s, ${order.quantity} × ${order.symbol} at ` +
      `${order.leverage}×, ${new Date().toISOString()}\n`,
  );
  console.log("| target | per s | p99 | × pgbench |");
  console.log("| --- | --- | --- | --- |");
  console.log(
    `| pgbench TPC-B (scale 10) | ${rate(tps)} | ${Math.max(before.p99, after.p99).toFixed(1)} ms | 1.00 |`,
  );
  console.log(
    `| market order (trade/placeOrder), PostgreSQL | ${rate(measured.exchangesPerSecond)} | ` +
      `${Number(measured.p99).toFixed(1)} ms | ${ratio.toFixed(2)} |`,
  );
  return {
    postgres,
    settings: { clients: opts.clients, users: opts.users, seconds: opts.seconds, order },
    figures: {
      targets: [
        target("pgbench TPC-B (scale 10)", { tps, p99: Math.max(before.p99, after.p99) }, tps),
        target("market order (trade/placeOrder), PostgreSQL", measured, tps),
      ],
    },
    reference: pgbenchReference(before, after),
    ratio,
    ledgerCheck: check.clean ? "clean" : "differences",
    goal: { text: "market orders ≥ 0.5× pgbench TPC-B with p99 < 50 ms", met },
  };
}
