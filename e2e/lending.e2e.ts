import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { nextOpen } from "@brokerage/core";
import {
  api,
  browserAvailable,
  expectAccessible,
  phoneLogin,
  reopen,
  settleAnimations,
  shoot,
  staffLogin,
  staffSession,
  startHarness,
  verifiedUser,
  waitForHash,
  type CspWatch,
  type Harness,
} from "./harness";

const run = browserAvailable();
const HOUR = 60 * 60 * 1000;

/** The `<dd>` beside the `<dt>` named `label` in `scope`. */
const termOf = (scope: Locator, label: string) =>
  scope.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").textContent();

/**
 * The securities-lending journey at 390 × 844, with the back office in a desktop window: a user holding
 * Apple shares bought without leverage (through the API, on a trading day the server's clock is moved to,
 * then a trading day on so the T+1 lock has lifted) reads the terms and risks, lends the shares for 7 days
 * after the confirmation, a reviewer approves it from the Lending queue, the user recalls it after a
 * confirmation, and once the clock passes the next trading day's open the lending is completed with its
 * day's rebate paid as a "Lending rebate" fund record.
 */
describe.skipIf(!run)("lending journey: terms and risks, lend, approve, recall, rebate", () => {
  let harness: Harness;
  let page: Page;
  let admin: Page;
  let adminContext: BrowserContext;
  let csp: CspWatch;
  let adminCsp: CspWatch;
  let quantity = "";

  const suffix = Date.now().toString().slice(-6);
  const account = `lend${suffix}`;
  const password = "Lend-pass-2026";
  const fundPassword = "Fund-lend-4821";
  const realName = "Kavya Nair";

  /** Moves the clocks to an hour after the next NASDAQ open after `from` (ms). */
  const toOpen = async (from: number) =>
    harness.advanceClock(nextOpen("NASDAQ", from) + HOUR - (await harness.serverNow()));

  beforeAll(async () => {
    harness = await startHarness();
    const base = harness.baseUrl;
    const staff = await staffSession(base);
    // The minimum is the operator's to set: a small one, so that an adjustment under the four-eyes
    // threshold buys enough.
    await api(
      base,
      "admin/config/set",
      { key: "lending.minValue", value: { USD: "100" }, reason: "E2E: a small minimum" },
      staff,
    );
    const user = await verifiedUser(base, staff, { account, password, realName });
    await api(base, "vue/user/setFundPassword", { fundPassword, confirmFundPassword: fundPassword }, user);
    const found = await api(base, "admin/users/search", { q: account }, staff);
    const userId = (found.items as { id: string; account: string }[]).find((u) => u.account === account)?.id;
    if (!userId) throw new Error("user not found");
    await api(
      base,
      "admin/users/adjust",
      {
        userId,
        currency: "USD",
        amount: "900",
        reason: "E2E: funds to buy shares",
        idempotencyKey: `adj-e2e-lend-${suffix}`,
      },
      staff,
    );
    await toOpen(await harness.serverNow());
    const quote = await api(base, "vue/market/quote", { symbol: "AAPL" }, user);
    const price = Number(quote.close);
    quantity = String(Math.floor(800 / price));
    const order = await api(
      base,
      "vue/trade/placeOrder",
      {
        symbol: "AAPL",
        direction: "long",
        priceType: "market",
        quantity,
        leverage: 1,
        idempotencyKey: `lend-buy-${suffix}`,
      },
      user,
    );
    expect(order.state).toBe("open");
    // The next trading day: the T+1 lock has lifted.
    await toOpen((await harness.serverNow()) + 8 * HOUR);
    ({ page, csp } = await harness.phonePage());
    ({ context: adminContext, page: admin, csp: adminCsp } = await harness.backOfficePage());
  });

  afterAll(async () => {
    await adminContext?.close();
    await harness?.close();
  });

  const open = (hash: string) => reopen(page, harness.baseUrl, hash);
  const mine = () => page.getByRole("list", { name: "My lendings" }).getByRole("listitem").first();

  it("logs in on the phone", async () => {
    await phoneLogin(page, harness.baseUrl, { account, password, name: realName });
  });

  it("reads the terms and risks, then lends the shares for 7 days after the confirmation", async () => {
    await page.getByRole("button", { name: "Securities lending" }).click();
    await waitForHash(page, "#/home/loanJq");
    const terms = page.getByRole("region", { name: "Terms and risks" });
    expect(await termOf(terms, "Borrowers pay")).toBe("2% a year");
    expect(await termOf(terms, "Platform keeps")).toBe("50%");
    expect(await termOf(terms, "Paid to you")).toBe("1% a year");
    await terms.getByText("While lent you have no voting rights on the shares.").waitFor();
    await terms.getByText(/lent on to short sellers/).waitFor();
    // Only the channel of the currency the user holds shares in.
    expect(await termOf(terms, "USD lending")).toBe("at least 100.00 USD, 5,000,000.00 USD of quota left");
    expect(await terms.getByText("INR lending").count()).toBe(0);
    await expectAccessible(page, "lending terms");
    await shoot(page, "lending-01-terms");

    const form = page.getByRole("form", { name: "Lend shares" });
    await form.getByRole("radio", { name: /AAPL/ }).waitFor();
    expect(await form.getByLabel(/Shares to lend/).inputValue()).toBe(quantity);
    await form.getByRole("radio", { name: "7 days" }).check();
    await form.getByRole("button", { name: "Lend", exact: true }).scrollIntoViewIfNeeded();
    await shoot(page, "lending-02-form");
    await form.getByRole("button", { name: "Lend", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: "Lend these shares?" });
    await sheet.getByText(`AAPL × ${quantity}`).waitFor();
    await expectAccessible(page, "lending confirmation");
    await shoot(page, "lending-03-confirm");
    await sheet.getByRole("button", { name: "Confirm lending" }).click();
    await sheet.waitFor({ state: "detached" });
    await mine().getByText("Pending review", { exact: true }).waitFor();
  });

  it("a reviewer approves it from the back office's Lending queue", async () => {
    await admin.goto(`${harness.baseUrl}/admin/`);
    await staffLogin(admin);
    await admin.goto(`${harness.baseUrl}/admin/#/reviews`);
    await admin.getByRole("tab", { name: /Lending/ }).click();
    const row = admin.getByRole("row").filter({ hasText: account });
    await row.getByRole("button", { name: `Open the request of ${account}` }).click();
    const drawer = admin.getByRole("dialog", { name: `Lending · ${account}` });
    await drawer.waitFor();
    await settleAnimations(admin);
    await drawer.getByText("Expected rebate for the term", { exact: true }).waitFor();
    await drawer.getByText("Platform's share", { exact: true }).waitFor();
    await shoot(admin, "lending-admin-review");
    await drawer.getByRole("button", { name: "Approve", exact: true }).click();
    const modal = admin.getByRole("dialog", { name: `Approve the request of ${account}` });
    await modal.getByLabel(/Note/).fill("Shares held, unlocked and unleveraged");
    await modal.getByRole("button", { name: "Approve", exact: true }).click();
    await modal.waitFor({ state: "hidden" });
  });

  it("sees it in progress, recalls it after the confirmation", async () => {
    await open("#/home/loanJq");
    await mine().getByText("In progress", { exact: true }).waitFor();
    await mine().scrollIntoViewIfNeeded();
    await shoot(page, "lending-04-in-progress");
    await mine().getByRole("button", { name: "Recall", exact: true }).click();
    const sheet = page.getByRole("alertdialog", { name: "Recall these shares?" });
    await sheet.getByText(/come back at the open of the next trading day/).waitFor();
    await expectAccessible(page, "lending recall");
    await shoot(page, "lending-05-recall");
    await sheet.getByRole("button", { name: "Recall", exact: true }).click();
    await sheet.waitFor({ state: "detached" });
    await mine().getByText("Recalled", { exact: true }).waitFor();
    await expect.poll(() => mine().getByRole("button", { name: "Recall", exact: true }).count()).toBe(0);
  });

  it("is completed at the next trading day, with the day's rebate paid", async () => {
    await toOpen((await harness.serverNow()) + 8 * HOUR);
    // The scheduler's leader pays the day and completes the lending within a round or two (a second each).
    for (let tries = 0; ; tries++) {
      await open("#/home/loanJq");
      const state = mine().getByText("Completed", { exact: true });
      if (await state.isVisible().catch(() => false)) break;
      if (tries > 20) throw new Error("the lending did not complete");
      await page.waitForTimeout(1000);
    }
    expect(await termOf(mine(), "Rebate paid")).toMatch(/^0\.0[1-9] USD$/);
    await mine()
      .getByText(/day's rebate/)
      .click();
    await mine().scrollIntoViewIfNeeded();
    await expectAccessible(page, "lending completed");
    await shoot(page, "lending-06-completed");
    await open("#/information/fundRecord");
    await page
      .getByRole("list", { name: /Fund records/ })
      .getByText("Lending rebate")
      .first()
      .waitFor();
    expect(csp.list()).toEqual([]);
    expect(adminCsp.list()).toEqual([]);
  });
});
