import { chromium } from "playwright-core";
import { randomBytes } from "node:crypto";
import { apiPost, CHROMIUM, CHROMIUM_ARGS, startBuiltServer } from "/work/main/scripts/built-server.mjs";
const server = await startBuiltServer({ name: "dlg", env: { BOOTSTRAP_INVITE_CODE: "M-INVITE", ADMIN_PASSWORD: "bench-staff-key-42" } });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const account = `m_${randomBytes(4).toString("hex")}`;
  await apiPost(server.baseUrl, "user/register", { account, password: "Bench-Reader-2026", confirmPassword: "Bench-Reader-2026", inviteCode: "M-INVITE", agree: true });
  for (const p of ["x-wrong-1aaa", "x-wrong-2aaa"]) await fetch(server.baseUrl + "/api/vue/user/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ account, password: p }) }).then(r => r.text()).then(t => console.log(t.slice(0, 80)));
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  const page = await ctx.newPage();
  await page.goto(server.baseUrl + "/#/login/login");
  await page.getByLabel("Account").fill(account);
  await page.getByLabel("Password", { exact: true }).fill("Bench-Reader-2026");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  const notice = page.getByRole("dialog", { name: "Failed log-in attempts" });
  await notice.waitFor();
  for (const t of [0, 100, 300, 1000]) {
    await page.waitForTimeout(t);
    console.log(t, await page.evaluate(() => { const b = document.querySelector(".failed-logins__dismiss"); const s = b && getComputedStyle(b); const span = b?.querySelector("span"); return b ? `${s.color} ${getComputedStyle(span).color} bg=${s.backgroundColor} op=${getComputedStyle(document.querySelector(".adm-center-popup-body")).opacity} ${document.querySelector(".adm-center-popup-body").getAttribute("style")}` : "none"; }));
  }
  await page.screenshot({ path: "/tmp/dialog.png" });
} finally { await browser.close(); await server.stop(); }
