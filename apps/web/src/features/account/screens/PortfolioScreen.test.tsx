import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { EquityPoint, Portfolio } from "@brokerage/api";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));
// jsdom has no canvas: the chart is the library's; here it is its points, as a list.
vi.mock("../../../components/EquityChart", () => ({
  EquityChart: ({ points, label }: { points: EquityPoint[]; label: string }) => (
    <figure aria-label={label}>
      <ol>
        {points.map((p) => (
          <li key={p.date}>{`${p.date} ${p.value}`}</li>
        ))}
      </ol>
    </figure>
  ),
}));

import "../../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../../test/api";
import { ApiError } from "../../../lib/apiError";
import PortfolioScreen from "./PortfolioScreen";

function portfolioOf(over: Partial<Portfolio> = {}): Portfolio {
  return {
    currency: "USD",
    range: "1M",
    timeZone: "Asia/Kolkata",
    equity: [
      { date: "2026-11-21", value: "10000.00" },
      { date: "2026-11-22", value: "9950.50" },
      { date: "2026-11-23", value: "10094.00" },
    ],
    dayPnl: "143.50",
    totalPnl: "94.00",
    netDeposits: "10000.00",
    realised: "-12.30",
    unrealised: "94.00",
    costs: "18.30",
    other: "12.30",
    allocation: [
      { kind: "cash", market: null, currency: "USD", amount: "6994.00", value: "6994.00" },
      { kind: "positions", market: "CRYPTO", currency: "USD", amount: "3100.00", value: "3100.00" },
    ],
    unconverted: [],
    asOf: "2026-11-23T10:00:00.000Z",
    ...over,
  };
}

const show = () => renderAt(<PortfolioScreen />, "/information/portfolio");

signedInTests();

describe("/information/portfolio", () => {
  it("shows the equity, today's and the total P&L, the chart, where the P&L comes from and the allocation", async () => {
    serve({
      "account/portfolio": (body?: object) =>
        portfolioOf({ range: (body as { range: Portfolio["range"] }).range }),
    });
    show();
    expect(await screen.findByRole("heading", { name: "Equity (USD)" })).toBeTruthy();
    expect(screen.getByText("10,094.00")).toBeTruthy();
    expect(screen.getByText("+143.50").className).toContain("trend--up");
    const chart = screen.getByRole("figure", { name: "Equity chart, 1M, in USD" });
    expect(within(chart).getAllByRole("listitem")).toHaveLength(3);
    const breakdown = screen.getByRole("region", { name: "Where the P&L comes from" });
    expect(breakdown.textContent).toContain("Closed positions, after costs-12.30");
    expect(breakdown.textContent).toContain("Total P&L+94.00");
    expect(breakdown.textContent).toContain("Total P&L = equity 10,094.00 USD − net deposits 10,000.00 USD.");
    expect(breakdown.textContent).toContain("Trading fees and taxes paid (included above)18.30");
    const allocation = screen.getByRole("region", { name: "Allocation" });
    const slices = within(allocation).getAllByRole("listitem");
    expect(slices[0]?.textContent).toContain("Cash · USD6,994.00 USD · 69.3% of equity");
    expect(slices[1]?.textContent).toContain(
      "Digital currency positions · USD3,100.00 USD · 30.7% of equity",
    );

    fireEvent.click(screen.getByRole("radio", { name: "1Y" }));
    await waitFor(() =>
      expect(calls("account/portfolio").map(([, body]) => body)).toContainEqual({
        currency: "USD",
        range: "1Y",
      }),
    );
    expect(await screen.findByRole("figure", { name: "Equity chart, 1Y, in USD" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "1Y" }).getAttribute("aria-checked")).toBe("true");
  });

  it("says the chart starts today for a new account, and leads an empty one to a deposit", async () => {
    serve({ "account/portfolio": portfolioOf({ equity: [{ date: "2026-11-23", value: "500.00" }] }) });
    const first = show();
    expect(await screen.findByText(/Your chart starts today/)).toBeTruthy();
    expect(screen.queryByRole("figure")).toBeNull();
    first.unmount();

    serve({
      "account/portfolio": portfolioOf({
        equity: [{ date: "2026-11-23", value: "0.00" }],
        netDeposits: "0.00",
        totalPnl: "0.00",
        allocation: [],
      }),
    });
    show();
    expect(await screen.findByText(/No money in your account yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Deposit" }).getAttribute("href")).toBe("/information/recharge");
  });

  it("offers a retry when the portfolio cannot be loaded", async () => {
    serve({
      "account/portfolio": () => {
        throw new ApiError("SYSTEM_BUSY", {}, "busy");
      },
    });
    show();
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
