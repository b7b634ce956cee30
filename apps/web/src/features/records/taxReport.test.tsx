import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import type { TaxReport } from "@brokerage/api";
import { apiPost } from "../../lib/api";
import { renderAt, signedInTests } from "../../test/api";
import TaxReportScreen from "./screens/TaxReportScreen";

const report = (year: number, currency: string): TaxReport => ({
  year,
  currency,
  timeZone: "UTC",
  from: `${year}-01-01T00:00:00.000Z`,
  to: `${year + 1}-01-01T00:00:00.000Z`,
  lots: [
    {
      symbol: "ETHUSD",
      direction: "long",
      openOrderNo: "T0000000001",
      closeOrderNo: "T0000000002",
      openedAt: `${year}-03-01T10:00:00.000Z`,
      closedAt: `${year}-04-01T10:00:00.000Z`,
      quantity: "1",
      proceeds: "1300.00",
      costBasis: "1000.00",
      costs: "2.30",
      protection: "0.00",
      net: "297.70",
    },
  ],
  totals: { proceeds: "1300.00", costBasis: "1000.00", costs: "2.30", protection: "0.00", net: "297.70" },
  positions: { count: 1, net: "297.70" },
});

signedInTests();

describe("/information/taxReport", () => {
  it("asks for the year and currency picked, and lists each closed lot with the totals", async () => {
    vi.mocked(apiPost).mockImplementation(async (path: string, body?: object) => {
      if (path !== "fund/taxReport") throw new Error(`unexpected ${path}`);
      const { year, currency } = body as { year: number; currency: string };
      return report(year, currency) as never;
    });
    renderAt(<TaxReportScreen />, "/information/taxReport");
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows[1]?.textContent).toContain("ETHUSD · Long");
    expect(rows[1]?.textContent).toContain("1,300.00");
    expect(rows[1]?.textContent).toContain("297.70");
    expect(rows.at(-1)?.textContent).toContain("Totals");
    expect(screen.getByText(/Net P&L of the 1 positions closed in the year: 297\.70 USD/)).toBeTruthy();

    const year = new Date().getFullYear() - 1;
    fireEvent.change(screen.getByLabelText("Year"), { target: { value: String(year) } });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "INR" } });
    await waitFor(() =>
      expect(apiPost).toHaveBeenLastCalledWith(
        "fund/taxReport",
        expect.objectContaining({ year, currency: "INR" }),
      ),
    );
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Document" })).toBeTruthy();
  });
});
