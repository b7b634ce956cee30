import { chromium } from "playwright-core";
import { randomBytes } from "node:crypto";
import { apiPost, CHROMIUM, CHROMIUM_ARGS, startBuiltServer } from "/work/main/scripts/built-server.mjs";
const server = await startBuiltServer({ name: "measure", env: { BOOTSTRAP_INVITE_CODE: "M-INVITE", ADMIN_PASSWORD: "bench-staff-key-42" } });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const account = `m_${randomBytes(4).toString("hex")}`;
  const s = await apiPost(server.baseUrl, "user/register", { account, password: "Bench-Reader-2026", confirmPassword: "Bench-Reader-2026", inviteCode: "M-INVITE", agree: true });
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  const page = await ctx.newPage();
  await page.goto(server.baseUrl + "/");
  await page.evaluate(({ token, account }) => { localStorage.setItem("tokend", token); localStorage.setItem("account", account); }, s);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(server.baseUrl + "/#/home/index");
  const sample = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize + " " + [...document.querySelectorAll("main.screen__body > section, .index-board__body, .index-board__note, .index-board__list, .index-board .loading-state, .index-board .chip-tabs, .index-board .card__head")].map(e => `${e.className}:${Math.round(e.getBoundingClientRect().top)}+${Math.round(e.getBoundingClientRect().height)}`).join(" | "));
  for (let i = 0; i < 12; i++) { console.log(i*150, await sample()); await page.waitForTimeout(150); }
  await page.screenshot({ path: "/tmp/home.png" });
} finally { await browser.close(); await server.stop(); }
