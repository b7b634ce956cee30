// Web benchmark: Lighthouse 12 (mobile preset: simulated slow 4G and a 4× slower CPU) on the built app
// served by the built server: the log-in screen as a new visitor, and home with a session. Prints the
// performance and accessibility scores, LCP, CLS and the bytes transferred of each (the median of the
// runs), and answers them for the saved result that docs/benchmarks.md's tables come from.
//
//   npm run build && npm run bench -- web [--runs 2] [--detail] [--only log-in|home]
//   --detail also prints each run's FCP, speed index, TBT and the elements that shifted.
import { randomBytes } from "node:crypto";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { apiPost, CHROMIUM, CHROMIUM_ARGS, startBuiltServer } from "../built-server.mjs";

const INVITE = "BENCH-INVITE";
const PASSWORD = "Bench-Reader-2026";

async function register(base) {
  const account = `bench_${randomBytes(4).toString("hex")}`;
  return apiPost(base, "user/register", {
    account,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    inviteCode: INVITE,
    agree: true,
  });
}

/** Puts the session where the app keeps it (spec §3: localStorage `tokend` and `account`). */
async function storeSession(port, base, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/`);
    await page.evaluate(({ token, account }) => {
      localStorage.setItem("tokend", token);
      localStorage.setItem("account", account);
    }, session);
    await page.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
}

function printDetail(name, lhr) {
  const a = lhr.audits;
  const ms = (id) => `${Math.round(a[id].numericValue)} ms`;
  console.log(
    `  ${name}: FCP ${ms("first-contentful-paint")}, SI ${ms("speed-index")}, TBT ${ms("total-blocking-time")}, ` +
      `LCP ${ms("largest-contentful-paint")}`,
  );
  for (const item of (a["bootup-time"]?.details?.items ?? []).slice(0, 4))
    console.log(
      `    script ${Math.round(item.total)} ms (${Math.round(item.scripting)} ms running): ${item.url}`,
    );
  for (const item of a["layout-shifts"]?.details?.items ?? [])
    console.log(`    shift ${item.score.toFixed(3)}: ${item.node?.selector ?? item.node?.snippet ?? "?"}`);
}

async function audit(port, url, keepStorage, detail) {
  const { lhr } = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    disableStorageReset: keepStorage,
  });
  if (detail) printDetail(url, lhr);
  if (process.env.BENCH_WEB_LHR)
    (await import("node:fs")).writeFileSync(
      `${process.env.BENCH_WEB_LHR}-${url.split("/").pop()}.json`,
      JSON.stringify(lhr),
    );
  const a = lhr.audits;
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    lcp: a["largest-contentful-paint"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue,
    bytes: a["total-byte-weight"].numericValue,
  };
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

export async function run(args) {
  const i = args.indexOf("--runs");
  const runs = i >= 0 ? Number(args[i + 1]) : 2;
  const detail = args.includes("--detail");
  const o = args.indexOf("--only");
  const only = o >= 0 ? args[o + 1] : undefined;
  const server = await startBuiltServer({
    name: "bench-web",
    env: { BOOTSTRAP_INVITE_CODE: INVITE, ADMIN_PASSWORD: "bench-staff-key-42" },
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  try {
    const base = server.baseUrl;
    const screens = [
      ["log-in", `${base}/#/login/login`, false],
      ["home (session)", `${base}/#/home/index`, true],
    ].filter(([name]) => !only || name.startsWith(only));
    await storeSession(chrome.port, base, await register(base));
    const measured = [];
    console.log("| screen | performance | accessibility | LCP | CLS | transferred |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (const [name, url, keepStorage] of screens) {
      const results = [];
      for (let r = 0; r < runs; r++) results.push(await audit(chrome.port, url, keepStorage, detail));
      const pick = (key) => median(results.map((x) => x[key]));
      measured.push({
        name,
        performance: pick("performance"),
        accessibility: pick("accessibility"),
        lcpMs: pick("lcp"),
        cls: pick("cls"),
        transferredBytes: pick("bytes"),
      });
      console.log(
        `| ${name} | ${pick("performance").toFixed(2)} | ${pick("accessibility").toFixed(2)} | ` +
          `${(pick("lcp") / 1000).toFixed(2)} s | ${pick("cls").toFixed(3)} | ${Math.round(pick("bytes") / 1024)} KiB |`,
      );
    }
    return { settings: { runs, only: only ?? null }, figures: { targets: measured }, goal: null };
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
