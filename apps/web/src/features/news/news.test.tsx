import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { NewsArticle, NewsItem, Quote } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderRoute, serve, signedInTests } from "../../test/api";
import { pagingInView } from "../../test/paging";
import { ApiError } from "../../lib/apiError";
import { showError } from "../../lib/toast";
import { STOCK_DETAIL_KEY } from "../../lib/quote";
import { NEWS_ARTICLE_KEY } from "./article";
import NewsListScreen from "./screens/NewsListScreen";
import NewsDetailScreen from "./screens/NewsDetailScreen";

const HOT_ID = "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c";
const STOCK_ID = "4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d";

const hot = (over: Partial<NewsItem> = {}): NewsItem => ({
  id: HOT_ID,
  category: "hot",
  lang: "en",
  title: "Markets rally as rates hold",
  summary: "Indices closed higher across Asia after the central bank kept its policy rate unchanged.",
  symbol: null,
  name: null,
  publishedAt: "2026-01-05T07:30:00.000Z",
  ...over,
});

const stock = (over: Partial<NewsItem> = {}): NewsItem => ({
  ...hot(),
  id: STOCK_ID,
  category: "stock",
  title: "Reliance jumps on refining margins",
  summary: "Shares rose 3% in early trade.",
  symbol: "RELIANCE",
  name: "Reliance Industries",
  ...over,
});

const article = (over: Partial<NewsArticle> = {}): NewsArticle => ({
  ...stock(),
  body: "First paragraph.\n\n<script>alert('x')</script>\n\n  Third line one\nthird line two  \n\n\n",
  ...over,
});

const names = {
  en: "Reliance Industries",
  ko: "릴라이언스",
  zh: "信实工业",
  zhTW: "信實工業",
  hi: "रिलायंस",
  local: "",
};
const reliance: Quote = {
  code: "RELIANCE",
  name: "Reliance Industries",
  exchange: "NSE",
  market: "IN",
  currency: "INR",
  close: "1000.00",
  prev_close: "970.00",
  open: "975.00",
  high: "1002.00",
  low: "970.50",
  volume: 1_200_000,
  turnover: "1190000000.00",
  gainValue: "30.00",
  gain: "3.09",
  week52High: "1100.00",
  week52Low: "800.00",
  marketCap: null,
  timestamp: "2026-01-05T07:30:00.000Z",
  tradingDay: "2026-01-05",
  status: "open",
  simulated: false,
  details: {
    ko_name: "릴라이언스",
    names,
    kind: "stock",
    timeZone: "Asia/Kolkata",
    industry: null,
    board: "listed",
    lotSize: 1,
    quantityStep: "1",
    marketQuantityStep: "1",
    sharesOutstanding: null,
    foreignOwnership: null,
    shortInterestRatio: null,
    shortVolume: null,
    investorTrends: null,
    priceBand: null,
    limitUp: null,
    limitDown: null,
  },
};

/** Each section's page, whichever language: the request is what the tests look at. */
const pages = (body?: object) => {
  const { category } = body as { category: string };
  return { items: category === "hot" ? [hot()] : [stock()], nextCursor: null };
};

signedInTests();

describe("/home/newsList", () => {
  it("lists the hot news of the stored language, each row named by its title", async () => {
    localStorage.setItem("lang", "yd");
    serve({ "news/list": pages });
    renderRoute(<NewsListScreen />, "/home/newsList");
    const list = await screen.findByRole("list", { name: "Hot news" });
    expect(calls("news/list")[0]?.[1]).toEqual({ category: "hot", lang: "yd" });
    expect(screen.getByRole("tab", { name: "Hot news" }).getAttribute("aria-selected")).toBe("true");
    const row = within(list).getByRole("button", { name: "Markets rally as rates hold" });
    expect(within(row).getByText(/^Indices closed higher/)).toBeTruthy();
    expect(within(row).getByText(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT[+-][\d:]+)$/)).toBeTruthy();
    expect(within(list).queryByText("RELIANCE")).toBeNull();
  });

  it("asks for the stock news on the other tab and shows their instrument", async () => {
    serve({ "news/list": pages });
    renderRoute(<NewsListScreen />, "/home/newsList");
    await screen.findByRole("list", { name: "Hot news" });
    fireEvent.click(screen.getByRole("tab", { name: "Stock news" }));
    const list = await screen.findByRole("list", { name: "Stock news" });
    expect(calls("news/list").map(([, body]) => body)).toEqual([
      { category: "hot", lang: "en" },
      { category: "stock", lang: "en" },
    ]);
    const row = within(list).getByRole("button", { name: "Reliance jumps on refining margins" });
    expect(within(row).getByText("RELIANCE")).toBeTruthy();
    expect(within(row).getByText(/Reliance Industries/)).toBeTruthy();
  });

  describe("paging", () => {
    pagingInView();

    it("asks for the next page with the cursor of the last one", async () => {
      serve({
        "news/list": (body?: object) =>
          "cursor" in (body ?? {})
            ? { items: [hot({ id: STOCK_ID, title: "Older story" })], nextCursor: null }
            : { items: [hot()], nextCursor: "c1" },
      });
      renderRoute(<NewsListScreen />, "/home/newsList");
      const list = await screen.findByRole("list", { name: "Hot news" });
      expect(await within(list).findByRole("button", { name: "Older story" })).toBeTruthy();
      expect(calls("news/list")[1]?.[1]).toEqual({ category: "hot", lang: "en", cursor: "c1" });
      expect(screen.getByText("No more news")).toBeTruthy();
    });
  });

  it("shows the empty state of a section without articles", async () => {
    serve({ "news/list": { items: [], nextCursor: null } });
    renderRoute(<NewsListScreen />, "/home/newsList?tab=stock");
    expect(await screen.findByText("No stock news yet")).toBeTruthy();
    expect(calls("news/list")[0]?.[1]).toEqual({ category: "stock", lang: "en" });
  });

  it("shows a failed load with a retry", async () => {
    serve({
      "news/list": () => {
        throw new ApiError("SYSTEM_BUSY", {}, "");
      },
    });
    renderRoute(<NewsListScreen />, "/home/newsList");
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("opens an article, remembering which", async () => {
    serve({ "news/list": pages });
    renderRoute(<NewsListScreen />, "/home/newsList");
    const list = await screen.findByRole("list", { name: "Hot news" });
    fireEvent.click(within(list).getByRole("button", { name: "Markets rally as rates hold" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home/newsDetail"));
    expect(localStorage.getItem(NEWS_ARTICLE_KEY)).toBe(HOT_ID);
  });
});

describe("/home/newsDetail", () => {
  beforeEach(() => localStorage.setItem(NEWS_ARTICLE_KEY, STOCK_ID));

  it("shows the article's paragraphs as text, never as markup", async () => {
    serve({ "news/detail": article(), "market/quote": reliance });
    const { container } = renderRoute(<NewsDetailScreen />, "/home/newsDetail");
    const heading = await screen.findByRole("heading", { name: "Reliance jumps on refining margins" });
    const story = heading.closest("article")!;
    expect(calls("news/detail")[0]?.[1]).toEqual({ id: STOCK_ID });
    expect(within(story).getByText("Stock news")).toBeTruthy();
    const paragraphs = [...story.querySelectorAll(".news-article__body p")].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      "First paragraph.",
      "<script>alert('x')</script>",
      "Third line one\nthird line two",
    ]);
    expect(within(story).getByText("<script>alert('x')</script>")).toBeTruthy();
    expect(container.querySelector("script")).toBeNull();
  });

  it("opens the stock detail of a stock article's instrument", async () => {
    serve({ "news/detail": article(), "market/quote": reliance });
    renderRoute(<NewsDetailScreen />, "/home/newsDetail");
    const link = await screen.findByRole("button", { name: "Quote of Reliance Industries (RELIANCE)" });
    await waitFor(() => expect((link as HTMLButtonElement).disabled).toBe(false));
    expect(calls("market/quote")[0]?.[1]).toEqual({ symbol: "RELIANCE", exchange: undefined });
    expect(link.textContent).toContain("+3.09%");
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/market/stockDetail"));
    expect(JSON.parse(localStorage.getItem(STOCK_DETAIL_KEY)!)).toEqual({
      symbol: "RELIANCE",
      exchange: "NSE",
      type: "inr",
    });
  });

  it("names no instrument for hot news", async () => {
    serve({ "news/detail": article({ ...hot(), body: "Only paragraph." }) });
    renderRoute(<NewsDetailScreen />, "/home/newsDetail");
    await screen.findByRole("heading", { name: "Markets rally as rates hold" });
    expect(screen.getByText("Hot news")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Quote of/ })).toBeNull();
    expect(calls("market/quote")).toHaveLength(0);
  });

  it("says a withdrawn article is gone, without a toast, with the way back", async () => {
    serve({
      "news/detail": () => {
        throw new ApiError("NOT_FOUND", {}, "");
      },
    });
    renderRoute(<NewsDetailScreen />, "/home/newsDetail");
    expect(await screen.findByText("This article is no longer available")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the news" }).getAttribute("href")).toBe(
      "/home/newsList",
    );
    expect(showError).not.toHaveBeenCalled();
  });

  it("asks to choose an article when none was saved", () => {
    localStorage.removeItem(NEWS_ARTICLE_KEY);
    serve({});
    renderRoute(<NewsDetailScreen />, "/home/newsDetail");
    expect(screen.getByText("No article chosen")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the news" })).toBeTruthy();
    expect(calls("news/detail")).toHaveLength(0);
  });
});
