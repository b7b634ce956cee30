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

/** The `<dd>` beside the `<dt>` named `label` in `scope`. */
const termOf = (scope: Locator, label: string) =>
  scope
    .locator("dt", { hasText: new RegExp(`^${label.replace(/[()×]/g, "\\$&")}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();

/** An instant as a `datetime-local` value in the browser's zone (UTC on the journeys' machine). */
const localInput = (at: number) => new Date(at).toISOString().slice(0, 16);

/**
 * The placement journey at 390 × 844, with the back office in a desktop window: staff make a placement
 * offer of Apple (AAPL) at 200.00 USD, 500.00 to 5,000.00 USD a subscription, locked 2 trading days, in
 * the back office's Placements page; a verified user with 900 USD adjusted in finds it from the home
 * screen, reads the terms and the cost (4 shares: 800.00 USD and the 1.00 USD minimum commission), applies
 * after the confirmation and sees 801.00 USD held and the subscription under review; a reviewer approves
 * it from the queue; the user finds the allotted position open and locked in the records.
 */
describe.skipIf(!run)(
  "placement journey: an offer made in the back office, applied for, approved, the locked position",
  () => {
    let harness: Harness;
    let page: Page;
    let admin: Page;
    let adminContext: BrowserContext;
    let csp: CspWatch;
    let adminCsp: CspWatch;

    const suffix = Date.now().toString().slice(-6);
    const account = `place${suffix}`;
    const password = "Place-pass-2026";
    const realName = "Kavya Menon";

    beforeAll(async () => {
      harness = await startHarness();
      const base = harness.baseUrl;
      const staff = await staffSession(base);
      const user = await verifiedUser(base, staff, { account, password, realName });
      await api(
        base,
        "vue/user/setFundPassword",
        { fundPassword: "246810", confirmFundPassword: "246810" },
        user,
      );
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
          reason: "E2E: funds for the placement",
          idempotencyKey: `adj-e2e-place-${suffix}`,
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
    const mine = () => page.getByRole("list", { name: "My subscriptions" }).getByRole("listitem").first();

    it("staff make the offer in the back office's Placements page", async () => {
      await admin.goto(`${harness.baseUrl}/admin/`);
      await staffLogin(admin);
      await admin
        .getByRole("navigation", { name: "Main menu" })
        .getByRole("menuitem", { name: "Placements" })
        .click();
      await admin.getByRole("heading", { name: "Placements and capital increases" }).waitFor();
      await admin.getByRole("button", { name: "New offer", exact: true }).click();
      const drawer = admin.getByRole("dialog", { name: "New placement offer" });
      await drawer.waitFor();
      await settleAnimations(admin);
      await drawer.getByRole("radio", { name: "Placement", exact: true }).check();
      await drawer.getByLabel("Symbol").fill("aapl");
      await drawer.getByLabel("Fixed price").fill("200.00");
      await drawer.getByLabel("Minimum amount").fill("500.00");
      await drawer.getByLabel("Maximum amount").fill("5000.00");
      const now = await harness.serverNow();
      await drawer.getByLabel("Opens").fill(localInput(now - 10 * 60_000));
      await drawer.getByLabel("Closes").fill(localInput(now + 2 * 86_400_000));
      await drawer.getByLabel("Lock (trading days)").fill("2");
      await drawer.getByLabel("Reason for the change").fill("E2E: new Apple shares for clients");
      await shoot(admin, "placement-admin-new-offer");
      await drawer.getByRole("button", { name: "Save", exact: true }).click();
      await drawer.waitFor({ state: "hidden" });
      const row = admin.getByRole("row").filter({ has: admin.getByText("AAPL · NASDAQ", { exact: true }) });
      await row.getByText("Open", { exact: true }).waitFor();
      await row.getByText("Every verified user", { exact: true }).waitFor();
      await settleAnimations(admin);
      await shoot(admin, "placement-admin-offers");
    });

    it("the user finds it from the home screen and reads its terms", async () => {
      await phoneLogin(page, harness.baseUrl, { account, password, name: realName });
      await page.getByRole("button", { name: "Placements", exact: true }).click();
      await waitForHash(page, "#/home/newStockPs");
      const list = page.getByRole("list", { name: "Offers" });
      const row = list.getByRole("button", { name: "Offer of Apple (AAPL)" });
      await row.getByText("500.00–5,000.00 USD a subscription").waitFor();
      await row.getByText("Open to every verified investor").waitFor();
      await expectAccessible(page, "placements");
      await shoot(page, "placement-01-offers");
      await row.click();
      await waitForHash(page, "#/home/newStockPsBuy");
      const terms = page.getByRole("region", { name: "Offer" });
      expect(await termOf(terms, "Offer price")).toBe("200.00 USD");
      expect(await termOf(terms, "Shares per subscription")).toBe("3–25 shares");
      expect(await termOf(terms, "Lock after allotment")).toBe("Locked 2 trading days");
    });

    it("applies for 4 shares after the cost and the confirmation, and sees the money held", async () => {
      const form = page.getByRole("form", { name: "Subscription form" });
      await form.getByLabel("Lots").fill("4");
      const cost = form.getByRole("region", { name: "What is held" });
      expect(await termOf(cost, "Amount (price × shares)")).toBe("800.00 USD");
      expect(await termOf(cost, "Commission")).toBe("1.00 USD");
      expect(await termOf(cost, "Held in all")).toBe("801.00 USD");
      await expectAccessible(page, "placement application");
      await shoot(page, "placement-02-apply");
      await form.getByRole("button", { name: "Apply", exact: true }).click();
      const sheet = page.getByRole("dialog", { name: "Confirm your application" });
      await sheet.getByText("4 shares of Apple at 200.00 USD").waitFor();
      await sheet.getByRole("button", { name: "Apply now" }).click();
      await waitForHash(page, "#/home/newStockPs");
      await page.getByRole("tab", { name: "My subscriptions" }).click();
      await mine().getByText("Under review", { exact: true }).waitFor();
      await mine().getByText("Held 801.00 USD").waitFor();
    });

    it("a reviewer approves it from the Placements queue, seeing what was asked", async () => {
      await admin.goto(`${harness.baseUrl}/admin/#/reviews`);
      await admin.getByRole("tab", { name: /Placements/ }).click();
      const row = admin.getByRole("row").filter({ hasText: account });
      await row.getByRole("button", { name: `Open the request of ${account}` }).click();
      const drawer = admin.getByRole("dialog", { name: `Placements · ${account}` });
      await drawer.waitFor();
      await settleAnimations(admin);
      await drawer.getByText("Offer kind", { exact: true }).waitFor();
      await drawer.getByRole("row").filter({ hasText: "Amount held" }).getByText("801.00 USD").waitFor();
      await drawer
        .getByRole("row")
        .filter({ hasText: "Who may apply" })
        .getByText("Every verified user")
        .waitFor();
      await shoot(admin, "placement-admin-review");
      await drawer.getByRole("button", { name: "Approve", exact: true }).click();
      const modal = admin.getByRole("dialog", { name: `Approve the request of ${account}` });
      await modal.getByLabel(/Note/).fill("Verified investor, amount in range");
      await modal.getByRole("button", { name: "Approve", exact: true }).click();
      await modal.waitFor({ state: "hidden" });
    });

    it("the user finds the allotted position open and locked", async () => {
      await open("#/home/newStockPs");
      await page.getByRole("tab", { name: "My subscriptions" }).click();
      await mine().getByText("Open", { exact: true }).waitFor();
      await mine()
        .getByText(/^Locked until /)
        .waitFor();
      await expectAccessible(page, "placement records");
      await shoot(page, "placement-03-allotted");
      expect(csp.list()).toEqual([]);
      expect(adminCsp.list()).toEqual([]);
    });
  },
);
