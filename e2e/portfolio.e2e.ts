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
  startHarness,
  waitForHash,
  watchCspViolations,
  type Envelope,
  type Harness,
} from "./harness";

const run = browserAvailable();

const DAY = 24 * 60 * 60 * 1000;
const ALWAYS_OPEN = { days: [0, 1, 2, 3, 4, 5, 6], from: "00:00", to: "24:00", timeZone: "Asia/Kolkata" };
const DEPOSIT = "10000";

/** "1,234.56", "+12.30 USD", "-0.05" → cents as a BigInt (exact: money is never a JS number here). */
function cents(text: string): bigint {
  const match = /([+-]?)([\d,]+)\.(\d{2})\b/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const [, sign, whole = "", fraction = ""] = match;
  const value = BigInt(whole.replaceAll(",", "")) * 100n + BigInt(fraction);
  return sign === "-" ? -value : value;
}

interface PortfolioAnswer {
  equity: { date: string; value: string }[];
  totalPnl: string;
  realised: string;
  costs: string;
}

/**
 * The portfolio journey (issue 28, DESIGN §4.1 `account/portfolio`) at 390 × 844 and at 320 × 640: a user
 * with an approved deposit holds Bitcoin and closes an Ethereum trade two days apart, the server's clock
 * moved over the days so the scheduler's leader marks each day's end; the user reaches the portfolio from
 * the home screen's holdings and from the account centre, reads the equity chart, the day's and the total
 * P&L, where the P&L comes from and the allocation, changes the range; then opens the closed trade and
 * reads its P&L net of costs, the gross and the costs beside it, and its fund records adding up to it.
 * The deposit, the configuration and the orders are made through the API: other journeys show them.
 */
describe.skipIf(!run)("portfolio journey: equity over days, P&L net of costs, allocation", () => {
  let harness: Harness;
  let page: Page;
  let csp: Awaited<ReturnType<typeof watchCspViolations>>;
  let user: Record<string, string>;
  let ethOrderId = "";

  const suffix = Date.now().toString().slice(-6);
  const account = `folio${suffix}`;
  const password = "Folio-pass-2026";
  const fundPassword = "Fund-folio-4821";

  const portfolio = async (range = "1M") =>
    (await api(
      harness.baseUrl,
      "vue/account/portfolio",
      { currency: "USD", range },
      user,
    )) as unknown as PortfolioAnswer;
  const place = async (symbol: string, quantity: string, leverage: number) =>
    api(
      harness.baseUrl,
      "vue/trade/placeOrder",
      {
        symbol,
        direction: "long",
        priceType: "market",
        quantity,
        leverage,
        idempotencyKey: `folio-${symbol}-${suffix}`,
      },
      user,
    );

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
    const config = await api(base, "admin/config/list", {}, staff);
    const crypto = (config.items as { key: string; value: Record<string, unknown> }[]).find(
      (item) => item.key === "trading.CRYPTO",
    );
    if (!crypto) throw new Error("no trading.CRYPTO setting");
    await api(
      base,
      "admin/config/set",
      {
        key: "trading.CRYPTO",
        value: { ...crypto.value, lock: { kind: "minutes", n: 0 } },
        reason: "E2E: no lock",
      },
      staff,
    );

    user = await registerUser(base, { account, password });
    await api(base, "vue/user/setFundPassword", { fundPassword, confirmFundPassword: fundPassword }, user);
    // The risk warning its leveraged order needs (e2e/risk.e2e.ts walks it in the app).
    await api(base, "vue/risk/acknowledge", { product: "leveraged" }, user);
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
    form.set("amount", DEPOSIT);
    form.set("idempotencyKey", `dep-e2e-folio-${suffix}`);
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

    // Day one: Bitcoin held, Ethereum bought. Day two: Ethereum sold. Day three: today.
    await place("BTCUSD", "0.03", 1);
    ethOrderId = String((await place("ETHUSD", "1", 2)).id);
    await harness.advanceClock(DAY);
    await api(
      base,
      "vue/trade/closePosition",
      { positionId: ethOrderId, idempotencyKey: `folio-close-${suffix}` },
      user,
    );
    await harness.advanceClock(DAY);
    // The leader marks each ended day within a round or two of its end (a round a second).
    for (let tries = 0; (await portfolio()).equity.length < 3; tries++) {
      if (tries > 60) throw new Error("the days were not marked");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    ({ page } = await harness.newPage());
    page.setDefaultTimeout(15_000);
    csp = await watchCspViolations(page);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it("logs in and reaches the portfolio from the home screen's holdings", async () => {
    await page.goto(`${harness.baseUrl}/#/login/login`);
    await page.getByLabel("Phone or account").fill(account);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("heading", { name: new RegExp(`Hello, ${account}`) }).waitFor();
    await page.getByRole("list", { name: "Holdings" }).getByText("BTCUSD").waitFor();
    await page.getByRole("link", { name: "Portfolio", exact: true }).click();
    await waitForHash(page, "#/information/portfolio");
    await page.getByRole("heading", { name: "Portfolio" }).waitFor();
  });

  it("shows the equity, today's and the total P&L, the chart over the days, the breakdown and the allocation", async () => {
    // The screen's own answer (prices move between two calls): loaded again, and read as the page got it.
    // (Listening from the new document on: the old page's answers have no body to read once it is gone.)
    await page.reload({ waitUntil: "commit" });
    const response = await page.waitForResponse((r) => r.url().endsWith("/api/vue/account/portfolio"));
    const answer = ((await response.json()) as { data: PortfolioAnswer }).data;
    await page.getByRole("heading", { name: "Equity (USD)" }).waitFor();
    const chart = page.getByRole("figure", { name: "Equity chart, 1M, in USD" });
    await chart.locator("canvas").first().waitFor();
    await expect.poll(() => chart.getAttribute("data-drawn")).not.toBeNull();

    // What the screen says is what the server answers: the last point is the equity now.
    const now = answer.equity.at(-1)?.value ?? "";
    expect(cents(await page.locator(".portfolio__equity").innerText())).toBe(cents(now));
    const breakdown = page.getByRole("region", { name: "Where the P&L comes from" });
    const total = breakdown.locator(".portfolio__row--strong dd");
    expect(cents(await total.innerText())).toBe(cents(answer.totalPnl));
    // Total P&L = equity − net deposits, on the screen too.
    expect(cents(answer.totalPnl)).toBe(cents(now) - cents(`${DEPOSIT}.00`));
    await breakdown
      .getByText(/^Total P&L = equity [\d,]+\.\d{2} USD − net deposits 10,000\.00 USD\.$/)
      .waitFor();
    // The closed Ethereum trade paid its fees twice: the realised P&L is net of them.
    expect(cents(answer.costs)).toBeGreaterThan(0n);
    const allocation = page.getByRole("region", { name: "Allocation" });
    await allocation.getByText("Digital currency positions · USD").waitFor();
    await allocation.getByText("Cash · USD").waitFor();
    await expectAccessible(page, "portfolio");
    await shoot(page, "portfolio-390-1M");
    await allocation.scrollIntoViewIfNeeded();
    await shoot(page, "portfolio-390-allocation");

    await page.getByRole("radiogroup", { name: "Chart range" }).getByRole("radio", { name: "1W" }).click();
    await page.getByRole("figure", { name: "Equity chart, 1W, in USD" }).waitFor();
    await page.getByRole("radio", { name: "1W", checked: true }).waitFor();
  });

  it("fits 320 × 640: no sideways scroll, every control at least 44 px tall", async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.getByRole("figure", { name: "Equity chart, 1W, in USD" }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const controls = page.locator(".portfolio button, .portfolio a");
    const count = await controls.count();
    expect(count).toBeGreaterThan(6);
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i);
      if (!(await control.isVisible())) continue;
      const box = await control.boundingBox();
      const name = (await control.getAttribute("aria-label")) ?? (await control.innerText());
      expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page, "portfolio-320");
    await shoot(page, "portfolio-320-1W");
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it("is reached from the account centre too", async () => {
    await page.goto(`${harness.baseUrl}/#/information/index`);
    await page.getByRole("heading", { name: "Total assets (USD)" }).waitFor();
    await page.getByText(/^Profit is total assets less net deposits of 10,000\.00/).waitFor();
    await page.getByRole("link", { name: "Portfolio: equity, P&L and allocation" }).click();
    await waitForHash(page, "#/information/portfolio");
    await page.getByRole("heading", { name: "Equity (USD)" }).waitFor();
  });

  it("shows the closed trade's P&L net of costs, the gross and the costs, and the fund records that add up to it", async () => {
    await page.goto(`${harness.baseUrl}/#/trade/index`);
    await page.getByRole("tablist", { name: "Positions" }).getByRole("tab", { name: "Finished" }).click();
    const row = page
      .getByRole("list", { name: "Finished" })
      .getByRole("listitem")
      .filter({ hasText: "ETHUSD" });
    await row.getByText(/before costs · [\d,]+\.\d{2} USD costs/).waitFor();
    await row.getByRole("button", { name: /^Details of Ethereum/ }).click();
    await waitForHash(page, "#/trade/positionDetail");
    const summary = page.getByRole("region", { name: "Profit or loss" });
    await summary.getByText("Realised P&L, after all costs").waitFor();
    const net = cents(await summary.locator(".pnl-summary__net").innerText());
    const gross = cents(await summary.locator("dd").nth(0).innerText());
    const costs = cents(await summary.locator("dd").nth(1).innerText());
    // −costs is shown as a negative amount: net = gross − costs.
    expect(net).toBe(gross + costs);
    expect(costs).toBeLessThan(0n);
    await expectAccessible(page, "position-detail");
    await shoot(page, "position-detail-net-pnl");

    const records = page.getByRole("list", { name: "Fund records of this trade" });
    await records.getByRole("listitem").first().waitFor();
    const agree = page.getByText(/^On your available balance they add up to .*: the net P&L above\.$/);
    await agree.scrollIntoViewIfNeeded();
    expect(cents(await agree.innerText())).toBe(net);
    await shoot(page, "position-detail-fund-records");
    expect(csp.list()).toEqual([]);
  });
});
