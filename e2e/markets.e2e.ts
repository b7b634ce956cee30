import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import {
  INVITE_CODE,
  VIEWPORT,
  browserAvailable,
  expectAccessible,
  expectStrictCsp,
  reopen,
  shoot,
  startHarness,
  waitForHash,
  watchCspViolations,
  type Harness,
} from "./harness";

const run = browserAvailable();

/** Not loading: the rows or candles on screen are those of the list or period it is named for. */
const settled = (page: Page) => page.locator('[aria-busy="false"]');

/**
 * The chart's accessible name says which period and adjustment it shows and how many candles it drew;
 * once it is no longer busy, that is what the selected tab asked for.
 */
const chart = (page: Page, name: RegExp = /chart:/) => page.getByRole("figure", { name }).and(settled(page));

async function choosePeriod(page: Page, period: string) {
  await page
    .getByRole("tablist", { name: "Chart period" })
    .getByRole("tab", { name: period, exact: true })
    .click();
  await chart(page, new RegExp(`chart: ${period},`)).waitFor({ timeout: 15_000 });
}

/** Picks a ranking and waits until the list shows its rows, not the previous ranking's. */
async function chooseRanking(page: Page, ranking: string) {
  await page.getByRole("tablist", { name: "Ranking" }).getByRole("tab", { name: ranking }).click();
  const list = rankingList(page, ranking);
  await list.getByRole("button").first().waitFor();
  return list;
}

const rankingList = (page: Page, ranking: string) =>
  page.getByRole("list", { name: `India · ${ranking}` }).and(settled(page));
const codesOf = (list: Locator) => list.locator(".quote-row__code").allInnerTexts();

describe.skipIf(!run)("markets journey", () => {
  let harness: Harness;
  let page: Page;
  let csp: Awaited<ReturnType<typeof watchCspViolations>>;
  let documentCsp: string | undefined;
  const account = `trader${Date.now().toString().slice(-6)}`;

  beforeAll(async () => {
    harness = await startHarness();
    ({ page } = await harness.newPage());
    page.setDefaultTimeout(15_000);
    csp = await watchCspViolations(page);
    // A fresh user through the public API; the journey starts signed in.
    const password = "Secret-pass-2025";
    const response = await fetch(`${harness.baseUrl}/api/vue/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        account,
        password,
        confirmPassword: password,
        inviteCode: INVITE_CODE,
        agree: true,
      }),
    });
    const session = ((await response.json()) as { data: { token: string; account: string } }).data;
    documentCsp = (await page.goto(`${harness.baseUrl}/`))?.headers()["content-security-policy"];
    await page.evaluate((s) => {
      localStorage.setItem("tokend", s.token);
      localStorage.setItem("account", s.account);
    }, session);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("home shows the indices of the market with their trend charts", async () => {
    await page.goto(`${harness.baseUrl}/#/home/index`);
    await page.getByRole("heading", { name: `Hello, ${account}` }).waitFor();
    const indices = page.getByRole("list", { name: "Indices of India" });
    await indices.getByRole("button", { name: /NIFTY 50/ }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll(".index-board .sparkline__line").length >= 2);
    // A full row: three indices (NIFTY 50, SENSEX, NIFTY Bank).
    expect(await indices.getByRole("button").count()).toBe(3);

    await page.getByRole("tablist", { name: "Market" }).getByRole("tab", { name: "Korea" }).click();
    // KOSPI itself, not KOSPI 200: its name is followed by its level.
    await page
      .getByRole("list", { name: "Indices of Korea" })
      .getByRole("button", { name: /^KOSPI [0-9,]+\.[0-9]{2} / })
      .waitFor();
    await page.getByRole("tablist", { name: "Market" }).getByRole("tab", { name: "India" }).click();
    await indices.getByRole("button", { name: /SENSEX/ }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll(".index-board .sparkline__line").length >= 2);
    await expectAccessible(page, "home");
    await shoot(page, "markets-home");
  });

  it("opens an index from home", async () => {
    await page
      .getByRole("list", { name: "Indices of India" })
      .getByRole("button", { name: /NIFTY 50/ })
      .click();
    await waitForHash(page, "#/market/stockDetailzs");
    await page.getByRole("heading", { name: "NIFTY 50" }).waitFor();
    await chart(page).waitFor();
    expect(await page.getByRole("button", { name: /^Watch / }).count()).toBe(0);
    await shoot(page, "markets-index");
    await page.getByRole("button", { name: "Back" }).click();
    await waitForHash(page, "#/home/index");
  });

  it("shows the market overview with rankings", async () => {
    await page.getByRole("link", { name: "Overview and rankings" }).click();
    await waitForHash(page, "#/home/market");
    await rankingList(page, "Top gainers").getByRole("button").first().waitFor();
    const overview = await chooseRanking(page, "Most active");
    await expectAccessible(page, "market overview");
    await shoot(page, "markets-overview");
    const overviewRows = await overview.getByRole("button").count();

    // "See all" opens the whole ranked list, beyond the overview's top rows.
    await page.getByRole("link", { name: "See all" }).click();
    await waitForHash(page, "#/home/stockList");
    await page.getByRole("heading", { name: "Stock list" }).waitFor();
    const gainers = rankingList(page, "Top gainers");
    await gainers.getByRole("button").first().waitFor();
    const gainerCodes = await codesOf(gainers);
    const full = await chooseRanking(page, "Most active");
    expect(await full.getByRole("button").count()).toBeGreaterThan(overviewRows);
    // The rows themselves changed: ranked by volume, not the gainers' order still on screen.
    expect(await codesOf(full)).not.toEqual(gainerCodes);
    await expectAccessible(page, "stock list");
    await page.getByRole("button", { name: "Back" }).click();
    await waitForHash(page, "#/home/market");
    await page.getByRole("button", { name: "Back" }).click();
    await waitForHash(page, "#/home/index");
  });

  it("lists the market boards and opens a stock", async () => {
    await page.getByRole("link", { name: "Quotes" }).click();
    await waitForHash(page, "#/market/index");
    const boards = page.getByRole("tablist", { name: "Market boards" });
    await boards.getByRole("tab", { name: "Listed", selected: true }).waitFor();
    expect(await boards.getByRole("tab").allInnerTexts()).toEqual([
      "Listed",
      "Over the counter",
      "Subscription",
      "Auction",
      "Digital currency",
      "Forex",
    ]);
    await page.getByRole("list", { name: "India · Listed" }).getByRole("button").first().waitFor();
    await expectAccessible(page, "market list");
    await shoot(page, "markets-list");

    await boards.getByRole("tab", { name: "Digital currency" }).click();
    const crypto = page.getByRole("list", { name: "Digital currency" });
    await crypto.getByRole("button", { name: /^Bitcoin BTCUSD/ }).click();
    await waitForHash(page, "#/market/stockDetail");
    await page.getByRole("heading", { name: "Bitcoin" }).waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("stockDetail"))) ?? "null")).toEqual({
      symbol: "BTCUSD",
      exchange: "CRYPTO",
      type: "crypto",
    });
  });

  it("switches chart periods and price adjustment, and the chart redraws", async () => {
    await chart(page, /chart: Time-share,/).waitFor();
    const drawn = async () => Number(await page.locator(".price-chart").getAttribute("data-drawn"));
    const before = await drawn();
    // Candle periods and ranges are told apart: "Monthly" candles, a "1Y" range.
    for (const period of ["Daily", "Weekly", "Monthly", "1Y", "5 min"]) await choosePeriod(page, period);
    await choosePeriod(page, "Daily");
    await page.getByText("Trading dates", { exact: true }).waitFor();
    await shoot(page, "markets-detail-day");
    await page
      .getByRole("radiogroup", { name: "Price adjustment" })
      .getByRole("radio", { name: "Forward adjusted" })
      .click();
    await chart(page, /chart: Daily, Forward adjusted, 100 candles/).waitFor();
    expect(await drawn()).toBeGreaterThan(before);
    expect(await page.locator(".price-chart canvas").count()).toBeGreaterThan(0);
    for (const field of ["Open", "Prev. close", "52-week high", "Market cap"])
      await page.getByText(field, { exact: true }).waitFor();
    // Crypto has no daily price limit: no limit up or down is shown for it.
    expect(await page.getByText("Limit up", { exact: true }).count()).toBe(0);
    await choosePeriod(page, "Time-share");
    // The intraday axis reads in the exchange's time, and says which (crypto trades on UTC).
    await page.getByText("Exchange time (UTC)", { exact: true }).waitFor();
  });

  it("shows a price that changes while watching", async () => {
    const price = page.getByRole("status", { name: "Last price" });
    const first = await price.innerText();
    await page.waitForFunction(
      (text) => document.querySelector(".quote-header__price")?.textContent !== text,
      first,
      { timeout: 15_000 },
    );
    await page.getByText(/Updated \d+ s ago/).waitFor();
    await page.getByText("Simulated", { exact: true }).first().waitFor();
    await page.getByText("Live", { exact: true }).waitFor();
  });

  it("adds the stock to the watchlist with the star", async () => {
    const star = page.getByRole("button", { name: "Watch Bitcoin" });
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await star.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Watch Bitcoin"]')?.getAttribute("aria-pressed") === "true",
    );
    await expectAccessible(page, "stock detail");
    await shoot(page, "markets-detail");
    await page.getByRole("button", { name: "Buy long" }).waitFor();
    await page.getByRole("button", { name: "Sell short" }).waitFor();
  });

  it("finds it in the watchlist", async () => {
    await page.getByRole("button", { name: "Back" }).click();
    await waitForHash(page, "#/market/index");
    await page.getByRole("button", { name: "Watchlist" }).click();
    await waitForHash(page, "#/favorite/index");
    await page
      .getByRole("list", { name: "Watchlist" })
      .getByRole("button", { name: /^Bitcoin BTCUSD/ })
      .waitFor();
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Remove Bitcoin from the watchlist" }).waitFor();
    await expectAccessible(page, "watchlist");
    await shoot(page, "markets-favorites");
    await page.getByRole("button", { name: "Done" }).click();
  });

  it("searches by name and keeps the search history", async () => {
    await page.goto(`${harness.baseUrl}/#/favorite/search`);
    const box = page.getByRole("searchbox", { name: "Stock code or name" });
    // Results follow the typing, each with its price and change; a typed keyword is not remembered.
    await box.pressSequentially("Ether");
    const result = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: /^Ethereum ETHUSD/ }) });
    await result.getByText(/^[\d,]+\.\d+ USD$/).waitFor();
    await result.getByText(/^[+-]?\d+\.\d{2}%$/).waitFor();
    await box.fill("Ethereum");
    await box.press("Enter");
    await page.getByRole("button", { name: /^Ethereum ETHUSD/ }).waitFor();
    await box.fill("Bitcoin");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("button", { name: /^Bitcoin BTCUSD/ }).waitFor();
    expect(await page.getByRole("button", { name: "Watch Bitcoin" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    const history = page.getByRole("region", { name: "Search history" });
    await history.getByRole("button", { name: "Bitcoin" }).waitFor();
    await history.getByRole("button", { name: "Ethereum" }).waitFor();
    expect(await history.getByRole("button", { name: "Ether", exact: true }).count()).toBe(0);
    await expectAccessible(page, "search");
    await shoot(page, "markets-search");

    await history.getByRole("button", { name: "Ethereum" }).click();
    await page.getByRole("heading", { name: "Results for “Ethereum”" }).waitFor();
    await page.getByRole("button", { name: "Clear search history" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Clear" }).click();
    // Cleared: the card stays with its hint, and no keyword is left to tap.
    await history.getByText("Your searches appear here", { exact: false }).waitFor();
    expect(await history.getByRole("button").count()).toBe(0);
  });

  it("fits a 320 px wide phone", async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${harness.baseUrl}/#/market/stockDetail`);
    await chart(page, /chart: Time-share,/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await shoot(page, "markets-detail-320");
    await page.evaluate(() => {
      localStorage.setItem("lang", "ko");
      localStorage.setItem("language", "ko");
    });
    await page.goto(`${harness.baseUrl}/#/market/index`);
    await page.reload();
    await page.getByRole("tablist", { name: "시장 구분" }).waitFor();
    await page.getByRole("list", { name: "인도 · 상장" }).getByRole("button").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await shoot(page, "markets-list-ko-320");
  });

  it("shows rises in green once the user chooses green up in the settings, and keeps the choice", async () => {
    await page.setViewportSize(VIEWPORT);
    await page.evaluate(() => {
      localStorage.setItem("lang", "en");
      localStorage.setItem("language", "en");
    });
    await reopen(page, harness.baseUrl, "#/information/setting");
    const colours = page.getByRole("radiogroup", { name: "Price colours" });
    await colours.getByRole("radio", { name: "Green up, red down" }).click();
    const rise = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--rise").trim());
    expect(await rise()).toBe("#077a43");
    await reopen(page, harness.baseUrl, "#/market/stockDetail");
    await page.getByRole("heading", { name: "Bitcoin" }).waitFor();
    await chart(page, /chart: Time-share,/).waitFor();
    expect(await rise()).toBe("#077a43");
    await shoot(page, "markets-detail-green-up");
    await choosePeriod(page, "Daily");
    await shoot(page, "markets-detail-day-green-up");
    await reopen(page, harness.baseUrl, "#/home/index");
    await page
      .getByRole("list", { name: "Indices of India" })
      .getByRole("button", { name: /NIFTY 50/ })
      .click();
    await page.getByRole("heading", { name: "NIFTY 50" }).waitFor();
    await chart(page).waitFor();
    await shoot(page, "markets-index-green-up");
    await reopen(page, harness.baseUrl, "#/information/setting");
    await colours.getByRole("radio", { name: "Red up, green down" }).click();
    expect(await rise()).toBe("#c8231d");
  });

  it("keeps to the Content-Security-Policy, the charts of home and the stock detail included", () => {
    expectStrictCsp(documentCsp);
    expect(csp.list()).toEqual([]);
  });
});
