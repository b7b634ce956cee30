import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserAnswer } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { changeLanguage } from "../../lib/i18n";
import { calls, renderRoute, serve, signedInTests } from "../../test/api";
import { pagingInView } from "../../test/paging";
import { ApiError } from "../../lib/apiError";
import { formatDateTime } from "../../lib/format";
import { HomeTabs } from "../home/components/HomeTabs";
import { IPO_OFFERING_KEY } from "./offering";
import NewStockScreen from "./screens/NewStockScreen";
import NewStockBuyScreen from "./screens/NewStockBuyScreen";
import { OFFERING_ID, detailOf, newcoQuote, offeringOf } from "./testData";

signedInTests();

const termOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
const at = (iso: string) => formatDateTime(new Date(iso));

const upcoming = offeringOf({
  id: "8a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  symbol: "SOLARX",
  name: "Solarx Power",
  status: "upcoming",
  provisionalPrice: "120.50",
  priceFinalAt: "2026-03-04T06:30:00.000Z",
  priceProvisional: true,
  marketPrice: "110.00",
  priceDifference: "-10.50",
  premiumRate: "-8.71",
});
const listed = offeringOf({
  id: "9b2c3d4e-5f60-4b7c-8d9e-0f1a2b3c4d5e",
  symbol: "OLDCO",
  name: "Oldco Mills",
  status: "listed",
  marketPrice: null,
  priceDifference: null,
  premiumRate: null,
});

describe("/home/newStock", () => {
  pagingInView();

  it("lists the offerings with their prices, premium, window and status, and opens one, remembering which", async () => {
    serve({
      "ipo/offerings": (body?: object) =>
        (body as { cursor?: string }).cursor === "c2"
          ? { items: [listed], nextCursor: null }
          : { items: [offeringOf(), upcoming], nextCursor: "c2" },
    });
    renderRoute(<NewStockScreen />, "/home/newStock");
    const list = await screen.findByRole("list", { name: "New-share offerings" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(calls("ipo/offerings").map(([, body]) => body)).toEqual([{}, { cursor: "c2" }]);
    expect(await screen.findByText("No more")).toBeTruthy();

    const [open, soon, old] = within(list).getAllByRole("listitem") as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(open).getByText("To subscribe")).toBeTruthy();
    expect(open.textContent).toContain("Price 120.50 INR");
    expect(open.textContent).not.toContain("provisional");
    expect(open.textContent).toContain("Market price 135.56");
    expect(open.textContent).toContain("Min. 10,000 shares");
    expect(open.textContent).toContain(`Deadline ${at(offeringOf().closesAt)}`);
    expect(within(open).getByText("India")).toBeTruthy();
    // Spec §9: a gain is red, a fall green.
    const up = within(open).getByText((_, el) => el?.textContent === "+15.06 (+12.50%)");
    expect(up.className).toContain("ipo-trend--up");
    expect(within(soon).getByText("Upcoming")).toBeTruthy();
    expect(within(soon).getByText("provisional")).toBeTruthy();
    expect(soon.textContent).toContain(`Subscription opens ${at(upcoming.opensAt)}`);
    const down = within(soon).getByText((_, el) => el?.textContent === "-10.50 (-8.71%)");
    expect(down.className).toContain("ipo-trend--down");
    expect(within(old).getByText("Listed")).toBeTruthy();
    expect(old.textContent).toContain("Market price —");

    expect(screen.getByRole("link", { name: "My subscriptions" }).getAttribute("href")).toBe(
      "/home/newShareOrder",
    );
    fireEvent.click(within(list).getByRole("button", { name: "New share Newco Energy (NEWCO)" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home/newStockBuy"));
    expect(localStorage.getItem(IPO_OFFERING_KEY)).toBe(OFFERING_ID);
  });

  it("names the instrument in the reader's language from the catalogue", async () => {
    serve({
      "ipo/offerings": { items: [offeringOf()], nextCursor: null },
      "market/quote": newcoQuote,
    });
    await changeLanguage("cn");
    try {
      renderRoute(<NewStockScreen />, "/home/newStock");
      expect(await screen.findByRole("button", { name: "新股 新科能源（NEWCO）" })).toBeTruthy();
      expect(calls("market/quote")[0]?.[1]).toEqual({ symbol: "NEWCO", exchange: "NSE" });
      expect(screen.getByText("待申购")).toBeTruthy();
    } finally {
      await changeLanguage("en");
    }
  });

  it("shows the empty state when there is no offering", async () => {
    serve({ "ipo/offerings": { items: [], nextCursor: null } });
    renderRoute(<NewStockScreen />, "/home/newStock");
    expect(await screen.findByText("No new-share offerings right now")).toBeTruthy();
  });
});

describe("/home/newStockBuy", () => {
  beforeEach(() => localStorage.setItem(IPO_OFFERING_KEY, OFFERING_ID));
  const form = () => screen.getByRole("form", { name: "Subscription form" });
  const sharesBox = () => within(form()).getByLabelText("Shares");
  const submit = () => fireEvent.click(within(form()).getByRole("button", { name: "Subscribe" }));

  it("shows every new-share field, the rules and the published seed hash", async () => {
    serve({ "ipo/offering": detailOf({ mySubscriptions: 1 }) });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    const facts = await screen.findByRole("region", { name: "Offering" });
    expect(calls("ipo/offering")[0]?.[1]).toEqual({ offeringId: OFFERING_ID });
    expect(within(facts).getByText("Newco Energy")).toBeTruthy();
    expect(within(facts).getByText("To subscribe")).toBeTruthy();
    const o = offeringOf();
    const expected: [string, string][] = [
      ["Underwriting price", "120.50 INR"],
      ["Market price", "135.56 INR"],
      ["Price difference", "+15.06"],
      ["Pre-listing gain rate", "+12.50%"],
      ["Total shares offered", "5,000,000"],
      ["Total subscribed", "12,340,000"],
      ["Minimum subscription", "10,000 shares"],
      ["Minimum investment", "1,205,000.00 INR"],
      ["Maximum per subscription", "100,000 shares"],
      ["Your subscriptions", "1 of 2 used"],
      ["Issue market", "India"],
      ["Lead broker", "Kotak Mahindra Capital"],
      ["Subscription opens", at(o.opensAt)],
      ["Deadline", at(o.closesAt)],
      ["Draw date", at(o.drawAt)],
      ["Allocation date (pay by)", at(o.paymentDueAt)],
      ["Listing date", at(o.listingAt)],
      ["Win rate", "After the draw"],
    ];
    for (const [label, value] of expected) expect(termOf(facts, label), label).toBe(value);

    const rules = screen.getByRole("list", { name: "Subscription rules" });
    expect(within(rules).getByText("Whole shares only, at least 10,000 per subscription")).toBeTruthy();
    expect(within(rules).getByText("At most 100,000 shares per subscription")).toBeTruthy();
    expect(within(rules).getByText("You may subscribe to this offering 2 times")).toBeTruthy();
    expect(rules.textContent).toContain(
      "The amount is held from your available INR balance when you subscribe, until the draw",
    );
    expect(rules.textContent).toContain(
      `Winners pay the allotment from the held amount before ${at(o.paymentDueAt)}`,
    );
    expect(rules.textContent).toContain("Your position opens at the underwriting price when the shares list");

    expect(rules.textContent).toContain("Allocation rule: lottery.");
    expect(rules.textContent).toContain("each gets one lot of 10,000 shares");
    const fairness = screen.getByRole("region", { name: "Draw fairness" });
    expect(within(fairness).getByText("Lottery", { exact: false })).toBeTruthy();
    expect(fairness.textContent).toContain("Local beacon: not independent of the operator.");
    expect(fairness.textContent).toContain("Local beacon round 29400001");
    expect(within(fairness).getByText("Published at the close")).toBeTruthy();
    expect(within(fairness).getByText("Published at the draw")).toBeTruthy();
  });

  it("shows a provisional price with the exchange time it becomes final, and says so before subscribing", async () => {
    // 2026-03-04T06:30Z is 12:00 in Mumbai (NSE's zone, GMT+5:30), whatever the device's zone.
    const terms = {
      provisionalPrice: "120.50",
      priceFinalAt: "2026-03-04T06:30:00.000Z",
      priceProvisional: true,
    };
    serve({ "ipo/offering": detailOf(terms) });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    const facts = await screen.findByRole("region", { name: "Offering" });
    expect(termOf(facts, "Underwriting price")).toBe(
      "120.50 INRProvisional: final at 2026.03.04 12:00:00 GMT+5:30",
    );
    submit();
    const sheet = await screen.findByRole("dialog", { name: "Confirm your subscription" });
    expect(within(sheet).getByRole("note").textContent).toBe(
      "The price is provisional until 2026.03.04 12:00:00 GMT+5:30. When it becomes final the amount held " +
        "follows it: a fall releases the difference; a rise holds more from your available balance, or " +
        "applies for fewer shares when it cannot.",
    );
  });

  it("shows a final price with the provisional one it replaced, and no note before subscribing", async () => {
    serve({
      "ipo/offering": detailOf({
        price: "118.00",
        provisionalPrice: "120.50",
        priceFinalAt: "2026-03-04T06:30:00.000Z",
        priceProvisional: false,
      }),
    });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    const facts = await screen.findByRole("region", { name: "Offering" });
    expect(termOf(facts, "Underwriting price")).toBe("118.00 INRFinal (provisional 120.50 INR)");
    submit();
    const sheet = await screen.findByRole("dialog", { name: "Confirm your subscription" });
    expect(within(sheet).queryByRole("note")).toBeNull();
  });

  it("after the draw shows the win rate, the published root and the randomness", async () => {
    serve({
      "ipo/offering": detailOf({
        status: "drawn",
        winRate: "38.20",
        applicationsRoot: "ab".repeat(32),
        rootPublishedAt: "2026-03-05T10:00:30.000Z",
        randomness: "cd".repeat(32),
      }),
    });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    const facts = await screen.findByRole("region", { name: "Offering" });
    expect(termOf(facts, "Win rate")).toBe("38.20%");
    const fairness = screen.getByRole("region", { name: "Draw fairness" });
    expect(within(fairness).getByText("ab".repeat(32))).toBeTruthy();
    expect(within(fairness).getByText("cd".repeat(32))).toBeTruthy();
    expect((within(form()).getByRole("button", { name: "Subscribe" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(form()).getByRole("status").textContent).toBe(
      "This offering is closed to new subscriptions",
    );
  });

  it("shows an offering drawn before beacons with its seed", async () => {
    serve({
      "ipo/offering": detailOf({ status: "drawn", beacon: null, seed: "c0ffee".repeat(10) + "beef" }),
    });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    const fairness = await screen.findByRole("region", { name: "Draw fairness" });
    expect(within(fairness).getByText("c0ffee".repeat(10) + "beef")).toBeTruthy();
  });

  it("shows the allotment to expect for the shares typed before applying", async () => {
    serve({
      "ipo/offering": detailOf(),
      "ipo/expected": (body) => ({
        allocationRule: "lottery",
        quantity: body.quantity,
        expectedShares: "4000.00",
        chance: "40.00",
        applicants: 4,
        subscribedShares: "40000",
      }),
    });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    const amount = await screen.findByRole("region", { name: "Subscription amount" });
    await waitFor(() =>
      expect(amount.textContent).toContain(
        "If the book stayed as it is now: about 4,000 shares, a 40.00% chance of at least one lot.",
      ),
    );
    expect(calls("ipo/expected").at(-1)?.[1]).toEqual({ offeringId: OFFERING_ID, quantity: "10000" });
  });

  it("computes the amount, refuses out of range here, and subscribes after confirmation", async () => {
    serve({
      "ipo/offering": detailOf(),
      "ipo/subscribe": { id: "x" } as UserAnswer<"ipo/subscribe">,
    });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    await screen.findByRole("form", { name: "Subscription form" });
    const amount = within(form()).getByRole("region", { name: "Subscription amount" });
    // The minimum to start with: 10,000 × 120.50.
    expect((sharesBox() as HTMLInputElement).value).toBe("10000");
    expect(termOf(amount, "Amount")).toBe("1,205,000.00 INR");
    expect(termOf(amount, "Available")).toMatch(/^5,000,000.00 INR/);
    expect(within(amount).getByRole("link", { name: "Exchange into INR" }).getAttribute("href")).toBe(
      "/information/exChange?to=INR",
    );
    expect(
      (within(form()).getByRole("button", { name: "10,000 shares fewer" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(form()).getByRole("button", { name: "10,000 shares more" }));
    expect((sharesBox() as HTMLInputElement).value).toBe("20000");
    expect(termOf(amount, "Amount")).toBe("2,410,000.00 INR");

    fireEvent.change(sharesBox(), { target: { value: "9999" } });
    expect(termOf(amount, "Amount")).toBe("1,204,879.50 INR");
    submit();
    expect((await within(form()).findByRole("alert")).textContent).toBe(
      "Below the minimum subscription of 10,000 shares",
    );
    fireEvent.change(sharesBox(), { target: { value: "100001" } });
    submit();
    expect((await within(form()).findByRole("alert")).textContent).toBe(
      "Above the maximum of 100,000 shares per subscription",
    );
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.change(sharesBox(), { target: { value: "25000" } });
    submit();
    const sheet = await screen.findByRole("dialog", { name: "Confirm your subscription" });
    expect(
      within(sheet).getByText("25,000 shares of Newco Energy (NEWCO) at the underwriting price"),
    ).toBeTruthy();
    expect(termOf(sheet, "Amount")).toBe("3,012,500.00 INR");
    expect(termOf(sheet, "Available")).toBe("5,000,000.00 INR");
    // Said before it happens: the amount is held at once, until the draw.
    expect(
      within(sheet).getByText(
        "3,012,500.00 INR will be held until the draw. If you do not win, it is released to your available " +
          "balance; if you win, you pay from it.",
      ),
    ).toBeTruthy();
    expect(calls("ipo/subscribe")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Subscribe now" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/home/newShareOrder"));
    const [, sent] = calls("ipo/subscribe")[0]!;
    expect(sent).toMatchObject({ offeringId: OFFERING_ID, quantity: "25000" });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("refuses an amount above the available balance before asking the server", async () => {
    serve({ "ipo/offering": detailOf({ available: "1000000.00" }) });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    await screen.findByRole("form", { name: "Subscription form" });
    submit();
    expect((await within(form()).findByRole("alert")).textContent).toBe(
      "Insufficient available balance: 1,000,000.00",
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the sheet and the key when the answer is lost, and shows the server's refusal translated", async () => {
    let attempt = 0;
    serve({
      "ipo/offering": detailOf(),
      "ipo/subscribe": () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError("Failed to fetch");
        throw new ApiError("IPO_LIMIT_REACHED", { limit: "2" }, "");
      },
    });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    await screen.findByRole("form", { name: "Subscription form" });
    submit();
    const sheet = await screen.findByRole("dialog", { name: "Confirm your subscription" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Subscribe now" }));
    expect(await within(sheet).findByRole("alert")).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: "Subscribe now" }));
    expect((await within(form()).findByRole("alert")).textContent).toBe(
      "You can subscribe to this offering at most 2 times",
    );
    const [first, second] = calls("ipo/subscribe").map(([, body]) => body as { idempotencyKey: string });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it("does not take subscriptions before the window or past the user's limit, and says why", async () => {
    serve({ "ipo/offering": detailOf({ status: "upcoming" }) });
    const { unmount } = renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    await screen.findByRole("form", { name: "Subscription form" });
    expect((within(form()).getByRole("button", { name: "Subscribe" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(form()).getByRole("status").textContent).toBe(
      `Subscription opens ${at(offeringOf().opensAt)}`,
    );
    unmount();

    serve({ "ipo/offering": detailOf({ mySubscriptions: 2 }) });
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    await screen.findByRole("form", { name: "Subscription form" });
    expect((within(form()).getByRole("button", { name: "Subscribe" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(form()).getByRole("status").textContent).toBe(
      "You have used all 2 subscriptions this offering allows",
    );
  });

  it("opens the form at the opening moment without a reload, and reads the offering again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const opensAt = offeringOf().opensAt;
      vi.setSystemTime(Date.parse(opensAt) - 90_000);
      serve({ "ipo/offering": detailOf({ status: "upcoming" }) });
      renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
      await screen.findByRole("form", { name: "Subscription form" });
      const button = () => within(form()).getByRole("button", { name: "Subscribe" }) as HTMLButtonElement;
      expect(button().disabled).toBe(true);
      const reads = calls("ipo/offering").length;
      await act(() => vi.advanceTimersByTimeAsync(89_000));
      expect(button().disabled).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(button().disabled).toBe(false);
      expect(within(form()).queryByRole("status")).toBeNull();
      await waitFor(() => expect(calls("ipo/offering").length).toBeGreaterThan(reads));
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks to choose an offering when none was saved", () => {
    localStorage.removeItem(IPO_OFFERING_KEY);
    serve({});
    renderRoute(<NewStockBuyScreen />, "/home/newStockBuy");
    expect(screen.getByText("No offering chosen")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the new shares" }).getAttribute("href")).toBe(
      "/home/newStock",
    );
  });
});

describe("home IPO tab", () => {
  it("lists a few current offerings with the ways to all of them and to the user's own", async () => {
    const more = [1, 2, 3].map((n) =>
      offeringOf({ id: `0${n}1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`, symbol: `IPO${n}`, name: `Issuer ${n}` }),
    );
    serve({
      "trade/inventory": [],
      "ipo/offerings": { items: [listed, upcoming, ...more], nextCursor: null },
    });
    renderRoute(<HomeTabs />, "/home/index");
    fireEvent.click(screen.getByRole("tab", { name: "IPO" }));
    const list = await screen.findByRole("list", { name: "New-share offerings" });
    // Listed ones are history: the tab shows the first three still to come or running.
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("button").getAttribute("aria-label"))).toEqual([
      "New share Solarx Power (SOLARX)",
      "New share Issuer 1 (IPO1)",
      "New share Issuer 2 (IPO2)",
    ]);
    expect(screen.getByRole("link", { name: "All new shares" }).getAttribute("href")).toBe("/home/newStock");
    expect(screen.getByRole("link", { name: "My subscriptions" }).getAttribute("href")).toBe(
      "/home/newShareOrder",
    );
  });

  it("says so when nothing is on offer", async () => {
    serve({ "trade/inventory": [], "ipo/offerings": { items: [listed], nextCursor: null } });
    renderRoute(<HomeTabs />, "/home/index");
    fireEvent.click(screen.getByRole("tab", { name: "IPO" }));
    expect(await screen.findByText("No new-share offerings right now")).toBeTruthy();
  });
});
