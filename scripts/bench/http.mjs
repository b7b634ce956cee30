// HTTP benchmark: requests per second and p99 latency of read endpoints of the built server, against a
// bare Fastify route measured in the same run, and `user/getUserinfo` on the embedded database against
// the same call on PostgreSQL. Each target runs in its own process; autocannon drives them in turn.
//
//   npm run bench -- http --seconds 10 --connections 32 [--pg postgres://user@host:5432/postgres | --no-pg]
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { apiPost, startBuiltServer } from "../built-server.mjs";
import { postgresVersion } from "./results.mjs";

const INVITE = "BENCH-INVITE";
const PASSWORD = "Bench-Reader-2026";

function options(args) {
  const read = (flag, fallback) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : fallback;
  };
  return {
    seconds: Number(read("--seconds", "10")),
    connections: Number(read("--connections", "32")),
    pg: args.includes("--no-pg") ? undefined : read("--pg", "postgres://postgres@127.0.0.1:5432/postgres"),
  };
}

const post = apiPost;

async function session(base) {
  const account = `bench_${randomBytes(4).toString("hex")}`;
  const data = await post(base, "user/register", {
    account,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    inviteCode: INVITE,
    agree: true,
  });
  return { token: data.token, account: data.account };
}

/** Runs autocannon against one POST target; answers requests per second (mean) and p99 in ms. */
async function measure(opts, url, body, headers = {}) {
  const run = (duration) =>
    autocannon({
      url,
      method: "POST",
      connections: opts.connections,
      duration,
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  await run(2); // warm-up: JIT, caches, connections
  const result = await run(opts.seconds);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The mean of two measurements of one target (p99: the worse of the two). */
const average = (a, b) => ({ rps: (a.rps + b.rps) / 2, p99: Math.max(a.p99, b.p99) });

function startBare() {
  const child = spawn(process.execPath, [new URL("./bare-server.mjs", import.meta.url).pathname], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stdout.once("data", (chunk) =>
      resolve({
        url: `http://127.0.0.1:${Number(chunk.toString())}/bare`,
        stop: () => child.kill("SIGTERM"),
      }),
    );
  });
}

/** A throwaway database on the PostgreSQL server, dropped afterwards; undefined when none answers. */
async function throwawayDatabase(serverUrl) {
  if (!serverUrl) return undefined;
  const name = `brokerage_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.warn(`PostgreSQL at ${serverUrl} unavailable (${error.message}): skipping the comparison.`);
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const serverEnv = { BOOTSTRAP_INVITE_CODE: INVITE, ADMIN_PASSWORD: "bench-staff-key-42" };

export async function run(args) {
  const opts = options(args);
  const rows = [];
  let userinfoOverPg = null;
  let pgVersion = null;
  const bare = await startBare();
  const embedded = await startBuiltServer({ name: "bench-http", env: serverEnv });
  try {
    const base = embedded.baseUrl;
    const user = await session(base);
    // The yardstick is measured before and after the targets and averaged: on a shared 2-core machine
    // the same bare route was seen anywhere from 27k to 43k requests per second from one run to the next.
    const bareBefore = await measure(opts, bare.url, {});
    const api = (path) => `${base}/api/vue/${path}`;
    rows.push(["parameter/zhishu", await measure(opts, api("parameter/zhishu"), { type: "inr" })]);
    rows.push(["market/quote", await measure(opts, api("market/quote"), { symbol: "RELIANCE" })]);
    rows.push(["trade/kline (day)", await measure(opts, api("trade/kline"), klineBody)]);
    const userinfoBefore = await measure(opts, api("user/getUserinfo"), {}, user);
    let userinfo = userinfoBefore;
    const database = await throwawayDatabase(opts.pg);
    if (database) {
      const postgres = await startBuiltServer({
        name: "bench-http-pg",
        env: serverEnv,
        databaseUrl: database.url,
      });
      try {
        const pgUser = await session(postgres.baseUrl);
        const onPg = await measure(opts, `${postgres.baseUrl}/api/vue/user/getUserinfo`, {}, pgUser);
        // The embedded call again after the PostgreSQL one, averaged, for the same reason as the yardstick.
        userinfo = average(userinfoBefore, await measure(opts, api("user/getUserinfo"), {}, user));
        rows.push(["user/getUserinfo (PostgreSQL)", onPg]);
        userinfoOverPg = userinfo.rps / onPg.rps;
        pgVersion = await postgresVersion(opts.pg);
        console.log(`getUserinfo embedded / PostgreSQL: ${userinfoOverPg.toFixed(2)}×`);
      } finally {
        await postgres.stop();
        await database.drop();
      }
    }
    rows.splice(3, 0, ["user/getUserinfo (embedded)", userinfo]);
    const bareAfter = await measure(opts, bare.url, {});
    const bareResult = average(bareBefore, bareAfter);
    rows.unshift(["bare Fastify route", bareResult]);
    console.log(
      `bare route before / after the targets: ${Math.round(bareBefore.rps)} / ${Math.round(bareAfter.rps)} req/s`,
    );
    console.log(
      `\n${opts.connections} connections, ${opts.seconds} s per target, ${new Date().toISOString()}\n`,
    );
    console.log("| target | req/s | p99 | × bare |");
    console.log("| --- | --- | --- | --- |");
    for (const [name, r] of rows) {
      const ratio = (r.rps / bareResult.rps).toFixed(2);
      console.log(`| ${name} | ${Math.round(r.rps)} | ${r.p99} ms | ${ratio} |`);
    }
    return {
      postgres: pgVersion,
      settings: { connections: opts.connections, seconds: opts.seconds, pg: Boolean(opts.pg) },
      figures: {
        targets: rows.map(([name, r]) => ({
          name,
          perSecond: r.rps,
          p99Ms: r.p99,
          ratio: r.rps / bareResult.rps,
        })),
        bareBefore: bareBefore.rps,
        bareAfter: bareAfter.rps,
        userinfoEmbeddedOverPg: userinfoOverPg,
      },
      reference: { name: "bare Fastify route", perSecond: bareResult.rps, p99Ms: bareResult.p99 },
      goal: null,
    };
  } finally {
    bare.stop();
    await embedded.stop();
  }
}

const klineBody = { symbol: "RELIANCE", exchange: "NSE", type: "inr", kline_type: 6 };
