// Measures the first-load JavaScript of the log-in screen: loads the built app in headless Chromium at a
// phone viewport, records every script response until the log-in form is visible, and prints each file
// with its gzip size and the total.
//
//   node apps/web/scripts/initial-js.mjs                    starts the built server (npm run build first)
//   node apps/web/scripts/initial-js.mjs --url http://127.0.0.1:8080   measures a server already running
//   node apps/web/scripts/initial-js.mjs --budget 150       exits 1 when the total is over 150 KB gzip
//   node apps/web/scripts/initial-js.mjs --path /#/home/index          another screen (with --wait-for)
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, startBuiltServer } from "../../../scripts/built-server.mjs";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    path: { type: "string", default: "/#/login/login" },
    "wait-for": { type: "string", default: "form input[type=password]" },
    budget: { type: "string" },
    json: { type: "boolean", default: false },
  },
});

const server = args.url ? null : await startBuiltServer({ name: "initial-js" });
const baseUrl = (args.url ?? server.baseUrl).replace(/\/$/, "");
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    // A first visit: nothing precached yet, and the service worker's own precaching is not the screen's.
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  let recording = true;
  /** url → promise of the decoded body of each script the page received while recording. */
  const scripts = new Map();
  page.on("response", (response) => {
    if (!recording) return;
    const request = response.request();
    const isScript =
      request.resourceType() === "script" || /javascript/.test(response.headers()["content-type"] ?? "");
    if (!isScript || scripts.has(response.url())) return;
    scripts.set(
      response.url(),
      response.body().catch(() => Buffer.alloc(0)),
    );
  });

  const started = Date.now();
  await page.goto(baseUrl + args.path, { waitUntil: "commit" });
  await page.locator(args["wait-for"]).first().waitFor({ state: "visible", timeout: 30_000 });
  recording = false;
  const visibleAfterMs = Date.now() - started;

  const rows = [];
  for (const [url, body] of scripts) {
    const bytes = await body;
    rows.push({ file: new URL(url).pathname, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const kb = (n) => (n / 1024).toFixed(1).padStart(7);

  if (args.json) {
    console.log(JSON.stringify({ path: args.path, files: rows, rawBytes: raw, gzipBytes: total }, null, 2));
  } else {
    console.log(
      `Scripts loaded before "${args["wait-for"]}" was visible on ${args.path} (${visibleAfterMs} ms):`,
    );
    for (const row of rows) console.log(`${kb(row.gzip)} KB gzip ${kb(row.raw)} KB raw  ${row.file}`);
    console.log(
      `${kb(total)} KB gzip ${kb(raw)} KB raw  total of ${rows.length} files (${total} bytes gzip)`,
    );
  }

  const budget = args.budget === undefined ? null : Number(args.budget);
  if (budget !== null && total > budget * 1024) {
    console.error(`over budget: ${(total / 1024).toFixed(1)} KB gzip > ${budget} KB`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server?.stop();
}
