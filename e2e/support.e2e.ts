import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  ADMIN,
  api,
  browserAvailable,
  expectAccessible,
  phoneLogin,
  registerUser,
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

/**
 * Customer service at 390 × 844, with the back office in a desktop window (1440 × 900): without a
 * configured link the user writes to support in the app, a support staff member answers from the support
 * inbox, the user sees the answer, turns the thread into a complaint and sees the date its final answer is
 * due.
 */
describe.skipIf(!run)("support journey: a question answered from the back office, then a complaint", () => {
  let harness: Harness;
  let page: Page;
  let admin: Page;
  let adminContext: BrowserContext;
  let csp: CspWatch;
  let adminCsp: CspWatch;

  const suffix = Date.now().toString().slice(-6);
  const account = `help${suffix}`;
  const password = "Help-pass-2026";
  const agent = { account: `agent${suffix}`, password: "Agent-pass-2026" };
  const question = `My deposit ${suffix} has not arrived yet`;
  const answer = "We found it: it is credited within the hour.";

  beforeAll(async () => {
    harness = await startHarness();
    const base = harness.baseUrl;
    const staff = await staffSession(base, ADMIN);
    await api(base, "admin/staff/create", { ...agent, role: "support" }, staff);
    await registerUser(base, { account, password });
    ({ page, csp } = await harness.phonePage());
    ({ context: adminContext, page: admin, csp: adminCsp } = await harness.backOfficePage());
  });

  afterAll(async () => {
    await adminContext?.close();
    await harness?.close();
  });

  it("writes to customer service from the home screen", async () => {
    await phoneLogin(page, harness.baseUrl, { account, password, name: account });
    await page.getByRole("button", { name: "Customer service" }).click();
    await waitForHash(page, "#/home/kefuView");
    await page.getByText("No conversations yet").waitFor();
    await expectAccessible(page, "support start");
    await shoot(page, "support-start");
    await page.getByRole("textbox", { name: "Message" }).fill(question);
    await page.getByRole("button", { name: "Send" }).click();
    const log = page.getByRole("list", { name: "Conversation" });
    await log.getByText(question).waitFor();
    await expectAccessible(page, "support thread");
    expect(await smallTargets(page.locator(".support-thread"))).toEqual([]);
    await shoot(page, "support-thread");
  });

  it("is answered by support staff from the back office's inbox", async () => {
    await admin.goto(`${harness.baseUrl}/admin/`);
    await staffLogin(admin, agent);
    await admin.getByRole("menuitem", { name: "Support inbox" }).click();
    const open = admin.getByRole("button", { name: `Open thread ${question} of ${account}` });
    await open.waitFor();
    await open.click();
    await admin.getByRole("list", { name: "Conversation" }).getByText(question).waitFor();
    await admin.getByRole("textbox", { name: "Answer" }).fill(answer);
    await admin.getByRole("button", { name: "Send answer" }).click();
    await admin.getByRole("list", { name: "Conversation" }).getByText(answer).waitFor();
    await settleAnimations(admin);
    await shoot(admin, "support-inbox");
  });

  it("shows the answer to the user, who makes the thread a complaint and sees its due date", async () => {
    const log = page.getByRole("list", { name: "Conversation" });
    // The open thread looks for answers every few seconds.
    await log.getByText(answer).waitFor({ timeout: 20_000 });
    await log.getByText("Customer service", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Make this a complaint" }).click();
    const sheet = page.getByRole("dialog", { name: "Make a complaint" });
    await sheet.waitFor();
    await settleAnimations(page);
    await shoot(page, "support-complaint-sheet");
    await sheet.getByRole("textbox", { name: "What is your complaint about?" }).fill("It took too long.");
    await sheet.getByRole("button", { name: "Submit complaint" }).click();
    await sheet.waitFor({ state: "hidden" });

    const card = page.getByRole("region", { name: "Complaint" });
    const due = await card.getByText(/^Final answer due by /).textContent();
    const dueAt = new Date((await harness.serverNow()) + 21 * 24 * 3600 * 1000);
    const date = await page.evaluate((ms) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
    }, dueAt.getTime());
    // A date 21 days on, with its time and zone.
    expect(due).toMatch(
      new RegExp(`^Final answer due by ${date.replace(/\./g, "\\.")} \\d{2}:\\d{2}:\\d{2} (UTC|GMT[+-]\\d)`),
    );
    await log.getByText(/We received your complaint\. Our final answer is due by .* \(21 days\)\./).waitFor();
    await settleAnimations(page);
    await expectAccessible(page, "support complaint");
    await shoot(page, "support-complaint");

    await page.getByRole("button", { name: "All conversations" }).click();
    const row = page.getByRole("button", { name: new RegExp(question) });
    await row.getByText(/Final answer due by /).waitFor();
    await shoot(page, "support-list");
  });

  it("shows the complaint to staff with its clock", async () => {
    await admin.getByRole("button", { name: "Refresh" }).click();
    // antd's Segmented hides its radio inputs: the visible option is what is clicked.
    await admin.locator(".admin-support__filter").getByText("Complaints", { exact: true }).click();
    const row = admin.getByRole("row").filter({ hasText: question });
    await row.getByText(/^Due /).waitFor();
    await settleAnimations(admin);
    await shoot(admin, "support-inbox-complaint");
    await admin.getByRole("list", { name: "Conversation" }).getByText("It took too long.").waitFor();
    await admin.getByText(/^Complaint made .*; final answer due by /).waitFor();
    expect(csp.list()).toEqual([]);
    expect(adminCsp.list()).toEqual([]);
  });
});
