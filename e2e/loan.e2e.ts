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
  type Harness,
  type CspWatch,
} from "./harness";

const run = browserAvailable();

/** The `<dd>` beside the `<dt>` named `label` in `scope`. */
const termOf = (scope: Locator, label: string) =>
  scope.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").textContent();

/**
 * The credit-loan journey at 390 × 844, with the back office in a desktop window: a verified user (made
 * through the API, as the identity journey leaves one, with 100 USD adjusted in for the interest) reads
 * the quota and the terms, applies for 1,000 USD after the confirmation, a reviewer grants it from the
 * Loans queue, the user sees it borrowing and the balance up, repays all of it, and the records show it
 * finished.
 */
describe.skipIf(!run)(
  "loan journey: terms, application, grant in the back office, repayment, records",
  () => {
    let harness: Harness;
    let page: Page;
    let admin: Page;
    let adminContext: BrowserContext;
    let csp: CspWatch;
    let adminCsp: CspWatch;

    const suffix = Date.now().toString().slice(-6);
    const account = `loan${suffix}`;
    const password = "Loan-pass-2026";
    const realName = "Meera Iyer";

    beforeAll(async () => {
      harness = await startHarness();
      const base = harness.baseUrl;
      const staff = await staffSession(base);
      await verifiedUser(base, staff, { account, password, realName });
      // The interest is owed on top of the amount: 100 USD of the user's own to pay it with.
      const found = await api(base, "admin/users/search", { q: account }, staff);
      const userId = (found.items as { id: string; account: string }[]).find(
        (u) => u.account === account,
      )?.id;
      if (!userId) throw new Error("user not found");
      await api(
        base,
        "admin/users/adjust",
        {
          userId,
          currency: "USD",
          amount: "100",
          reason: "E2E: funds for the interest",
          idempotencyKey: `adj-e2e-loan-${suffix}`,
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
    const loanCard = () => page.getByRole("region", { name: "Your loan" });

    it("logs in on the phone", async () => {
      await phoneLogin(page, harness.baseUrl, { account, password, name: realName });
    });

    it("reads the quota and the terms, then applies for 1,000 USD after the confirmation", async () => {
      await page.getByRole("button", { name: "Credit loan" }).click();
      await waitForHash(page, "#/home/loan");
      const quota = page.getByRole("region", { name: "Available to borrow" });
      await quota.getByText("10,000.00 USD", { exact: true }).waitFor();
      await quota
        .getByText("Your credit score of 100 × 100.00 USD a point, at most 50,000.00 USD.")
        .waitFor();
      const terms = page.getByRole("region", { name: "Loan terms" });
      expect(await termOf(terms, "Daily interest rate")).toBe("0.05% a day");
      expect(await termOf(terms, "Term")).toBe("30 days");
      expect(await termOf(terms, "Minimum amount")).toBe("100.00 USD");
      await terms.getByText("Repaying early does not reduce the interest.").waitFor();
      await loanCard().getByText("Not applied", { exact: true }).waitFor();

      const form = page.getByRole("form", { name: "Apply for a loan" });
      await form.getByLabel("Amount to borrow (USD)").fill("1000");
      expect(await termOf(form, "Interest (0.05% a day for 30 days)")).toBe("15.00 USD");
      expect(await termOf(form, "Total to repay")).toBe("1,015.00 USD");
      await expectAccessible(page, "loan");
      await shoot(page, "loan-01-terms");

      await form.getByRole("button", { name: "Apply", exact: true }).click();
      const sheet = page.getByRole("dialog", { name: "Confirm your loan application" });
      expect(await termOf(sheet, "Total to repay")).toBe("1,015.00 USD");
      await sheet.getByText(/1,015\.00 USD is due 30 days later/).waitFor();
      await expectAccessible(page, "loan confirmation");
      await sheet.getByRole("button", { name: "Submit application" }).click();
      await sheet.waitFor({ state: "detached" });
      await loanCard().getByText("Pending review", { exact: true }).waitFor();
      await expect
        .poll(() => form.getByRole("button", { name: "Apply", exact: true }).isDisabled())
        .toBe(true);
    });

    it("a reviewer grants it from the back office's Loans queue", async () => {
      await admin.goto(`${harness.baseUrl}/admin/`);
      await staffLogin(admin);
      await admin.goto(`${harness.baseUrl}/admin/#/reviews`);
      await admin.getByRole("tab", { name: /Loans/ }).click();
      const row = admin.getByRole("row").filter({ hasText: account });
      await row.getByRole("button", { name: `Open the request of ${account}` }).click();
      const drawer = admin.getByRole("dialog", { name: `Loans · ${account}` });
      await drawer.waitFor();
      await settleAnimations(admin);
      await drawer.getByText("Interest", { exact: true }).waitFor();
      await shoot(admin, "loan-admin-review");
      await drawer.getByRole("button", { name: "Approve", exact: true }).click();
      const modal = admin.getByRole("dialog", { name: `Approve the request of ${account}` });
      await modal.getByLabel(/Note/).fill("Credit score and identity in order");
      await modal.getByRole("button", { name: "Approve", exact: true }).click();
      await modal.waitFor({ state: "hidden" });
    });

    it("sees the loan borrowing, what is owed and the balance up, and repays all of it", async () => {
      await open("#/home/loan");
      await loanCard().getByText("Borrowing", { exact: true }).waitFor();
      expect(await termOf(loanCard(), "Still owed")).toBe("1,015.00 USD");
      await shoot(page, "loan-02-borrowing");

      // Owing, the screen offers the repayment where the application form was.
      const form = page.getByRole("form", { name: "Repay your loan" });
      // 100 USD of the user's own plus the 1,000 USD lent.
      await form.getByText("Available: 1,100.00 USD").waitFor();
      await form.getByRole("button", { name: "Repay all" }).click();
      expect(await form.getByLabel("Amount to repay (USD)").inputValue()).toBe("1015.00");
      await expectAccessible(page, "loan repayment");
      await shoot(page, "loan-03-repay");
      await form.getByRole("button", { name: "Repay", exact: true }).click();
      const sheet = page.getByRole("dialog", { name: "Confirm the repayment" });
      expect(await termOf(sheet, "Still owed after it")).toBe("0.00 USD");
      await sheet.getByRole("button", { name: "Confirm repayment" }).click();
      const done = page.getByRole("region", { name: "Repayment made" });
      await done.getByText("You repaid 1,015.00 USD. Your loan is paid off.").waitFor();
      await expectAccessible(page, "loan repaid");
      await shoot(page, "loan-04-repaid");
    });

    it("finds the loan finished in the records, and the balance back to what was the user's less interest", async () => {
      await page.getByRole("link", { name: "Loan records" }).click();
      await waitForHash(page, "#/home/loanRe");
      const loans = page.getByRole("list", { name: "Your loans" });
      const loan = loans.getByRole("listitem").first();
      await loan.getByText("Finished", { exact: true }).waitFor();
      expect(await termOf(loan, "Repaid")).toBe("1,015.00 USD");
      await expectAccessible(page, "loan records");
      await shoot(page, "loan-05-records");

      // Paid off: the credit loan offers a new application again.
      await open("#/home/loan");
      await page.getByRole("form", { name: "Apply for a loan" }).waitFor();
      await open("#/information/index");
      const assets = page.getByRole("region", { name: /Total assets/ });
      await expect.poll(() => assets.textContent()).toContain("85.00");

      // The fund records show both movements, the loan paid in and the repayment taken out.
      await open("#/information/fundRecord");
      const records = page.getByRole("list", { name: /Fund records/ });
      await records.getByText("Credit loan").first().waitFor();
      await records.getByText("Credit repayment").first().waitFor();
      await shoot(page, "loan-06-fund-records");
      expect(csp.list()).toEqual([]);
      expect(adminCsp.list()).toEqual([]);
    });
  },
);
