import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import type {
  AccountOverview,
  DayTradingApplication,
  DayTradingStatus,
  OrderPreview,
  TradeOrder,
} from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import { showSuccess } from "../../lib/toast";
import MarketBuyScreen from "../trade/screens/MarketBuyScreen";
import DayTradingScreen from "./screens/DayTradingScreen";

const wallet = (currency: string, available: string) => ({
  currency,
  available,
  frozen: "0.00",
  value: available,
});
const overview: AccountOverview = {
  currency: "USD",
  total: "2000.00",
  available: "2000.00",
  profit: "0.00",
  netDeposits: "0.00",
  frozen: "0.00",
  wallets: [wallet("USD", "2000.00"), wallet("INR", "8550.00"), wallet("KRW", "0")],
  positionsValue: "0.00",
  unconverted: [],
  asOf: "2026-11-23T10:00:00.000Z",
};

const application = (over: Partial<DayTradingApplication> = {}): DayTradingApplication => ({
  id: "7a0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
  currency: "USD",
  amount: "1000.00",
  state: "pending",
  reason: null,
  createdAt: "2026-11-23T09:00:00.000Z",
  decidedAt: null,
  ...over,
});
const none: DayTradingStatus = { application: null, allowance: null, canApply: true };
const approved: DayTradingStatus = {
  application: application({ state: "approved", decidedAt: "2026-11-23T10:00:00.000Z" }),
  allowance: { currency: "USD", amount: "1000.00", used: "250.00", remaining: "750.00" },
  canApply: true,
};

const show = (node: ReactNode, path = "/home/dayTrading") => renderAt(node, path);

signedInTests();
afterEach(() => vi.mocked(showSuccess).mockReset());

describe("/home/dayTrading", () => {
  const amountBox = (currency = "USD") => screen.getByLabelText(`Allowance (${currency})`);
  const form = () => screen.getByRole("form", { name: "Apply for day trading" });

  it("shows the rules and the empty status, then applies after confirmation", async () => {
    let status = none;
    serve({
      "dayTrading/status": () => status,
      "account/overview": overview,
      "dayTrading/apply": (body?: object) => {
        status = { application: application(), allowance: null, canApply: false };
        return application({ amount: (body as { amount: string }).amount });
      },
    });
    show(<DayTradingScreen />);
    const rules = screen.getByRole("region", { name: "How day trading works" });
    expect(within(rules).getByText(/closed automatically at its market's close/)).toBeTruthy();
    expect(await screen.findByText("You have not applied for day trading yet.")).toBeTruthy();
    expect(screen.getByText("Not applied")).toBeTruthy();
    expect(await within(form()).findByText("Available: 2,000.00 USD")).toBeTruthy();

    fireEvent.change(amountBox(), { target: { value: "1000" } });
    fireEvent.click(within(form()).getByRole("button", { name: "Apply" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your application" }, { timeout: 8000 });
    expect(within(sheet).getByText("1,000.00 USD")).toBeTruthy();
    expect(calls("dayTrading/apply")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Submit application" }));
    await waitFor(() => expect(calls("dayTrading/apply")).toHaveLength(1));
    const [, sent] = calls("dayTrading/apply")[0]!;
    expect(sent).toMatchObject({ currency: "USD", amount: "1000" });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith("Application submitted"));
    // The status is read again: under review, the form gone until it is decided.
    expect(await screen.findByText("Under review")).toBeTruthy();
    expect(screen.getByText(/The amount stays held until it is decided/)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Apply for day trading" })).toBeNull();
  });

  it("checks the amount before sending: required, decimals of the currency, the available balance", async () => {
    serve({ "dayTrading/status": none, "account/overview": overview });
    show(<DayTradingScreen />);
    await screen.findByText("Available: 2,000.00 USD");
    const apply = () => fireEvent.click(within(form()).getByRole("button", { name: "Apply" }));
    apply();
    expect(await screen.findByText("This field is required", undefined, { timeout: 8000 })).toBeTruthy();
    fireEvent.change(amountBox(), { target: { value: "10.555" } });
    apply();
    expect(await screen.findByText("USD amounts take at most 2 decimal places")).toBeTruthy();
    fireEvent.change(amountBox(), { target: { value: "2000.01" } });
    apply();
    expect(await screen.findByText("Insufficient available balance: 2,000.00")).toBeTruthy();
    // In won: whole numbers, and an empty wallet.
    fireEvent.click(within(form()).getByRole("button", { name: /^Currency:/ }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Currency" })).getByRole("radio", { name: /KRW/ }),
    );
    fireEvent.change(amountBox("KRW"), { target: { value: "10.5" } });
    apply();
    expect(await screen.findByText("KRW amounts are whole numbers, without decimals")).toBeTruthy();
    expect(calls("dayTrading/apply")).toHaveLength(0);
  });

  it("shows a refusal of the server in the user's language", async () => {
    serve({
      "dayTrading/status": none,
      "account/overview": overview,
      "dayTrading/apply": () => {
        throw new ApiError("DAY_TRADING_PENDING", {}, "");
      },
    });
    show(<DayTradingScreen />);
    await screen.findByText("Available: 2,000.00 USD");
    fireEvent.change(amountBox(), { target: { value: "100" } });
    fireEvent.click(within(form()).getByRole("button", { name: "Apply" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your application" }, { timeout: 8000 });
    fireEvent.click(within(sheet).getByRole("button", { name: "Submit application" }));
    expect(
      await within(form()).findByText(
        "Your day-trading application is under review; please wait for the result",
      ),
    ).toBeTruthy();
  });

  it("shows a refusal's reason beside the allowance still in force", async () => {
    serve({
      "dayTrading/status": {
        application: application({
          id: "8a0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
          state: "rejected",
          reason: "Too large",
        }),
        allowance: approved.allowance,
        canApply: true,
      },
      "account/overview": overview,
    });
    show(<DayTradingScreen />);
    expect(await screen.findByText("Rejected")).toBeTruthy();
    expect(screen.getByText("Reason: Too large")).toBeTruthy();
    const status = screen.getByRole("region", { name: "Your day trading" });
    for (const text of ["1,000.00 USD", "250.00 USD", "750.00 USD"])
      expect(within(status).getByText(text)).toBeTruthy();
    expect(form()).toBeTruthy();
  });

  it("offers a retry when the status cannot be loaded", async () => {
    let fail = true;
    serve({
      "dayTrading/status": () => {
        if (fail) throw new ApiError("SYSTEM_BUSY", {}, "");
        return approved;
      },
      "account/overview": overview,
    });
    show(<DayTradingScreen />);
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText("Approved")).toBeTruthy();
  });
});

describe("/market/marketBuy: the intraday switch", () => {
  const preview: OrderPreview = {
    symbol: "NVDA",
    exchange: "NASDAQ",
    name: "NVIDIA",
    currency: "USD",
    price: "100.00",
    quantity: "1",
    leverage: 1,
    notional: "100.00",
    margin: "100.00",
    fee: "1.00",
    charges: [{ id: "commission", kind: "commission", amount: "1.00" }],
    closeCharges: [{ id: "commission", kind: "commission", amount: "1.00" }],
    total: "101.00",
    available: "2000.00",
    feeRate: "0.0003",
    lockedUntil: null,
    liquidationShare: "0.8",
    marketOpen: true,
    warnings: [],
  };
  beforeEach(() => {
    localStorage.setItem(
      "marketBuy",
      JSON.stringify({ symbol: "NVDA", exchange: "NASDAQ", type: "usd", direction: "long" }),
    );
  });

  it("is offered to an approved user with its rule, and makes the order a day trade", async () => {
    serve({
      "dayTrading/status": approved,
      "trade/preview": preview,
      "trade/placeOrder": { id: "x" } as unknown as TradeOrder,
    });
    show(<MarketBuyScreen />, "/market/marketBuy");
    const toggle = await screen.findByRole("switch", { name: "Intraday (day trade)" });
    expect(toggle.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      screen.getByText(/closed automatically at the market's close, at the closing price.*750\.00 USD left/),
    ).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(calls("trade/preview").at(-1)?.[1]).toMatchObject({ dayTrade: true }));
    await screen.findByText("101.00 USD", undefined, { timeout: 3000 });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Buy long" }).getAttribute("class")).not.toMatch(/loading/),
    );
    fireEvent.click(screen.getByRole("button", { name: "Buy long" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your order" });
    expect(within(sheet).getByText("Intraday (day trade)")).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(calls("trade/placeOrder")).toHaveLength(1));
    expect(calls("trade/placeOrder")[0]?.[1]).toMatchObject({ symbol: "NVDA", dayTrade: true });
  });

  it("is not offered without an approved application", async () => {
    serve({ "dayTrading/status": { ...none, application: application() }, "trade/preview": preview });
    show(<MarketBuyScreen />, "/market/marketBuy");
    await screen.findByText("101.00 USD", undefined, { timeout: 3000 });
    await waitFor(() => expect(calls("dayTrading/status")).toHaveLength(1));
    expect(screen.queryByRole("switch")).toBeNull();
    expect(calls("trade/preview").at(-1)?.[1]).not.toHaveProperty("dayTrade");
  });
});
