import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  ADMIN,
  api,
  browserAvailable,
  expectAccessible,
  registerUser,
  shoot,
  smallTargets,
  startHarness,
  waitForHash,
  watchCspViolations,
  type Envelope,
  type Harness,
} from "./harness";

const run = browserAvailable();
const ALWAYS_OPEN = { days: [0, 1, 2, 3, 4, 5, 6], from: "00:00", to: "24:00", timeZone: "Asia/Kolkata" };

/**
 * The contract-note journey of issue 32 at 390 × 844: a user with an approved deposit buys a crypto pair
 * (it trades at any hour) from the buy form, opens the position's contract note (its trade number, every
 * charge and the ledger's postings of the fill, reconciled) and then the tax report. The deposit (with a
 * voucher, approved by a reviewer) is made through the API: the money journey shows it.
 */
describe.skipIf(!run)("contract-note journey: place an order, open its contract note, the tax report", () => {
  let harness: Harness;
  let page: Page;
  let csp: Awaited<ReturnType<typeof watchCspViolations>>;
  let user: Record<string, string>;

  const suffix = Date.now().toString().slice(-6);
  const account = `note${suffix}`;
  const password = "Note-pass-2026";
  const fundPassword = "Fund-note-4821";

  beforeAll(async () => {
    harness = await startHarness();
    const base = harness.baseUrl;
    const login = await api(base, "admin/auth/login", ADMIN);
    const staff = { token: String(login.token), account: String(login.account) };
    await api(
      base,
      "admin/config/set",
      { key: "recharge.window", value: ALWAYS_OPEN, reason: "E2E: open all day" },
      staff,
    );
    user = await registerUser(base, { account, password });
    await api(base, "vue/user/setFundPassword", { fundPassword, confirmFundPassword: fundPassword }, user);
    const channels = await api(base, "vue/fund/rechargeChannels", {}, user);
    const channel = (channels.channels as { id: string; kind: string; demo: boolean }[]).find(
      (c) => c.kind === "bank" && c.demo,
    );
    if (!channel) throw new Error("no demo bank channel");
    const voucher = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#eee" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("channelId", channel.id);
    form.set("currency", "USD");
    form.set("amount", "5000");
    form.set("idempotencyKey", `dep-e2e-note-${suffix}`);
    form.set("voucher", new Blob([voucher], { type: "image/jpeg" }), "voucher.jpg");
    const deposit = await fetch(`${base}/api/vue/fund/recharge`, {
      method: "POST",
      headers: user,
      body: form,
    });
    expect(((await deposit.json()) as Envelope).status).toBe(1);
    const queue = await api(base, "admin/reviews/list", { kind: "deposit", state: "pending" }, staff);
    const review = (queue.items as { id: string; account: string }[]).find((r) => r.account === account);
    if (!review) throw new Error("no deposit review");
    await api(
      base,
      "admin/reviews/decide",
      { kind: "deposit", id: review.id, decision: "approve", reason: "" },
      staff,
    );
    ({ page } = await harness.newPage());
    page.setDefaultTimeout(15_000);
    csp = await watchCspViolations(page);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it("logs in and buys one ETH long at 1× from the buy form", async () => {
    await page.goto(`${harness.baseUrl}/#/login/login`);
    await page.getByLabel("Phone or account").fill(account);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("heading", { name: new RegExp(`Hello, ${account}`) }).waitFor();
    await page.getByRole("link", { name: "Quotes" }).click();
    await waitForHash(page, "#/market/index");
    await page
      .getByRole("tablist", { name: "Market boards" })
      .getByRole("tab", { name: "Digital currency" })
      .click();
    await page
      .getByRole("list", { name: "Digital currency" })
      .getByRole("button", { name: /^Ethereum ETHUSD/ })
      .click();
    await waitForHash(page, "#/market/stockDetail");
    await page.getByRole("button", { name: "Buy long", exact: true }).click();
    await waitForHash(page, "#/market/marketBuy");
    const form = page.getByRole("form", { name: "Order form" });
    await form.getByLabel("Quantity").fill("1");
    await form.locator("button[type=submit]:not(.adm-button-loading)").waitFor();
    await form.getByRole("button", { name: "Buy long" }).click();
    const sheet = page.getByRole("dialog", { name: "Confirm your order" });
    await sheet.getByRole("button", { name: "Place order" }).click();
    await waitForHash(page, "#/trade/index?tab=inProgress");
  });

  it("opens the position's contract note: trade number, charges, the fill's postings, reconciled", async () => {
    const position = page
      .getByRole("list", { name: "In progress" })
      .getByRole("listitem")
      .filter({ hasText: "ETHUSD" });
    await position.getByRole("button", { name: /^Details of Ethereum .*\(ETHUSD\)$/ }).click();
    await waitForHash(page, "#/trade/positionDetail");
    const orders = await api(harness.baseUrl, "vue/trade/positions", { tab: "inProgress" }, user);
    const order = (orders.items as { id: string; orderNo: string; openFee: string }[])[0];
    if (!order) throw new Error("no position");
    const open = page.getByRole("button", { name: "Contract note", exact: true });
    expect(await smallTargets(open.locator(".."))).toEqual([]);
    await open.click();
    const sheet = page.getByRole("dialog", { name: `Contract note ${order.orderNo}` });
    const note = sheet.frameLocator(`iframe[title="Contract note ${order.orderNo}"]`);
    await note.getByRole("heading", { name: "Contract note", level: 1 }).waitFor();
    await note.getByText(`${order.orderNo}-1`).waitFor();
    await note.getByText("Trade time (UTC, exchange time)").waitFor();
    // The charges stated are what the order booked, and equal to the ledger's postings of the fill.
    const totals = note.getByRole("row", { name: /^Total charges/ });
    expect(await totals.innerText()).toContain(order.openFee);
    await note.getByText("The charges above equal the ledger's postings of this trade.").waitFor();
    await note.getByText(/No registration is configured/).waitFor();
    await sheet.getByRole("button", { name: "Print" }).waitFor();
    await sheet.getByRole("button", { name: "Download" }).waitFor();
    expect(await smallTargets(sheet)).toEqual([]);
    // The note's frame cannot run scripts (DocumentSheet's sandbox), so axe cannot run inside it: on a busy
    // machine its attempt outlasted the test. The frame is left out here; the note's own document is
    // checked opened on its own below.
    await expectAccessible(page, "contract-note", { exclude: ["iframe"] });
    await shoot(page, "contract-note-01-sheet");
    await sheet.getByRole("button", { name: "Download" }).click();
    await page.getByText("Document downloaded").waitFor();
    await sheet.getByRole("button", { name: "Close" }).click();
    await sheet.waitFor({ state: "hidden" });
    // The note's document on its own page, where axe can run: the same markup the sheet's frame shows.
    const answer = await fetch(`${harness.baseUrl}/api/vue/trade/contractNote`, {
      method: "POST",
      headers: { ...user, "content-type": "application/json" },
      body: JSON.stringify({ orderId: order.id }),
    });
    expect(answer.status).toBe(200);
    const { page: alone } = await harness.newPage();
    await alone.setContent(await answer.text());
    await alone.getByRole("heading", { name: "Contract note", level: 1 }).waitFor();
    await expectAccessible(alone, "contract-note-document");
    await alone.close();
    // The accessibility check reads the note's frame too, which takes a while on a busy machine.
  }, 300_000);

  it("finds the tax report from the fund records: this year has no closed lot yet", async () => {
    await page.goto(`${harness.baseUrl}/#/information/fundRecord`);
    await page.getByRole("button", { name: "Tax report" }).click();
    await waitForHash(page, "#/information/taxReport");
    await page.getByLabel("Year").waitFor();
    await page.getByLabel("Currency").selectOption("USD");
    await page.getByText("No lot was closed in this year.").waitFor();
    await page.getByText(/Net P&L of the 0 positions closed in the year/).waitFor();
    expect(await smallTargets(page.locator(".statement-form"))).toEqual([]);
    await expectAccessible(page, "tax-report");
    await shoot(page, "contract-note-02-tax-report");
    expect(csp.list()).toEqual([]);
  });
});
