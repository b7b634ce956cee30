import { chromium } from "playwright-core";
const base = "http://127.0.0.1:18937";
const out = "/work/main/.tmp/cards";
async function api(path, body, session) {
  const r = await fetch(`${base}/api/vue/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(session ?? {}) },
    body: JSON.stringify(body),
  });
  return r.json();
}
const login = async (account) => {
  const a = await api("user/login", { account, password: "Correct-horse-91" });
  return { token: a.data.token, account: a.data.account };
};
const priya = await login("priya_demo");
const newbie = await login("newbie_demo");
const step = process.argv[2] ?? "all";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
async function shot(session, path, name, act) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  await context.addInitScript(([t, a]) => { localStorage.setItem("tokend", t); localStorage.setItem("account", a); }, [session.token, session.account]);
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
  await page.goto(base + "/#" + path);
  await page.waitForTimeout(2500);
  if (act) await act(page);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: false });
  await context.close();
}
if (step === "empty" || step === "all") {
  await shot(priya, "/information/bankList", "1-banklist-empty");
  await shot(newbie, "/information/addBankCard", "2-addcard-kyc");
  await shot(priya, "/information/addBankCard", "3-addcard-form");
  await shot(priya, "/information/addBankCard", "4-addcard-errors", async (page) => {
    await page.getByLabel("Card number").fill("6222 0212");
    await page.getByLabel("IFSC code").fill("SBIN1000300");
    await page.getByRole("button", { name: "Bind card" }).click();
    await page.waitForTimeout(800);
  });
  await shot(newbie, "/information/usdtAddress", "5-wallet-empty");
}
if (step === "full" || step === "all") {
  console.log(await api("bank/add", { holderName: "Priya Sharma", cardNumber: "6222 0212 3456 7890 123", bankName: "State Bank of India", branchName: "Mumbai Main Branch, Fort", ifsc: "SBIN0000300" }, priya));
  console.log(await api("bank/add", { holderName: "priya sharma", cardNumber: "5010 0123 4567 8901", bankName: "HDFC Bank", branchName: "Bandra West", ifsc: "HDFC0000240" }, priya));
  console.log(await api("bank/add", { holderName: "Priya Sharma", cardNumber: "5010 0123 4567 8901", bankName: "HDFC Bank", branchName: "Bandra West", ifsc: "HDFC0000240" }, newbie));
  console.log(await api("wallet/add", { type: "USDT-TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, priya));
  console.log(await api("wallet/add", { type: "BTC", address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" }, priya));
  await shot(priya, "/information/bankList", "6-banklist");
  await shot(priya, "/information/bankList", "7-banklist-confirm", async (page) => {
    await page.getByRole("button", { name: "Remove card ending 0123" }).click();
    await page.waitForTimeout(800);
  });
  await shot(priya, "/information/usdtAddress", "8-wallet");
  await shot(priya, "/information/usdtAddress", "9-wallet-list", async (page) => {
    await page.getByRole("heading", { name: "My addresses" }).scrollIntoViewIfNeeded();
    await page.evaluate(() => document.querySelector(".wallets")?.scrollIntoView());
    await page.waitForTimeout(500);
  });
}
await browser.close();
