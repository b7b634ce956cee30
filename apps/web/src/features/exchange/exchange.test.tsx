import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import type { AccountOverview, ExchangeQuote, ExchangeResult } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import ExchangeScreen from "./screens/ExchangeScreen";

const wallet = (currency: string, available = "0.00", frozen = "0.00") => ({
  currency,
  available,
  frozen,
  value: available,
});

function overviewIn(currency: string, total: string): AccountOverview {
  return {
    currency: currency as AccountOverview["currency"],
    total,
    available: "999.99",
    profit: "-1.25",
    netDeposits: "10001.25",
    frozen: "0.00",
    wallets: [
      wallet("USD", "1000.00"),
      wallet("THB", "345.00"),
      wallet("INR", "8550.00", "100.00"),
      ...["CNY", "TWD", "HKD"].map((c) => wallet(c)),
      ...["JPY", "VND"].map((c) => wallet(c, "0", "0")),
      wallet("MYR"),
      wallet("KRW", "0", "0"),
    ],
    positionsValue: "0.00",
    unconverted: [],
    asOf: "2026-11-23T10:00:00.000Z",
  };
}

function quoteOf(request: { from: string; to: string; amount: string }, seconds = 30): ExchangeQuote {
  const created = new Date();
  return {
    quoteId: "0b7f6c2e-1d4a-4e8b-9c3f-5a6b7c8d9e0f",
    from: request.from as ExchangeQuote["from"],
    to: request.to as ExchangeQuote["to"],
    amount: request.amount,
    rate: "85.0725",
    midRate: "85.5",
    spread: "0.005",
    fee: "0.10",
    feeRate: "0.001",
    receive: "8498.74",
    expiresAt: new Date(created.getTime() + seconds * 1000).toISOString(),
    createdAt: created.toISOString(),
  };
}

const show = (node: ReactNode, path = "/information/exChange") => renderAt(node, path);

signedInTests();

describe("/information/exChange", () => {
  const amountBox = () => screen.getByLabelText("Amount to pay (USD)");
  const submit = () => fireEvent.click(screen.getByRole("button", { name: /quote|Exchange$/ }));

  it("checks the amount against the rules and the wallet before asking for a quote", async () => {
    serve({ "account/overview": overviewIn("USD", "1000.00") });
    show(<ExchangeScreen />);
    expect(await screen.findByText("Available: 1,000.00 USD")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Get quote" }));
    // The first check loads the contract's schemas (a chunk of their own).
    expect(await screen.findByText("This field is required", undefined, { timeout: 8000 })).toBeTruthy();
    fireEvent.change(amountBox(), { target: { value: "10.555" } });
    fireEvent.click(screen.getByRole("button", { name: "Get quote" }));
    expect(await screen.findByText("USD amounts take at most 2 decimal places")).toBeTruthy();
    fireEvent.change(amountBox(), { target: { value: "1000.01" } });
    fireEvent.click(screen.getByRole("button", { name: "Get quote" }));
    expect(await screen.findByText("Insufficient available balance: 1,000.00")).toBeTruthy();
    expect(calls("fund/exchangeQuote")).toHaveLength(0);

    // From JPY: whole numbers only.
    fireEvent.click(screen.getByRole("button", { name: "Swap currencies" }));
    fireEvent.click(screen.getByRole("button", { name: /^From:/ }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "From" })).getByRole("radio", { name: /JPY/ }),
    );
    fireEvent.change(screen.getByLabelText("Amount to pay (JPY)"), { target: { value: "10.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Get quote" }));
    expect(await screen.findByText("JPY amounts are whole numbers, without decimals")).toBeTruthy();
  });

  it("quotes, discloses the terms with a countdown, confirms in a sheet and shows the new balances", async () => {
    const result: ExchangeResult = {
      quoteId: "0b7f6c2e-1d4a-4e8b-9c3f-5a6b7c8d9e0f",
      type: "usToIndia",
      amount: "100.00",
      receive: "8498.74",
      wallets: [
        { currency: "USD", available: "900.00" },
        { currency: "INR", available: "17048.74" },
      ],
      exchangedAt: new Date().toISOString(),
    };
    serve({
      "account/overview": overviewIn("USD", "1000.00"),
      "fund/exchangeQuote": (body?: object) => quoteOf(body as { from: string; to: string; amount: string }),
      "fund/exchange": result,
    });
    show(<ExchangeScreen />);
    await screen.findByText("Available: 1,000.00 USD");
    fireEvent.change(amountBox(), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Get quote" }));
    const quote = await screen.findByRole("region", { name: "Your quote" });
    expect(calls("fund/exchangeQuote")[0]?.[1]).toEqual({ from: "USD", to: "INR", amount: "100" });
    expect(quote.textContent).toContain("1 USD buys 85.0725 INR");
    expect(quote.textContent).toContain("0.5% below the mid rate of 85.5000");
    expect(quote.textContent).toContain("0.10 USD (0.1%)");
    expect(quote.textContent).toContain("8,498.74 INR");
    expect(within(quote).getByRole("timer").textContent).toMatch(/Valid for (29|30) more seconds/);

    fireEvent.click(screen.getByRole("button", { name: "Exchange" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm the exchange" });
    expect(calls("fund/exchange")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm exchange" }));
    expect(await screen.findByRole("heading", { name: "Exchange complete" })).toBeTruthy();
    const body = calls("fund/exchange")[0]?.[1] as { quoteId: string; idempotencyKey: string };
    expect(body.quoteId).toBe(result.quoteId);
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.getByText("900.00 USD")).toBeTruthy();
    expect(screen.getByText("17,048.74 INR")).toBeTruthy();
  });

  it("turns an expired quote's button into 'Get a new quote', and never sends the old one", async () => {
    serve({
      "account/overview": overviewIn("USD", "1000.00"),
      "fund/exchangeQuote": (body?: object) =>
        quoteOf(body as { from: string; to: string; amount: string }, 1),
    });
    show(<ExchangeScreen />);
    await screen.findByText("Available: 1,000.00 USD");
    fireEvent.change(amountBox(), { target: { value: "10" } });
    submit();
    await screen.findByRole("region", { name: "Your quote" });
    expect(await screen.findByText(/This quote has expired/, undefined, { timeout: 3000 })).toBeTruthy();
    const again = screen.getByRole("button", { name: "Get a new quote" });
    fireEvent.click(again);
    await waitFor(() => expect(calls("fund/exchangeQuote")).toHaveLength(2));
    expect(calls("fund/exchange")).toHaveLength(0);
  });

  it("shows the server's refusal of the fill and drops an expired quote", async () => {
    serve({
      "account/overview": overviewIn("USD", "1000.00"),
      "fund/exchangeQuote": (body?: object) => quoteOf(body as { from: string; to: string; amount: string }),
      "fund/exchange": () => {
        throw new ApiError("QUOTE_EXPIRED", {}, "expired");
      },
    });
    show(<ExchangeScreen />);
    await screen.findByText("Available: 1,000.00 USD");
    fireEvent.change(amountBox(), { target: { value: "10" } });
    submit();
    await screen.findByRole("region", { name: "Your quote" });
    fireEvent.click(screen.getByRole("button", { name: "Exchange" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Confirm the exchange" })).getByRole("button", {
        name: "Confirm exchange",
      }),
    );
    expect(await screen.findByText("The quote has expired; please get a new quote")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Get a new quote" })).toBeTruthy();
  });

  it("names the smallest amount that receives anything, in the paying currency", async () => {
    serve({
      "account/overview": overviewIn("USD", "1000.00"),
      "fund/exchangeQuote": () => {
        throw new ApiError("BELOW_MIN_AMOUNT", { field: "amount", min: "0.02" }, "below");
      },
    });
    show(<ExchangeScreen />);
    await screen.findByText("Available: 1,000.00 USD");
    fireEvent.change(amountBox(), { target: { value: "0.01" } });
    submit();
    expect(
      await screen.findByText("Pay at least 0.02 USD: a smaller amount would receive nothing"),
    ).toBeTruthy();
    expect(amountBox().getAttribute("aria-invalid")).toBe("true");
  });

  it("swaps the currencies and preselects them from the address", async () => {
    serve({ "account/overview": overviewIn("USD", "1000.00") });
    show(<ExchangeScreen />, "/information/exChange?from=THB&to=USD");
    expect(await screen.findByRole("button", { name: /^From: THB/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^To: USD/ })).toBeTruthy();
    expect(await screen.findByText("Available: 345.00 THB")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Swap currencies" }));
    expect(screen.getByRole("button", { name: /^From: USD/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^To: THB/ })).toBeTruthy();
  });
});
