import { chromium } from "playwright-core";
import { randomBytes } from "node:crypto";
import { apiPost, CHROMIUM, CHROMIUM_ARGS, startBuiltServer } from "/work/main/scripts/built-server.mjs";
const server = await startBuiltServer({ name: "profile", env: { BOOTSTRAP_INVITE_CODE: "M-INVITE", ADMIN_PASSWORD: "bench-staff-key-42" } });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const account = `m_${randomBytes(4).toString("hex")}`;
  const s = await apiPost(server.baseUrl, "user/register", { account, password: "Bench-Reader-2026", confirmPassword: "Bench-Reader-2026", inviteCode: "M-INVITE", agree: true });
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  const page = await ctx.newPage();
  await page.goto(server.baseUrl + "/");
  await page.evaluate(({ token, account }) => { localStorage.setItem("tokend", token); localStorage.setItem("account", account); }, s);
  await page.goto(server.baseUrl + "/#/home/index"); await page.waitForTimeout(1500);
  await page.goto("about:blank");
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(server.baseUrl + "/" + (process.argv[2] ?? "#/home/index"));
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const self = new Map(); const dt = profile.timeDeltas; 
  profile.samples.forEach((id, i) => { const n = byId.get(id); const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
  const tot = [...self.values()].reduce((a, b) => a + b, 0);
  console.log("total ms", Math.round(tot / 1000));
  [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, v]) => console.log(Math.round(v / 1000), k));
  // by url
  const byUrl = new Map(); profile.samples.forEach((id, i) => { const u = byId.get(id).callFrame.url.split("/").pop() || byId.get(id).callFrame.functionName; byUrl.set(u, (byUrl.get(u) ?? 0) + (dt[i] ?? 0)); });
  console.log([...byUrl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k}=${Math.round(v / 1000)}`).join(" "));
} finally { await browser.close(); await server.stop(); }
