import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));
// The chart draws on a canvas jsdom lacks; its points are checked through navChartPoints.
vi.mock("../../components/EquityChart", () => ({
  EquityChart: ({ label }: { label: string }) => <figure aria-label={label} />,
}));

import "../../lib/i18n";
import { FOLLOW_STOP_LOSS_MAX, FOLLOW_STOP_LOSS_MIN, type AccountOverview } from "@brokerage/api";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import { FOLLOW_PRODUCT_KEY, STOP_LOSS_MAX, STOP_LOSS_MIN, navChartPoints, parseStopLoss } from "./product";
import { PREVIEW, PRODUCT, holdingOf } from "./fixtures";
import FollowScreen from "./screens/FollowScreen";
import FollowDetailScreen from "./screens/FollowDetailScreen";
import CopyOrdersScreen from "./screens/CopyOrdersScreen";
import MyProductsScreen, { heldProducts } from "./screens/MyProductsScreen";

signedInTests();

const termOf = (scope: HTMLElement, label: string | RegExp) =>
  within(scope).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
const OVERVIEW: AccountOverview = {
  currency: "USD",
  total: "900.00",
  available: "900.00",
  profit: "0.00",
  netDeposits: "900.00",
  frozen: "0.00",
  wallets: [{ currency: "USD", available: "900.00", frozen: "0.00", value: "900.00" }],
  positionsValue: "0.00",
  unconverted: [],
  asOf: "2026-12-03T12:00:00.000Z",
};

describe("copy-trading helpers", () => {
  it("keeps the stop-loss bounds of the contract and reads only whole percents within them", () => {
    expect([STOP_LOSS_MIN, STOP_LOSS_MAX]).toEqual([FOLLOW_STOP_LOSS_MIN, FOLLOW_STOP_LOSS_MAX]);
    expect(parseStopLoss("5")).toBe(5);
    expect(parseStopLoss("95")).toBe(95);
    for (const bad of ["", "4", "96", "40.5", "abc", "100"]) expect(parseStopLoss(bad)).toBeNull();
  });

  it("draws one point a day, the last mark of each, the latest as today's", () => {
    expect(
      navChartPoints(
        [
          { at: "2026-12-02T10:00:00.000Z", nav: "1.01" },
          { at: "2026-12-01T23:00:00.000Z", nav: "1" },
          { at: "2026-12-02T23:00:00.000Z", nav: "1.02" },
        ],
        { at: "2026-12-03T08:00:00.000Z", nav: "1.03" },
      ),
    ).toEqual([
      { date: "2026-12-01", value: "1" },
      { date: "2026-12-02", value: "1.02" },
      { date: "2026-12-03", value: "1.03" },
    ]);
  });

  it("sums the running copy orders by product, exactly, and leaves the ended ones out", () => {
    const held = heldProducts([
      holdingOf({ amount: "0.10", value: "0.20", pnl: "0.10" }),
      holdingOf({ id: "b", amount: "0.20", value: "0.10", pnl: "-0.10" }),
      holdingOf({ id: "c", state: "paidOut", endedAt: "2026-12-31T00:00:01.000Z" }),
    ]);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ orders: 2, amount: "0.3", value: "0.3", pnl: "0" });
  });
});

describe("/home/fllow", () => {
  it("lists each product with its measured figures and risk score, and opens its record", async () => {
    serve({ "follow/products": { items: [PRODUCT], nextCursor: null } });
    renderAt(<FollowScreen />, "/home/fllow");
    const row = await screen.findByRole("button", { name: "Open Steady Crypto" });
    expect(within(row).getByText("1.0235 USD")).toBeTruthy();
    expect(within(row).getByText("+0.85%")).toBeTruthy();
    expect(within(row).getByText("-1.20%")).toBeTruthy();
    expect(within(row).getByText("3/10")).toBeTruthy();
    expect(within(row).getByText("100.00–5,000.00 USD")).toBeTruthy();
    expect(within(row).getByText("Private")).toBeTruthy();
    expect(screen.getByText(/none is a forecast/)).toBeTruthy();
    fireEvent.click(row);
    expect(localStorage.getItem(FOLLOW_PRODUCT_KEY)).toBe(PRODUCT.id);
  });

  it("says so when there is no product", async () => {
    serve({ "follow/products": { items: [], nextCursor: null } });
    renderAt(<FollowScreen />, "/home/fllow");
    expect(await screen.findByText("No copy-trading products yet")).toBeTruthy();
  });
});

describe("/home/fllowDetail", { timeout: 30_000 }, () => {
  const show = () => {
    localStorage.setItem(FOLLOW_PRODUCT_KEY, PRODUCT.id);
    renderAt(<FollowDetailScreen />, "/home/fllowDetail");
  };

  it("shows the measured record: NAV chart, drawdowns, risk with its formula, copiers, costs, portfolio", async () => {
    const figure = {
      lostShare: "0.6667",
      accounts: 3,
      lost: 2,
      from: "2025-10-01T00:00:00.000Z",
      to: "2026-10-01T00:00:00.000Z",
      computedAt: "2026-10-01T00:00:05.000Z",
    };
    serve({
      "follow/product": PRODUCT,
      "account/overview": OVERVIEW,
      "risk/disclosure": {
        ...figure,
        product: `copy:${PRODUCT.id}`,
        method: "ESMA",
        daily: { ...figure, lostShare: null, accounts: 0, lost: 0 },
        acknowledgedAt: null,
      },
    });
    show();
    await screen.findByRole("figure", { name: "NAV chart, in USD" });
    const measured = screen.getByRole("region", { name: "Measured figures" });
    expect(termOf(measured, "Last day")).toBe("+0.85%");
    expect(termOf(measured, "1 week")).toBe("-1.20%");
    const risk = screen.getByRole("region", { name: "Risk" });
    expect(termOf(risk, "Volatility (a year)")).toBe("6.10%");
    expect(within(risk).getByText(/whichever is higher/)).toBeTruthy();
    const copiers = screen.getByRole("region", { name: "Copiers' own results" });
    expect(termOf(copiers, "1 year")).toBe("4 copiers: 25.00% lost money; median result +1.10%");
    // The published loss share of this product (ESMA's method), asked for by its key.
    const warning = await within(copiers).findByRole("region", { name: "Risk warning" });
    expect(
      await within(warning).findByText(/^67% of retail accounts lost money on the copy product/),
    ).toBeTruthy();
    expect(calls("risk/disclosure")).toEqual([
      ["risk/disclosure", { product: `copy:${PRODUCT.id}` }, { silent: true }],
    ]);
    const costs = screen.getByRole("region", { name: "Costs and what the leader is paid" });
    expect(termOf(costs, "Management fee")).toBe("2% a year of the net assets");
    expect(termOf(costs, "Performance fee")).toBe("20% of the rise above the high-water mark");
    expect(termOf(costs, "Leader's pay")).toBe("50% of both fees (the platform keeps the rest)");
    const portfolio = screen.getByRole("region", { name: "The portfolio now" });
    expect(within(portfolio).getByText("Bitcoin")).toBeTruthy();
  });

  it("shows the costs and the risk warning before buying, asks for the password, then buys once confirmed", async () => {
    serve({
      "follow/product": PRODUCT,
      "account/overview": OVERVIEW,
      "follow/preview": PREVIEW,
      "follow/buy": () => holdingOf({ state: "pending", units: null, buyNav: null }),
    });
    show();
    const form = await screen.findByRole("form", { name: "Buy units" });
    fireEvent.change(within(form).getByLabelText("Amount"), { target: { value: "500" } });
    fireEvent.click(within(form).getByRole("button", { name: "Review the costs and buy" }));
    expect(await within(form).findByText(/Choose a copy stop-loss from 5% to 95%/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Copy stop-loss/), { target: { value: "40" } });
    const before = within(form).getByRole("region", { name: "Before you buy" });
    await waitFor(() => expect(termOf(before, "Redeemed by itself at or below")).toBe("300.00 USD"));
    expect(termOf(before, "Charge on buying")).toBe("None");
    expect(within(before).getByRole("region", { name: "Risk warning" }).textContent).toMatch(
      /Copiers' results differ from the leader's.*25\.00% lost money/,
    );
    fireEvent.click(within(form).getByRole("button", { name: "Review the costs and buy" }));
    expect(await within(form).findByText("Enter the channel password")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Channel password"), { target: { value: "vip-2026" } });
    fireEvent.click(within(form).getByRole("button", { name: "Review the costs and buy" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your copy order" });
    expect(within(sheet).getByText("Buy units of Steady Crypto for 500.00 USD at the next NAV")).toBeTruthy();
    expect(within(sheet).getByRole("region", { name: "Risk warning" })).toBeTruthy();
    expect(calls("follow/buy")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Buy units" }));
    await waitFor(() => expect(calls("follow/buy")).toHaveLength(1));
    expect(calls("follow/buy")[0]?.[1]).toMatchObject({
      productId: PRODUCT.id,
      amount: "500",
      copyStopLoss: 40,
      channelPassword: "vip-2026",
    });
  });

  it("puts a wrong channel password under its field", async () => {
    serve({
      "follow/product": PRODUCT,
      "account/overview": OVERVIEW,
      "follow/preview": PREVIEW,
      "follow/buy": () => {
        throw new ApiError("CHANNEL_PASSWORD_WRONG", {}, "");
      },
    });
    show();
    const form = await screen.findByRole("form", { name: "Buy units" });
    fireEvent.change(within(form).getByLabelText("Amount"), { target: { value: "500" } });
    fireEvent.change(within(form).getByLabelText(/Copy stop-loss/), { target: { value: "40" } });
    fireEvent.change(within(form).getByLabelText("Channel password"), { target: { value: "nope" } });
    const before = within(form).getByRole("region", { name: "Before you buy" });
    await waitFor(() => expect(termOf(before, "Redeemed by itself at or below")).toBe("300.00 USD"));
    fireEvent.click(within(form).getByRole("button", { name: "Review the costs and buy" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your copy order" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Buy units" }));
    await waitFor(() => expect(calls("follow/buy")).toHaveLength(1));
    const field = within(form).getByLabelText("Channel password");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
  });
});

describe("/home/qcList and /information/product", () => {
  it("lists the copy orders with value and net P&L, the ended one with its payout and the staff's reason", async () => {
    serve({
      "follow/mine": {
        items: [
          holdingOf(),
          holdingOf({
            id: "e",
            state: "closedOut",
            endedAt: "2026-12-20T10:00:00.000Z",
            payoutNav: "0.98",
            payout: "490.00",
            pnl: "-10.00",
            pnlRate: "-2.00",
            endReason: "closed",
            closeReason: "Leader left the platform",
            canRedeem: false,
          }),
        ],
        nextCursor: null,
      },
    });
    renderAt(<CopyOrdersScreen />, "/home/qcList");
    const list = await screen.findByRole("list", { name: "My copy orders" });
    const [running, closed] = within(list).getAllByRole("listitem");
    if (!running || !closed) throw new Error("two orders expected");
    expect(termOf(running, "Value now")).toBe("503.18 USD");
    expect(termOf(running, "P&L after fees")).toBe("+3.18 USD (+0.64%)");
    expect(termOf(closed, "Paid out")).toBe("490.00 USD");
    expect(within(closed).getByText("The product was closed: Leader left the platform")).toBeTruthy();
    expect(within(closed).queryByRole("button", { name: "Redeem" })).toBeNull();
    fireEvent.click(within(running).getByRole("button", { name: "Redeem" }));
    expect(await screen.findByRole("alertdialog", { name: "Redeem this copy order?" })).toBeTruthy();
  });

  it("shows the products held now with their sums", async () => {
    serve({ "follow/mine": { items: [holdingOf()], nextCursor: null } });
    renderAt(<MyProductsScreen />, "/information/product");
    const list = await screen.findByRole("list", { name: "Products I hold" });
    expect(termOf(list, "Value now")).toBe("503.18 USD");
    expect(within(list).getByRole("button", { name: "Open Steady Crypto" })).toBeTruthy();
  });
});
