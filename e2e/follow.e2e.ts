import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
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
  scope
    .locator("dt", { hasText: new RegExp(`^${label.replace(/[()&']/g, "\\$&")}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .first()
    .textContent();

/** An instant as a `datetime-local` value in the browser's zone (UTC on the journeys' machine). */
const localInput = (at: number) => new Date(at).toISOString().slice(0, 16);

interface Holding {
  state: string;
  value: string;
  nav: string;
  buyNav: string | null;
  payout: string | null;
}

/**
 * The copy-trading journey at 390 × 844, with the back office in a desktop window: staff create a copy
 * product led by a verified user in the back office's Copy products page; a follower with 900 USD adjusted
 * in finds it from the home screen, reads its measured figures, its risk and its costs, buys 500.00 USD of
 * units after the costs and the risk warning on the confirmation sheet, with a 50 % copy stop-loss; staff
 * trade the portfolio (Ethereum, through the normal order path) from the product's portfolio drawer; the
 * clock moves on six hours and the copy order's value moves with the portfolio; staff close the product
 * with a reason and the follower is paid out at the NAV, reading the reason.
 */
describe.skipIf(!run)(
  "copy-trading journey: a product made and traded by staff, bought, valued, paid out",
  () => {
    let harness: Harness;
    let page: Page;
    let admin: Page;
    let adminContext: BrowserContext;
    let csp: CspWatch;
    let adminCsp: CspWatch;
    let user: Record<string, string> = {};
    let firstValue = "";

    const suffix = Date.now().toString().slice(-6);
    const account = `copy${suffix}`;
    const leader = `lead${suffix}`;
    const password = "Copy-pass-2026";
    const realName = "Meera Iyer";
    const product = `Steady Ethereum ${suffix}`;
    const closeReason = "E2E: the leader stepped down";

    const mine = async () =>
      ((await api(harness.baseUrl, "vue/follow/mine", {}, user)).items as Holding[])[0];
    /** The engine marks the products on its rounds (a round a second): waits for the holding to be `state`. */
    const holdingReaches = (state: string) =>
      expect.poll(async () => (await mine())?.state, { timeout: 30_000, interval: 500 }).toBe(state);

    beforeAll(async () => {
      harness = await startHarness();
      const base = harness.baseUrl;
      const staff = await staffSession(base);
      await verifiedUser(base, staff, { account: leader, password, realName: "Arjun Rao" });
      user = await verifiedUser(base, staff, { account, password, realName });
      const found = await api(base, "admin/users/search", { q: account }, staff);
      const userId = (found.items as { id: string; account: string }[]).find(
        (u) => u.account === account,
      )?.id;
      if (!userId) throw new Error("user not found");
      // Below adjustment.fourEyesAbove (1,000 USD a day), so one administrator books it.
      await api(
        base,
        "admin/users/adjust",
        {
          userId,
          currency: "USD",
          amount: "900",
          reason: "E2E: funds to copy",
          idempotencyKey: `adj-e2e-copy-${suffix}`,
        },
        staff,
      );
      ({ page, csp } = await harness.phonePage());
      ({ context: adminContext, page: admin, csp: adminCsp } = await harness.backOfficePage());
    });

    afterAll(async () => {
      await adminContext?.close();
      await harness?.close();
    });

    const open = (hash: string) => reopen(page, harness.baseUrl, hash);
    const productsPage = async () => {
      await admin.goto(`${harness.baseUrl}/admin/follow`);
      await admin.getByRole("heading", { name: "Copy products", level: 4 }).waitFor();
    };

    it("staff create the product in the back office's Copy products page", async () => {
      await admin.goto(`${harness.baseUrl}/admin/`);
      await staffLogin(admin);
      await admin
        .getByRole("navigation", { name: "Main menu" })
        .getByRole("menuitem", { name: "Copy products" })
        .click();
      await admin.getByRole("heading", { name: "Copy products" }).waitFor();
      await admin.getByRole("button", { name: "New product", exact: true }).click();
      const drawer = admin.getByRole("dialog", { name: "New copy product" });
      await drawer.waitFor();
      await settleAnimations(admin);
      await drawer.getByLabel("Name", { exact: true }).fill(product);
      await drawer.getByLabel("Strategy").fill("Holds Ethereum at 1x, no leverage; cash otherwise.");
      await drawer.getByLabel("Leader's account").fill(leader);
      await drawer.getByLabel("Minimum buy").fill("100.00");
      await drawer.getByLabel("Maximum buy").fill("5000.00");
      const now = await harness.serverNow();
      await drawer.getByLabel("Opens").fill(localInput(now - 10 * 60_000));
      await drawer.getByLabel("Follow time limit").fill(localInput(now + 2 * 24 * HOUR));
      await drawer.getByLabel("End time").fill(localInput(now + 3 * 24 * HOUR));
      await drawer.getByLabel("Reason for the change").fill("E2E: a new copy product");
      await shoot(admin, "follow-admin-new-product");
      await drawer.getByRole("button", { name: "Save", exact: true }).click();
      await drawer.waitFor({ state: "hidden" });
      const row = admin.getByRole("row").filter({ hasText: product });
      await row.getByText("Active", { exact: true }).waitFor();
      await row
        .getByText(/management 2\.00 % a year · performance 20\.00 % · leader gets 50\.00 %/)
        .waitFor();
      await settleAnimations(admin);
      await shoot(admin, "follow-admin-products");
    });

    it("the follower finds it from the home screen and reads its measured figures, risk and costs", async () => {
      await phoneLogin(page, harness.baseUrl, { account, password, name: realName });
      await page.getByRole("button", { name: "Copy trading", exact: true }).click();
      await waitForHash(page, "#/home/fllow");
      const row = page.getByRole("button", { name: `Open ${product}` });
      await row.getByText("1.0000 USD").waitFor();
      await row.getByText("Not scored yet").waitFor();
      await row.getByText("100.00–5,000.00 USD").waitFor();
      await expectAccessible(page, "copy-trading products");
      await shoot(page, "follow-01-products");
      await row.click();
      await waitForHash(page, "#/home/fllowDetail");
      const measured = page.getByRole("region", { name: "Measured figures" });
      expect(await termOf(measured, "NAV per unit")).toBe("1.0000 USD");
      expect(await termOf(measured, "Followers")).toBe("0");
      const risk = page.getByRole("region", { name: "Risk" });
      expect(await termOf(risk, "Risk score")).toBe("Not scored yet");
      await risk.getByText(/How the score is computed/).waitFor();
      const costs = page.getByRole("region", { name: "Costs and what the leader is paid" });
      expect(await termOf(costs, "Management fee")).toBe("2% a year of the net assets");
      expect(await termOf(costs, "Leader's pay")).toBe("50% of both fees (the platform keeps the rest)");
      const copiers = page.getByRole("region", { name: "Copiers' own results" });
      await copiers.getByText(/differ from the leader's/).waitFor();
      // The product's published loss share (ESMA's method): nobody has held it yet, so none is published.
      const warning = copiers.getByRole("region", { name: "Risk warning" });
      await warning
        .getByText(`No account has traded the copy product “${product}” here in the last 12 months yet`, {
          exact: false,
        })
        .first()
        .waitFor();
      await expectAccessible(page, "copy-trading product");
      await shoot(page, "follow-02-product");
      await warning.scrollIntoViewIfNeeded();
      await shoot(page, "follow-02b-product-loss-share");
    });

    it("buys 500.00 USD of units after the costs and the risk warning, with a 50 % copy stop-loss", async () => {
      const form = page.getByRole("form", { name: "Buy units" });
      await form.getByLabel("Amount").fill("500");
      await form.getByLabel(/Copy stop-loss/).fill("50");
      const before = form.getByRole("region", { name: "Before you buy" });
      await expect.poll(() => termOf(before, "Redeemed by itself at or below")).toBe("250.00 USD");
      expect(await termOf(before, "Charge on buying")).toBe("None");
      await before
        .getByRole("region", { name: "Risk warning" })
        .getByText(/not a promise of future results/)
        .waitFor();
      await form.getByRole("button", { name: "Review the costs and buy" }).scrollIntoViewIfNeeded();
      await shoot(page, "follow-03-buy-form");
      await form.getByRole("button", { name: "Review the costs and buy" }).click();
      const sheet = page.getByRole("dialog", { name: "Confirm your copy order" });
      await sheet.getByText(`Buy units of ${product} for 500.00 USD at the next NAV`).waitFor();
      await sheet.getByRole("region", { name: "Risk warning" }).waitFor();
      await settleAnimations(page);
      await shoot(page, "follow-04-confirm");
      await sheet.getByRole("button", { name: "Buy units" }).click();
      await waitForHash(page, "#/home/qcList");
      await holdingReaches("active");
      await open("#/home/qcList");
      const order = page.getByRole("list", { name: "My copy orders" }).getByRole("listitem").first();
      await order.getByText("Holding", { exact: true }).waitFor();
      expect(await termOf(order, "Paid in")).toBe("500.00 USD");
    });

    it("staff trade the portfolio through the normal order path", async () => {
      const quote = await api(harness.baseUrl, "vue/market/quote", { symbol: "ETHUSD" }, user);
      const quantity = (Math.floor((250 / Number(quote.close)) * 100) / 100).toFixed(2);
      await productsPage();
      await admin.getByRole("button", { name: `Portfolio and followers of ${product}` }).click();
      const drawer = admin.getByRole("dialog", { name: `${product}: portfolio and followers` });
      await drawer.waitFor();
      await settleAnimations(admin);
      await drawer.getByRole("tab", { name: /Followers \(1\)/ }).click();
      await drawer.getByRole("row").filter({ hasText: account }).getByText("Holding").waitFor();
      await drawer.getByRole("tab", { name: "Place an order" }).click();
      await drawer.getByLabel("Symbol").fill("ETHUSD");
      await drawer.getByLabel("Quantity", { exact: true }).fill(quantity);
      await drawer.getByLabel("Reason for the change").fill("E2E: the leader buys Ethereum");
      await drawer.getByRole("button", { name: "Place order" }).click();
      await admin.getByText(/^Order \S+: In position$/).waitFor();
      await drawer.getByRole("tab", { name: /Positions \(1\)/ }).click();
      await drawer.getByText("ETHUSD · CRYPTO").first().waitFor();
      await settleAnimations(admin);
      await shoot(admin, "follow-admin-portfolio");
    });

    it("watches the copy order's value move with the portfolio as the clock moves on", async () => {
      const start = await mine();
      firstValue = start?.value ?? "";
      await harness.advanceClock(6 * HOUR);
      await expect
        .poll(async () => (await mine())?.nav, { timeout: 30_000, interval: 500 })
        .not.toBe(start?.nav);
      const moved = await mine();
      expect(moved?.value).not.toBe(firstValue);
      await open("#/home/qcList");
      const order = page.getByRole("list", { name: "My copy orders" }).getByRole("listitem").first();
      await expect.poll(() => termOf(order, "Value now")).not.toBe(`${firstValue} USD`);
      expect(await termOf(order, "P&L after fees")).toMatch(/^[+-]?[\d,]+\.\d{2} USD \([+-]?\d+\.\d{2}%\)$/);
      await expectAccessible(page, "copy orders");
      await shoot(page, "follow-05-orders");
      await open("#/information/product");
      const held = page.getByRole("list", { name: "Products I hold" }).getByRole("listitem").first();
      await held.getByText(product, { exact: true }).waitFor();
      await expectAccessible(page, "my products");
      await shoot(page, "follow-06-my-products");
    });

    it("staff close the product with a reason; the follower is paid out at the NAV and reads it", async () => {
      // Six hours have passed on the clock: the staff session has ended, so staff log in again.
      await admin.goto(`${harness.baseUrl}/admin/`);
      await staffLogin(admin);
      await productsPage();
      await admin.getByRole("button", { name: `Close ${product}` }).click();
      const modal = admin.getByRole("dialog", { name: `Close ${product}?` });
      await modal.getByLabel(/Reason \(every follower reads it\)/).fill(closeReason);
      await settleAnimations(admin);
      await shoot(admin, "follow-admin-close");
      await modal.getByRole("button", { name: "Close the product" }).click();
      await modal.waitFor({ state: "hidden" });
      await holdingReaches("closedOut");
      const paid = await mine();
      await open("#/home/qcList");
      const order = page.getByRole("list", { name: "My copy orders" }).getByRole("listitem").first();
      await order.getByText("Closed out", { exact: true }).waitFor();
      expect(await termOf(order, "Paid out")).toBe(
        `${Number(paid?.payout).toLocaleString("en-US", { minimumFractionDigits: 2 })} USD`,
      );
      await order.getByText(`The product was closed: ${closeReason}`).waitFor();
      await expectAccessible(page, "paid-out copy order");
      await shoot(page, "follow-07-paid-out");
      await open("#/information/product");
      await page.getByText("You hold no copy-trading product now").waitFor();
      expect(csp.list()).toEqual([]);
      expect(adminCsp.list()).toEqual([]);
    });
  },
);
