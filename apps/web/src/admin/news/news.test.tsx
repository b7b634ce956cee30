import type { AdminNewsArticle } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  asStaff,
  calledPath,
  expectRefusedToReviewer,
  fail,
  isolateTests,
  ok,
  openDialog,
  sentTo,
} from "../test/harness";

const hot: AdminNewsArticle = {
  id: "44444444-4444-4444-8444-444444444444",
  category: "hot",
  lang: "en",
  title: "Markets rally on rate-cut hopes",
  summary: "Indices closed higher across Asia.",
  body: "Indices closed higher across Asia.\n\nBanks led the gains.",
  symbol: null,
  name: null,
  state: "published",
  publishedAt: "2026-11-20T08:00:00.000Z",
  createdBy: "operator1",
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-21T09:30:00.000Z",
};
const stock: AdminNewsArticle = {
  ...hot,
  id: "55555555-5555-4555-8555-555555555555",
  category: "stock",
  lang: "zh",
  title: "信實工業季度業績",
  summary: "",
  body: "營收增長。",
  symbol: "RELIANCE",
  name: "Reliance Industries",
  state: "withdrawn",
  createdBy: "admin2",
};

const rowOf = async (text: string) =>
  (await screen.findByText(text, {}, { timeout: 15_000 })).closest("tr") as HTMLElement;

isolateTests();

describe("news articles", { timeout: 30_000 }, () => {
  it("lists every article with its section, language, instrument and state, page by page", async () => {
    const calls = asStaff("operator", "/news", {
      "news/list": (body) =>
        body.cursor === "page-2"
          ? ok({
              items: [{ ...hot, id: "66666666-6666-4666-8666-666666666666", title: "Older news" }],
              nextCursor: null,
            })
          : ok({ items: [hot, stock], nextCursor: "page-2" }),
    });
    const first = await rowOf(hot.title);
    within(first).getByText("Hot news");
    within(first).getByText("English");
    within(first).getByText("Published");
    within(first).getByText("operator1");
    within(first).getByText("—");
    expect(
      (within(first).getByRole("button", { name: `Edit “${hot.title}”` }) as HTMLButtonElement).disabled,
    ).toBe(false);

    const second = await rowOf(stock.title);
    within(second).getByText("Stock news");
    within(second).getByText("繁體中文");
    within(second).getByText("RELIANCE");
    within(second).getByText("Reliance Industries");
    within(second).getByText("Withdrawn");
    within(second).getByText("admin2");
    expect(
      (within(second).getByRole("button", { name: `Edit “${stock.title}”` }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (within(second).getByRole("button", { name: `Withdraw “${stock.title}”` }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).toContain("News");

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await rowOf("Older news");
    expect(calls.filter((c) => c.path === "news/list").map((c) => c.body)).toEqual([
      {},
      { cursor: "page-2" },
    ]);
  });

  it("publishes hot news with no instrument, checked before sending", async () => {
    const calls = asStaff("administrator", "/news", {
      "news/list": () => ok({ items: [], nextCursor: null }),
      "news/save": (body) => ok({ ...hot, title: body.title }),
    });
    expect(await screen.findByText("No articles yet", {}, { timeout: 15_000 })).toBeTruthy();
    const drawer = await openDialog("New article");
    within(drawer).getByText("Publish a new article");
    expect((within(drawer).getByRole("radio", { name: "Hot news" }) as HTMLInputElement).checked).toBe(true);
    expect((within(drawer).getByRole("radio", { name: "English" }) as HTMLInputElement).checked).toBe(true);
    expect(within(drawer).queryByRole("textbox", { name: "Instrument symbol" })).toBeNull();
    for (const role of ["textbox", "radio", "button", "combobox", "radiogroup"])
      expect(within(drawer).queryAllByRole(role, { name: (name) => name.trim() === "" }), role).toEqual([]);

    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await within(drawer).findByText("Title is required");
    within(drawer).getByText("Article text is required");
    expect(calledPath(calls, "news/save")).toBe(false);

    fireEvent.change(within(drawer).getByRole("textbox", { name: "Title" }), {
      target: { value: "  Rupee steadies  " },
    });
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Summary" }), {
      target: { value: "The rupee held at 83." },
    });
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Article text" }), {
      target: { value: "First paragraph.\n\nSecond." },
    });
    within(drawer).getByText("25 / 20000");
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Reason for the change" }), {
      target: { value: "Morning brief" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calledPath(calls, "news/save")).toBe(true));
    expect(sentTo(calls, "news/save")).toEqual({
      category: "hot",
      lang: "en",
      title: "Rupee steadies",
      summary: "The rupee held at 83.",
      body: "First paragraph.\n\nSecond.",
      symbol: null,
      reason: "Morning brief",
    });
  });

  it("asks for the instrument of stock news and shows the server's refusal beside it", async () => {
    const calls = asStaff("operator", "/news", {
      "news/list": () => ok({ items: [], nextCursor: null }),
      "news/save": (body) => fail("UNKNOWN_SYMBOL", { symbol: String(body.symbol) }),
    });
    const drawer = await openDialog("New article");
    fireEvent.click(within(drawer).getByRole("radio", { name: "Stock news" }));
    fireEvent.click(within(drawer).getByRole("radio", { name: "한국어" }));
    const symbol = await within(drawer).findByRole("textbox", { name: "Instrument symbol" });
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Title" }), {
      target: { value: "Results beat forecasts" },
    });
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Article text" }), {
      target: { value: "Profit rose." },
    });
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Reason for the change" }), {
      target: { value: "Earnings" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await within(drawer).findByText("Instrument symbol is required");
    expect(calledPath(calls, "news/save")).toBe(false);

    fireEvent.change(symbol, { target: { value: "tcsx" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findAllByText("Unknown symbol: TCSX")).not.toHaveLength(0);
    expect(sentTo(calls, "news/save")).toEqual({
      category: "stock",
      lang: "ko",
      title: "Results beat forecasts",
      summary: "",
      body: "Profit rose.",
      symbol: "TCSX",
      reason: "Earnings",
    });
    // The refusal stands beside the symbol, not only at the foot of the drawer.
    expect(symbol.getAttribute("aria-invalid")).toBe("true");
  });

  it("corrects a published article in the same drawer, prefilled, and shows a refusal", async () => {
    const calls = asStaff("operator", "/news", {
      "news/list": () => ok({ items: [hot], nextCursor: null }),
      "news/save": () => fail("ORDER_STATE_INVALID"),
    });
    const drawer = await openDialog(`Edit “${hot.title}”`);
    within(drawer).getByText("Correct a published article");
    within(drawer).getByRole("radiogroup", { name: "Section" });
    within(drawer).getByRole("radiogroup", { name: "Language" });
    expect((within(drawer).getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe(
      hot.title,
    );
    expect((within(drawer).getByRole("textbox", { name: "Article text" }) as HTMLTextAreaElement).value).toBe(
      hot.body,
    );
    expect(
      (within(drawer).getByRole("textbox", { name: "Reason for the change" }) as HTMLTextAreaElement).value,
    ).toBe("");
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Title" }), {
      target: { value: "Markets rally on rate-cut hopes (corrected)" },
    });
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Reason for the change" }), {
      target: { value: "Typo" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect((await within(drawer).findByRole("alert")).textContent).toContain(
      "This was already decided or changed; refresh to see its state",
    );
    expect(sentTo(calls, "news/save")).toEqual({
      id: hot.id,
      category: "hot",
      lang: "en",
      title: "Markets rally on rate-cut hopes (corrected)",
      summary: hot.summary,
      body: hot.body,
      symbol: null,
      reason: "Typo",
    });
  });

  it("withdraws an article after confirmation with a reason", async () => {
    const calls = asStaff("operator", "/news", {
      "news/list": () => ok({ items: [hot], nextCursor: null }),
      "news/withdraw": () => ok({ ...hot, state: "withdrawn" }),
    });
    const modal = await openDialog(`Withdraw “${hot.title}”`);
    within(modal).getByText(`Withdraw “${hot.title}”?`);
    within(modal).getByText(/The article leaves the app at once/);
    fireEvent.click(within(modal).getByRole("button", { name: "Withdraw" }));
    await within(modal).findByText("Please give a reason");
    expect(calledPath(calls, "news/withdraw")).toBe(false);
    fireEvent.change(within(modal).getByRole("textbox", { name: "Reason for the change" }), {
      target: { value: "Source retracted" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(calledPath(calls, "news/withdraw")).toBe(true));
    expect(sentTo(calls, "news/withdraw")).toEqual({ id: hot.id, reason: "Source retracted" });
  });

  it("names the withdrawal's reason field after the article drawer was opened and closed", async () => {
    asStaff("operator", "/news", { "news/list": () => ok({ items: [hot], nextCursor: null }) });
    const drawer = await openDialog("New article");
    fireEvent.click(within(drawer).getByRole("button", { name: "Cancel" }));
    // The drawer's form stays mounted with a reason field of its own: the modal's label must name its own.
    fireEvent.click(await screen.findByRole("button", { name: `Withdraw “${hot.title}”` }));
    const modal = (await screen.findByText(`Withdraw “${hot.title}”?`)).closest<HTMLElement>(
      '[role="dialog"]',
    );
    if (!modal) throw new Error("no withdrawal dialog");
    const reason = within(modal).getByRole("textbox", { name: "Reason for the change" });
    expect(modal.contains(reason)).toBe(true);
    expect(document.querySelectorAll(`[id="${reason.id}"]`)).toHaveLength(1);
  });

  it("is not offered to a role without news.manage", () => expectRefusedToReviewer("/news", "News"));
});
