import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OrderPreview, TradeTerms } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { apiPost } from "../../lib/api";
import { calls, renderAt, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import MarketBuyScreen from "./screens/MarketBuyScreen";

/** The buy form offers the leverages and states the rules the server publishes for the stock's market. */
const terms: TradeTerms = {
  market: "IN",
  currency: "INR",
  leverages: [1, 3, 20],
  leverageCaps: { share: 20 },
  feeRate: "0.0005",
  minFee: "25.00",
  charges: [
    { id: "stt", kind: "transactionTax", basis: { kind: "value", rate: "0.001" }, side: "both" },
    {
      id: "stampDuty",
      kind: "stampDuty",
      basis: { kind: "value", rate: "0.00015" },
      side: "buy",
      max: "500.00",
    },
    { id: "gst", kind: "vat", basis: { kind: "charges", rate: "0.18", on: ["commission"] }, side: "both" },
  ],
  lock: { kind: "tradingDays", n: 2 },
  liquidationShare: "0.7",
  marginCallLevels: ["0.9"],
  priceBand: "0.2",
};

const preview = (leverage: number): OrderPreview => ({
  symbol: "RELIANCE",
  exchange: "NSE",
  name: "Reliance Industries",
  currency: "INR",
  price: "2500.00",
  quantity: "1",
  leverage,
  notional: "2500.00",
  margin: "125.00",
  fee: "25.00",
  charges: [
    { id: "commission", kind: "commission", amount: "20.00" },
    { id: "stt", kind: "transactionTax", amount: "2.50" },
    { id: "gst", kind: "vat", amount: "2.50" },
  ],
  closeCharges: [
    { id: "commission", kind: "commission", amount: "20.00" },
    { id: "stt", kind: "transactionTax", amount: "2.50" },
    { id: "gst", kind: "vat", amount: "2.50" },
  ],
  total: "150.00",
  available: "8550.00",
  feeRate: "0.0005",
  lockedUntil: "2026-11-25T03:45:00.000Z",
  liquidationShare: "0.7",
  marketOpen: true,
  warnings: [],
});

function serve(answers: Record<string, (body: Record<string, unknown>) => unknown>) {
  vi.mocked(apiPost).mockImplementation(async (path: string, body?: object) => {
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer((body ?? {}) as Record<string, unknown>) as never;
  });
}

const show = () => renderAt(<MarketBuyScreen />, "/market/marketBuy");

signedInTests();
beforeEach(() =>
  localStorage.setItem(
    "marketBuy",
    JSON.stringify({ symbol: "RELIANCE", exchange: "NSE", type: "inr", direction: "long" }),
  ),
);

describe("the buy form's terms", () => {
  it("offers the market's leverages from trade/terms and states its fee, minimum, stamp duty and lock", async () => {
    // The first previews never answer: until one does, the rules come from the terms alone.
    let priced = false;
    serve({
      "trade/terms": () => terms,
      "trade/preview": (body) => (priced ? preview(body.leverage as number) : new Promise(() => undefined)),
    });
    show();
    const picker = await screen.findByRole("radiogroup", { name: "Leverage" });
    expect(await within(picker).findByRole("radio", { name: "20×" })).toBeTruthy();
    expect(
      within(picker)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["1×", "3×", "20×"]);
    expect(calls("trade/terms")[0]?.[1]).toEqual({ market: "IN", symbol: "RELIANCE" });

    const rules = await screen.findByRole("list", { name: "Trading rules" });
    expect(
      within(rules).getByText("Fee rate 0.05% on opening and again on closing, at least 25.00 INR each time"),
    ).toBeTruthy();
    expect(
      within(rules).getByText("Securities transaction tax 0.1% of the value, on purchases and sales"),
    ).toBeTruthy();
    expect(
      within(rules).getByText("Stamp duty 0.015% of the value, on purchases, at most 500.00 INR"),
    ).toBeTruthy();
    expect(within(rules).getByText("GST 18% on Commission, on purchases and sales")).toBeTruthy();
    expect(within(rules).getByText("Locked after buying until T+2 (trading days)")).toBeTruthy();
    expect(
      within(rules).getByText("Closed automatically when the loss reaches 70% of the margin"),
    ).toBeTruthy();

    priced = true;
    fireEvent.click(within(picker).getByRole("radio", { name: "20×" }));
    await waitFor(() => expect(calls("trade/preview").at(-1)?.[1]).toMatchObject({ leverage: 20 }));
    // Priced: the lock's own end replaces the rule.
    expect(await screen.findByText(/^Cannot be closed before 2026\.11\.25/)).toBeTruthy();
    // The fee's components, on opening and if closed at this price.
    expect(screen.getByText("If closed at this price")).toBeTruthy();
    expect(screen.getAllByText("Securities transaction tax")).toHaveLength(2);
    expect(screen.getAllByText("GST")).toHaveLength(2);
  });

  it("falls back to the core's defaults without terms, and takes the list a refusal names", async () => {
    serve({
      "trade/terms": () => {
        throw new Error("offline");
      },
      "trade/preview": (body) => preview(body.leverage as number),
      "trade/placeOrder": () => {
        throw new ApiError("LEVERAGE_NOT_ALLOWED", { field: "leverage", leverage: "1", allowed: "2, 4" }, "");
      },
    });
    show();
    const picker = await screen.findByRole("radiogroup", { name: "Leverage" });
    expect(
      within(picker)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["1×", "2×", "5×"]);
    expect(await screen.findByText("150.00 INR", undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Buy long" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm your order" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Place order" }));
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole("radio")
          .map((r) => r.textContent),
      ).toEqual(["2×", "4×"]),
    );
    expect(within(picker).getByRole("radio", { name: "2×" }).getAttribute("aria-checked")).toBe("true");
  });
});
