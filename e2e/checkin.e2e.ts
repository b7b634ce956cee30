import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  api,
  browserAvailable,
  expectAccessible,
  phoneLogin,
  registerUser,
  reopen,
  settleAnimations,
  shoot,
  smallTargets,
  staffLogin,
  staffSession,
  startHarness,
  waitForHash,
  type CspWatch,
  type Harness,
} from "./harness";

const run = browserAvailable();

/** A call of the app's API from the page, with the session it keeps (what a second tab would send). */
function fromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api/vue/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          token: localStorage.getItem("tokend") ?? "",
          account: localStorage.getItem("account") ?? "",
        },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { status: number; code?: string; data: Record<string, unknown> };
    },
    { path, body },
  );
}

/**
 * The daily check-in and the seat account at 390 × 844, the back office in a desktop window: a new user
 * checks in on the home card, sees the streak and the "Sign-in" entry in the fund records, is refused a
 * second check-in the same day, checks in again once the clock has passed midnight in the phone's zone;
 * then applies for a seat account (its grants shown first), which a reviewer approves in the back office.
 */
describe.skipIf(!run)("check-in journey: home card, fund records, midnight, seat account", () => {
  let harness: Harness;
  let page: Page;
  let admin: Page;
  let adminContext: BrowserContext;
  let csp: CspWatch;
  let adminCsp: CspWatch;

  const suffix = Date.now().toString().slice(-6);
  const account = `checkin${suffix}`;
  const password = "Checkin-pass-2026";

  beforeAll(async () => {
    harness = await startHarness();
    const base = harness.baseUrl;
    await registerUser(base, { account, password });
    const staff = await staffSession(base);
    // The operator names what a seat grants; without it seats are not offered.
    const line = {
      en: "Orders handled at the operator's exchange seat",
      zh: "委託於營運商的交易所席位處理",
      cn: "委托于运营商的交易所席位处理",
      ko: "운영사 거래소 좌석에서 주문 처리",
      yd: "ऑपरेटर की एक्सचेंज सीट पर ऑर्डर",
    };
    await api(
      base,
      "admin/config/set",
      { key: "seat.terms", value: { grants: [line], requireKyc: false }, reason: "E2E: seat terms" },
      staff,
    );
    ({ page, csp } = await harness.phonePage());
    ({ context: adminContext, page: admin, csp: adminCsp } = await harness.backOfficePage());
  });

  afterAll(async () => {
    await adminContext?.close();
    await harness?.close();
  });

  const card = () => page.getByRole("region", { name: "Daily check-in" });

  it("checks in on the home card and sees the streak", async () => {
    await phoneLogin(page, harness.baseUrl, { account, password, name: account });
    await card().getByText("0 days", { exact: true }).waitFor();
    await card().getByText("Check in today for 0.10 USD").waitFor();
    await expectAccessible(page, "home with check-in");
    expect(await smallTargets(card())).toEqual([]);
    await shoot(page, "checkin-01-home");

    await card().getByRole("button", { name: "Check in", exact: true }).click();
    await card().getByText("1 day", { exact: true }).waitFor();
    await card()
      .getByText(/Checked in today · next from/)
      .waitFor();
    expect(await card().getByRole("button", { name: "Done for today" }).isDisabled()).toBe(true);
    await shoot(page, "checkin-02-done");
  });

  it("is refused a second check-in the same day, and nothing more is booked", async () => {
    const again = await fromPage(page, "checkin/checkIn", { idempotencyKey: `again-${suffix}` });
    expect(again).toMatchObject({ status: 0, code: "ALREADY_CHECKED_IN" });
    await reopen(page, harness.baseUrl, "#/information/fundRecord");
    const records = page.getByRole("list", { name: /Fund records/ });
    await records.getByText("Sign-in").first().waitFor();
    expect(await records.getByText("Sign-in").count()).toBe(1);
    await expectAccessible(page, "fund records with sign-in");
    await shoot(page, "checkin-03-fund-records");
  });

  it("checks in again once the clock has passed midnight in the phone's zone", async () => {
    const status = await fromPage(page, "checkin/status", {
      timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    });
    const next = Date.parse(String(status.data.nextCheckInAt));
    await harness.advanceClock(next - (await harness.serverNow()) + 60_000);
    await reopen(page, harness.baseUrl, "#/home/index");
    await card().getByText("1 day", { exact: true }).waitFor();
    await card().getByRole("button", { name: "Check in", exact: true }).click();
    await card().getByText("2 days", { exact: true }).waitFor();

    await card().getByRole("link", { name: "Rewards and rules" }).click();
    await waitForHash(page, "#/home/checkIn");
    const rewards = page.getByRole("region", { name: "Rewards" });
    await rewards.getByText("1.00 USD").waitFor();
    await rewards.getByText("Needs 7 check-ins · 5 more to go").waitFor();
    await page
      .getByRole("region", { name: "Rules" })
      .getByText(/One check-in per calendar day/)
      .waitFor();
    await expectAccessible(page, "check-in rewards");
    expect(await smallTargets(page.locator("main"))).toEqual([]);
    await shoot(page, "checkin-04-rewards");
    // Two check-ins do not buy a reward of seven: refused, and the count stays.
    await rewards.getByRole("button", { name: "Redeem 1.00 USD for 7 check-ins" }).click();
    await page.getByText("Insufficient check-in count").waitFor();
    await page.getByRole("region", { name: "Daily check-in" }).getByText("2", { exact: true }).waitFor();
  });

  it("applies for a seat account after reading what it grants", async () => {
    await reopen(page, harness.baseUrl, "#/information/index");
    await page.getByRole("button", { name: "Seat account" }).click();
    await waitForHash(page, "#/information/seat");
    await page
      .getByRole("region", { name: "What a seat account gives you" })
      .getByText("Orders handled at the operator's exchange seat")
      .waitFor();
    await page.getByText("Not applied", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Apply for a seat account" }).click();
    await page.getByText("Under review", { exact: true }).waitFor();
    await expectAccessible(page, "seat under review");
    expect(await smallTargets(page.locator("main"))).toEqual([]);
    await shoot(page, "checkin-05-seat-review");
  });

  it("a reviewer approves it in the back office, and the user sees it approved", async () => {
    await admin.goto(`${harness.baseUrl}/admin/`);
    await staffLogin(admin);
    await admin.goto(`${harness.baseUrl}/admin/#/reviews`);
    await admin.getByRole("tab", { name: /Seats/ }).click();
    const row = admin.getByRole("row").filter({ hasText: account });
    await row.getByRole("button", { name: `Open the request of ${account}` }).click();
    const drawer = admin.getByRole("dialog", { name: `Seats · ${account}` });
    await drawer.waitFor();
    await settleAnimations(admin);
    await shoot(admin, "checkin-admin-seat-review");
    await drawer.getByRole("button", { name: "Approve", exact: true }).click();
    const modal = admin.getByRole("dialog", { name: `Approve the request of ${account}` });
    await modal.getByRole("button", { name: "Approve", exact: true }).click();
    await modal.waitFor({ state: "hidden" });

    await reopen(page, harness.baseUrl, "#/information/seat");
    await page.getByText("Approved", { exact: true }).waitFor();
    await page.getByText("Your account is a seat account.").waitFor();
    await shoot(page, "checkin-06-seat-approved");

    // The rewards and the seat's terms are configuration, in a section of their own.
    await admin.getByRole("menuitem", { name: "Configuration", exact: true }).click();
    const section = admin.getByRole("region", { name: "Check-in & seat" });
    await section.getByText("Daily check-in rewards").waitFor();
    await section.getByText("Seat account terms").waitFor();
    await section.scrollIntoViewIfNeeded();
    await settleAnimations(admin);
    await shoot(admin, "checkin-admin-config");
    await section.getByRole("button", { name: "Edit Seat account terms" }).click();
    const editor = admin.getByRole("dialog", { name: /Seat account terms/ });
    await editor.getByText("Grant 1").waitFor();
    await settleAnimations(admin);
    await shoot(admin, "checkin-admin-seat-terms");
    expect(csp.list()).toEqual([]);
    expect(adminCsp.list()).toEqual([]);
  });
});
