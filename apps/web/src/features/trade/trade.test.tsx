import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { FundRecord, OrderPreview, Quote } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));
// No socket in tests: open positions keep the server's price, unless a test gives the feed one.
const feed = vi.hoisted(() => ({ close: undefined as string | undefined }));
vi.mock("../market/api/live", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  marketFeed: {
    watch: () => () => undefined,
    getPrice: () => (feed.close === undefined ? undefined : { close: feed.close }),
  },
}));

import "../../lib/i18n";
import { calls, renderRoute, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import { closedOrderOf, tradeOrderOf } from "../../test/tradeOrder";
import MarketBuyScreen from "./screens/MarketBuyScreen";
import TradeScreen from "./screens/TradeScreen";
import PositionDetailScreen from "./screens/PositionDetailScreen";

const preview: OrderPreview = {
  symbol: "RELIANCE",
  exchange: "NSE",
  name: "Reliance Industries",
  currency: "INR",
  price: "2500.00",
  quantity: "2",
  leverage: 5,
  notional: "5000.00",
  margin: "1000.00",
  fee: "20.00",
  charges: [{ id: "commission", kind: "commission", amount: "20.00" }],
  closeCharges: [{ id: "commission", kind: "commission", amount: "20.00" }],
  total: "1020.00",
  available: "8550.00",
  feeRate: "0.0003",
  lockedUntil: null,
  liquidationShare: "0.8",
  marketOpen: true,
  warnings: [],
};

const order = tradeOrderOf;

signedInTests();
beforeEach(() =>
  localStorage.setItem(
    "marketBuy",
    JSON.stringify({ symbol: "RELIANCE", exchange: "NSE", type: "inr", direction: "long" }),
  ),
);

describe("/market/marketBuy", () => {
  it("previews the draft and places the order after confirmation, then lists it in progress", async () => {
    serve({ "trade/preview": preview, "trade/placeOrder": order() });
    renderRoute(<MarketBuyScreen />, "/market/marketBuy");
    fireEvent.click(screen.getByRole("radio", { name: "5×" }));
    fireEvent.click(screen.getByRole("button", { name: "1 more" }));
    expect(await screen.findByText("1,020.00 INR", undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText("8,550.00 INR")).toBeTruthy();
    // Without the market's terms the preview still says what closing at this price would charge.
    expect(screen.getByText("If closed at this price")).toBeTruthy();
    expect(screen.getByText("Commission")).toBeTruthy();
    expect(screen.getByText("Closed automatically when the loss reaches 80% of the margin")).toBeTruthy();
    await waitFor(() =>
      expect(calls("trade/preview").at(-1)?.[1]).toEqual({
        symbol: "RELIANCE",
        exchange: "NSE",
        direction: "long",
        priceType: "market",
        quantity: "2",
        leverage: 5,
      }),
    );

    fireEvent.click(screen.getByRole("button", { name: "Buy long" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your order" });
    expect(
      within(sheet).getByText("Long · Market price · quantity 2 · 5× · Reliance Industries"),
    ).toBeTruthy();
    expect(calls("trade/placeOrder")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/trade/index?tab=inProgress"));
    const [, sent] = calls("trade/placeOrder")[0]!;
    expect(sent).toMatchObject({ quantity: "2", leverage: 5, direction: "long", priceType: "market" });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("shows a refusal in the user's language and keeps the form", async () => {
    serve({
      "trade/preview": preview,
      "trade/placeOrder": () => {
        throw new ApiError("NON_TRADING_HOURS", {}, "");
      },
    });
    renderRoute(<MarketBuyScreen />, "/market/marketBuy");
    expect(await screen.findByText("1,020.00 INR", undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Buy long" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your order" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Place order" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Non-trading hours");
    expect(screen.getByRole("form", { name: "Order form" })).toBeTruthy();
  });

  it("asks for the limit price before previewing a limit order", async () => {
    serve({ "trade/preview": preview });
    renderRoute(<MarketBuyScreen />, "/market/marketBuy");
    fireEvent.click(screen.getByRole("radio", { name: "Limit price" }));
    expect(screen.getByLabelText("Limit price")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Limit price"), { target: { value: "2400" } });
    await waitFor(() =>
      expect(calls("trade/preview").at(-1)?.[1]).toMatchObject({ priceType: "limit", price: "2400" }),
    );
  });
});

/** A quote whose details carry an instrument's steps (what the buy form reads them from). */
const quoteWithSteps = (details: Partial<Quote["details"]>) =>
  ({
    code: "X",
    details: { kind: "stock", lotSize: 1, quantityStep: "1", marketQuantityStep: "1", ...details },
  }) as Quote;

describe("/market/marketBuy quantity steps", () => {
  const buy = (symbol: string, exchange: string, type: string) =>
    localStorage.setItem("marketBuy", JSON.stringify({ symbol, exchange, type, direction: "long" }));

  it("steps a Malaysian share by its board lot of 100 and names a quantity off the lot", async () => {
    buy("1155", "BURSA", "myr");
    serve({
      "trade/preview": preview,
      "market/quote": quoteWithSteps({ lotSize: 100, quantityStep: "100", marketQuantityStep: "100" }),
    });
    renderRoute(<MarketBuyScreen />, "/market/marketBuy");
    const field = screen.getByLabelText("Quantity");
    await waitFor(() => expect((field as HTMLInputElement).value).toBe("100"));
    expect(
      screen.getByText("1 lot is 100 shares (the exchange's board lot): the quantity is a multiple of 100"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "100 more" }));
    expect((field as HTMLInputElement).value).toBe("200");
    await waitFor(() => expect(calls("trade/preview").at(-1)?.[1]).toMatchObject({ quantity: "200" }));
    fireEvent.change(field, { target: { value: "150" } });
    expect(screen.getByText("Enter a multiple of 100")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "100 less" }));
    expect((field as HTMLInputElement).value).toBe("100");
  });

  it("takes decimals of a coin and sends them as a string, exactly", async () => {
    buy("BTCUSD", "CRYPTO", "crypto");
    serve({
      "trade/preview": preview,
      "market/quote": quoteWithSteps({
        kind: "crypto",
        quantityStep: "0.00001",
        marketQuantityStep: "0.00001",
      }),
    });
    renderRoute(<MarketBuyScreen />, "/market/marketBuy");
    expect(await screen.findByText("Decimals allowed, in steps of 0.00001 BTC")).toBeTruthy();
    const field = screen.getByLabelText("Quantity");
    fireEvent.change(field, { target: { value: "0,001" } });
    expect((field as HTMLInputElement).value).toBe("0.001");
    fireEvent.click(screen.getByRole("button", { name: "0.00001 more" }));
    expect((field as HTMLInputElement).value).toBe("0.00101");
    await waitFor(() => expect(calls("trade/preview").at(-1)?.[1]).toMatchObject({ quantity: "0.00101" }));
  });

  it("offers fractions of a US share at market and whole shares for a limit order", async () => {
    buy("AAPL", "NASDAQ", "usd");
    serve({ "trade/preview": preview, "market/quote": quoteWithSteps({ marketQuantityStep: "0.0001" }) });
    renderRoute(<MarketBuyScreen />, "/market/marketBuy");
    expect(
      await screen.findByText(
        "Market orders take fractions of a share, in steps of 0.0001; limit orders whole shares",
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: "0.5" } });
    fireEvent.click(screen.getByRole("radio", { name: "Limit price" }));
    expect(screen.getByText("Enter a multiple of 1")).toBeTruthy();
  });
});

describe("/trade/index", () => {
  it("lists each tab from its call", async () => {
    serve({
      "trade/positions": (body?: object) => ({
        items: (body as { tab: string }).tab === "inProgress" ? [order()] : [],
        nextCursor: null,
      }),
      "trade/orders": (body?: object) => ({
        items:
          (body as { tab: string }).tab === "purchase"
            ? [
                order({
                  id: "6d0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
                  state: "pending",
                  priceType: "limit",
                  limitPrice: "2400.00",
                  openPrice: null,
                  pnl: null,
                  returnRate: null,
                  currentPrice: "2500.00",
                  marketValue: null,
                }),
              ]
            : [],
        nextCursor: null,
      }),
    });
    renderRoute(<TradeScreen />, "/trade/index");
    const list = await screen.findByRole("list", { name: "In progress" });
    // Net of the 20.00 it paid to open, the P&L before costs under it.
    expect(within(list).getByText("-80.00 INR")).toBeTruthy();
    expect(within(list).getByText("-80.00 INR").closest(".trend--down")).toBeTruthy();
    expect(within(list).getByText("-60.00 before costs · 20.00 INR costs")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Purchase" }));
    const pending = await screen.findByRole("list", { name: "Purchase" });
    expect(
      within(pending).getByRole("button", { name: "Cancel order for Reliance Industries" }),
    ).toBeTruthy();
    // A waiting order shows the current price and how far it is from its limit: (2400 − 2500) / 2500.
    expect(within(pending).getByText(/^Current\s+2,500\.00$/)).toBeTruthy();
    expect(within(pending).getByText("4.00% from the limit")).toBeTruthy();
    expect(calls("trade/orders")[0]?.[1]).toEqual({ tab: "purchase" });
    fireEvent.click(screen.getByRole("tab", { name: "Forex" }));
    expect(await screen.findByText("No forex positions")).toBeTruthy();
    expect(calls("trade/positions").some(([, b]) => (b as { tab: string }).tab === "forex")).toBe(true);
  });

  it("closes a position only after confirmation", async () => {
    serve({
      "trade/positions": { items: [order()], nextCursor: null },
      "trade/closePosition": order({ state: "closed" }),
    });
    renderRoute(<TradeScreen />, "/trade/index?tab=inProgress");
    fireEvent.click(await screen.findByRole("button", { name: "Close position in Reliance Industries" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Close this position?" });
    expect(calls("trade/closePosition")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Close position" }));
    await waitFor(() => expect(calls("trade/closePosition")).toHaveLength(1));
    expect(calls("trade/closePosition")[0]?.[1]).toMatchObject({ positionId: order().id });
  });

  it("marks an intraday position with a chip, in words and in the row's name, and not a normal one", async () => {
    const intradayId = "7d0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f";
    serve({
      "trade/positions": {
        items: [
          order({ id: intradayId, kind: "dayTrade", name: "Tata Motors", symbol: "TATAMOTORS" }),
          order(),
        ],
        nextCursor: null,
      },
    });
    renderRoute(<TradeScreen />, "/trade/index?tab=inProgress");
    const list = await screen.findByRole("list", { name: "In progress" });
    const intraday = within(list).getByRole("button", {
      name: "Details of Tata Motors (TATAMOTORS), intraday",
    });
    expect(within(intraday).getByText("Intraday")).toBeTruthy();
    expect(within(intraday).getByText("Long")).toBeTruthy();
    const normal = within(list).getByRole("button", { name: "Details of Reliance Industries (RELIANCE)" });
    expect(within(normal).queryByText("Intraday")).toBeNull();
    expect(within(list).getAllByText("Intraday")).toHaveLength(1);
  });

  it("says until when a locked position cannot be closed", async () => {
    serve({
      "trade/positions": { items: [order({ lockedUntil: "2099-01-01T03:45:00.000Z" })], nextCursor: null },
    });
    renderRoute(<TradeScreen />, "/trade/index");
    expect(await screen.findByText(/^Locked until 2099\.01\.01/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Close position/ })).toBeNull();
  });
});

/** The value shown for a field of the position detail, by its label. */
const fieldValue = (label: string) =>
  screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent ?? null;

describe("/trade/positionDetail", () => {
  it("values the position at the live price it shows: market value and current price agree", async () => {
    feed.close = "2600.00";
    try {
      localStorage.setItem("positionDetail", order().id);
      serve({ "trade/positionDetail": order() });
      renderRoute(<PositionDetailScreen />, "/trade/positionDetail");
      await screen.findByText("T20261123000001");
      // The answer was drawn at 2,470.00 (market value 4,940.00); the feed's price is newer.
      expect(fieldValue("Current price")).toBe("2,600.00");
      expect(fieldValue("Market value")).toBe("5,200.00 INR");
    } finally {
      feed.close = undefined;
    }
  });

  it("shows an intraday position's type and that it has no lock", async () => {
    localStorage.setItem("positionDetail", order().id);
    serve({ "trade/positionDetail": order({ kind: "dayTrade" }) });
    renderRoute(<PositionDetailScreen />, "/trade/positionDetail");
    expect(await screen.findByText("T20261123000001")).toBeTruthy();
    expect(fieldValue("Type")).toBe("Intraday, closed at the market's close");
    expect(fieldValue("Locked until")).toBe("No lock (intraday)");
  });

  it("shows a normal position's type and its lock", async () => {
    localStorage.setItem("positionDetail", order().id);
    serve({ "trade/positionDetail": order({ lockedUntil: "2099-01-01T03:45:00.000Z" }) });
    renderRoute(<PositionDetailScreen />, "/trade/positionDetail");
    expect(await screen.findByText("T20261123000001")).toBeTruthy();
    expect(fieldValue("Type")).toBe("Normal");
    expect(fieldValue("Locked until")).toMatch(/^2099\.01\.01/);
    expect(screen.queryByText("No lock (intraday)")).toBeNull();
  });

  it("charts the position since its opening, and says so while there is no price to draw", async () => {
    localStorage.setItem("positionDetail", order().id);
    serve({ "trade/positionDetail": order(), "market/quote": quoteWithSteps({}), "trade/kline": [] });
    renderRoute(<PositionDetailScreen />, "/trade/positionDetail");
    const chart = await screen.findByRole("region", { name: "Since opening" });
    expect(within(chart).getByText("Opened 2,500.00")).toBeTruthy();
    await within(chart).findByText("No prices since the opening yet");
    // A window that does not reach back to the opening gives way to a coarser one, up to the year.
    const periods = calls("trade/kline").map(([, body]) => (body as { kline_type: number }).kline_type);
    expect(periods.at(-1)).toBe(12);
    expect(periods).toEqual([...periods].sort((a, b) => a - b));
    expect(new Set(periods).size).toBe(periods.length);
  });

  it("shows every field of the position and saves its stops", async () => {
    localStorage.setItem("positionDetail", order().id);
    serve({
      "trade/positionDetail": order({ stopLoss: "2400.00" }),
      "trade/setStops": order({ stopLoss: "2400.00", takeProfit: "2700.00" }),
    });
    renderRoute(<PositionDetailScreen />, "/trade/positionDetail");
    expect(await screen.findByText("T20261123000001")).toBeTruthy();
    expect(calls("trade/positionDetail")[0]?.[1]).toEqual({ id: order().id });
    for (const label of [
      "Original margin",
      "Closing taxes",
      "Opening charges",
      "Closing charges",
      "Sell price",
      "Return rate",
      "Locked until",
      "Price type",
    ])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText("1,000.00 INR")).toBeTruthy();
    expect(screen.getByText("-8.00%")).toBeTruthy();
    // The P&L net of costs, large, with what it is made of.
    const summary = screen.getByRole("region", { name: "Profit or loss" });
    expect(within(summary).getByText("P&L now, after the costs paid so far")).toBeTruthy();
    expect(summary.textContent).toContain("-80.00 INR (-8.00%)");
    expect(summary.textContent).toContain("Before costs (the price move)-60.00 INR");
    expect(summary.textContent).toContain("Costs paid (fees and taxes)-20.00 INR");
    fireEvent.change(screen.getByLabelText("Take-profit (optional)"), { target: { value: "2700" } });
    fireEvent.click(screen.getByRole("button", { name: "Save stops" }));
    await waitFor(() => expect(calls("trade/setStops")).toHaveLength(1));
    expect(calls("trade/setStops")[0]?.[1]).toEqual({
      positionId: order().id,
      stopLoss: "2400.00",
      takeProfit: "2700",
    });
  });

  it("shows a closed position's P&L net of every cost, and its fund records that add up to it", async () => {
    const closed = closedOrderOf();
    localStorage.setItem("positionDetail", closed.id);
    const record = (id: string, type: FundRecord["type"], amount: string, account = "available") => ({
      id,
      type,
      account: account as FundRecord["account"],
      currency: "INR",
      amount,
      balanceAfter: "0.00",
      reference: `trade:${closed.id}`,
      reason: null,
      createdAt: "2026-11-24T10:30:00.000Z",
    });
    serve({
      "trade/positionDetail": closed,
      "fund/records": {
        items: [
          record("9", "stampDuty", "-5.10"),
          record("8", "fee", "-20.00"),
          record("7", "realisedPnl", "100.00"),
          record("6", "marginRelease", "-1000.00", "margin"),
          record("5", "marginRelease", "1000.00"),
          record("4", "fee", "-20.00"),
          record("3", "tradeMargin", "1000.00", "margin"),
          record("2", "tradeMargin", "-1000.00"),
        ],
        nextCursor: null,
      },
    });
    renderRoute(<PositionDetailScreen />, "/trade/positionDetail");
    const summary = await screen.findByRole("region", { name: "Profit or loss" });
    expect(within(summary).getByText("Realised P&L, after all costs")).toBeTruthy();
    expect(summary.textContent).toContain("+54.90 INR (+5.49%)");
    expect(summary.textContent).toContain("Before costs (the price move)+100.00 INR");
    expect(summary.textContent).toContain("Costs paid (fees and taxes)-45.10 INR");
    expect(calls("fund/records")[0]?.[1]).toEqual({ reference: `trade:${closed.id}` });
    const records = await screen.findByRole("list", { name: "Fund records of this trade" });
    expect(within(records).getAllByRole("listitem")).toHaveLength(8);
    expect(
      screen.getByText("On your available balance they add up to +54.90 INR: the net P&L above."),
    ).toBeTruthy();
  });
});
