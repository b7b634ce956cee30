import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  ADMIN,
  DESKTOP,
  api,
  browserAvailable,
  expectAccessible,
  registerUser,
  settleAnimations,
  shoot,
  staffLogin,
  startHarness,
  waitForHash,
  watchCspViolations,
  type Harness,
} from "./harness";

const run = browserAvailable();

/**
 * The news centre: an operator publishes a stock article in the back office (desktop), a user reads it
 * on the phone (390 × 844) beside a hot article, goes from it to the instrument, and after the operator
 * withdraws it the article is gone from the list and its page says so.
 */
describe.skipIf(!run)("news journey: published in the back office, read on the phone, withdrawn", () => {
  let harness: Harness;
  let page: Page;
  let admin: Page;
  let adminContext: BrowserContext;

  const suffix = Date.now().toString().slice(-6);
  const account = `news${suffix}`;
  const password = "News-pass-2026";
  const hotTitle = `Markets open the week higher ${suffix}`;
  const stockTitle = `Bitcoin climbs as volumes return ${suffix}`;
  const typedMarkup = "<b>Trading volume</b> doubled overnight.";

  beforeAll(async () => {
    harness = await startHarness();
    const base = harness.baseUrl;
    const login = await api(base, "admin/auth/login", ADMIN);
    const staff = { token: String(login.token), account: String(login.account) };
    await api(
      base,
      "admin/news/save",
      {
        category: "hot",
        lang: "en",
        title: hotTitle,
        summary: "Every market of the app opened above Friday's close.",
        body: "Indices rose at the open.",
        symbol: null,
        reason: "E2E: morning brief",
      },
      staff,
    );
    await registerUser(base, { account, password });

    ({ page } = await harness.newPage());
    page.setDefaultTimeout(15_000);
    await watchCspViolations(page);
    adminContext = await harness.browser.newContext(DESKTOP);
    admin = await adminContext.newPage();
    admin.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await adminContext?.close();
    await harness?.close();
  });

  it("publishes a stock article from the back office's News page", async () => {
    await admin.goto(`${harness.baseUrl}/admin/`);
    await staffLogin(admin);

    await admin.getByRole("menuitem", { name: "News" }).click();
    await admin.getByRole("row").filter({ hasText: hotTitle }).waitFor();
    await admin.getByRole("button", { name: "New article" }).click();
    const drawer = admin.getByRole("dialog").filter({ hasText: "Publish a new article" });
    await drawer.waitFor();
    await settleAnimations(admin);
    // antd's button-style radios hide their inputs: the visible option is what is clicked.
    const section = drawer.getByRole("radiogroup", { name: "Section" });
    await section.getByText("Stock news", { exact: true }).click();
    await expect.poll(() => section.getByRole("radio", { name: "Stock news" }).isChecked()).toBe(true);
    await drawer.getByRole("textbox", { name: "Instrument symbol" }).fill("btcusd");
    await drawer.getByRole("textbox", { name: "Title" }).fill(stockTitle);
    await drawer.getByRole("textbox", { name: "Summary" }).fill("The largest pair rose through the night.");
    await drawer
      .getByRole("textbox", { name: "Article text" })
      .fill(`Bitcoin rose through the night.\n\n${typedMarkup}`);
    await drawer.getByRole("textbox", { name: "Reason for the change" }).fill("E2E: desk story");
    await drawer.getByRole("button", { name: "Save" }).click();
    await drawer.waitFor({ state: "hidden" });
    const row = admin.getByRole("row").filter({ hasText: stockTitle });
    await row.getByText("BTCUSD").waitFor();
    await row.getByText("Published").waitFor();
  });

  it("reads both sections on the phone and goes from the article to the instrument", async () => {
    await page.goto(`${harness.baseUrl}/#/login/login`);
    await page.getByLabel("Phone or account").fill(account);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("heading", { name: `Hello, ${account}` }).waitFor();

    await page.getByRole("link", { name: "News" }).click();
    await waitForHash(page, "#/home/newsList");
    const hot = page.getByRole("list", { name: "Hot news" });
    await hot.getByRole("button", { name: hotTitle }).waitFor();
    expect(await hot.getByRole("button", { name: stockTitle }).count()).toBe(0);
    await shoot(page, "news-list");

    await page.getByRole("tab", { name: "Stock news" }).click();
    const stock = page.getByRole("list", { name: "Stock news" });
    const row = stock.getByRole("button", { name: stockTitle });
    await row.getByText("BTCUSD").waitFor();
    await expectAccessible(page, "news list");
    await row.click();

    await waitForHash(page, "#/home/newsDetail");
    await page.getByRole("heading", { name: stockTitle }).waitFor();
    await page.getByText("Bitcoin rose through the night.").waitFor();
    // What a writer types is text, never markup: the tags show as typed.
    await page.getByText(typedMarkup).waitFor();
    expect(await page.locator("article b, main b").count()).toBe(0);
    await expectAccessible(page, "news article");
    await shoot(page, "news-detail");

    const quote = page.getByRole("button", { name: /^Quote of Bitcoin \(BTCUSD\)/ });
    await expect.poll(() => quote.isEnabled()).toBe(true);
    await quote.click();
    await waitForHash(page, "#/market/stockDetail");
    await page.getByRole("heading", { name: "Bitcoin" }).waitFor();
  });

  it("loses the article once the operator withdraws it", async () => {
    await admin.getByRole("button", { name: `Withdraw “${stockTitle}”` }).click();
    const modal = admin.getByRole("dialog").filter({ hasText: `Withdraw “${stockTitle}”?` });
    await modal.waitFor();
    await settleAnimations(admin);
    await modal.getByRole("textbox", { name: "Reason for the change" }).fill("E2E: the story was wrong");
    await modal.getByRole("button", { name: "Withdraw", exact: true }).click();
    await modal.waitFor({ state: "hidden" });
    await admin.getByRole("row").filter({ hasText: stockTitle }).getByText("Withdrawn").waitFor();

    // The article stays open where the reader left it; coming back to it finds it gone.
    await page.goto(`${harness.baseUrl}/#/home/newsDetail`);
    await page.reload();
    await page.getByText("This article is no longer available").waitFor();
    await page.getByRole("link", { name: "Back to the news" }).click();
    await waitForHash(page, "#/home/newsList");
    await page.getByRole("tab", { name: "Stock news" }).click();
    await page.getByText("No stock news yet").waitFor();
  });
});
