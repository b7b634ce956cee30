import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { apiPost } from "../../lib/api";
import { renderAt, signedInTests } from "../../test/api";
import { pagingInView } from "../../test/paging";
import { closedOrderOf } from "../../test/tradeOrder";
import SettledScreen from "./screens/SettledScreen";

/** The trades tab of the transaction records: the user's closed positions from `trade/trades`. */
const first = closedOrderOf();
const second = closedOrderOf({
  id: "7d0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
  symbol: "BTCUSD",
  name: "Bitcoin / US Dollar",
  currency: "USD",
  direction: "short",
  quantity: "3",
  leverage: 10,
  openPrice: "60000.00",
  closePrice: "61000.00",
  openFee: "18.00",
  closeFee: "18.30",
  stampDuty: "0.00",
  pnlGross: "-3000.00",
  costs: "36.30",
  pnl: "-3036.30",
  closeReason: "stopLoss",
});

const show = () => renderAt(<SettledScreen />, "/information/settled");

signedInTests();
pagingInView();

describe("/information/settled trades", () => {
  it("lists each trade with stock, direction, quantity, prices, fees, P&L and time, loading more on scroll", async () => {
    vi.mocked(apiPost).mockImplementation(async (path: string, body?: object) => {
      if (path !== "trade/trades") throw new Error(`unexpected ${path}`);
      const cursor = (body as { cursor?: string } | undefined)?.cursor;
      return (
        cursor === "c2" ? { items: [second], nextCursor: null } : { items: [first], nextCursor: "c2" }
      ) as never;
    });
    show();
    const list = await screen.findByRole("list", { name: "Trades" });
    const [gain] = await within(list).findAllByRole("listitem");
    expect(gain?.textContent).toContain("Reliance Industries");
    expect(gain?.textContent).toContain("Long · quantity 2 · 5×");
    expect(gain?.textContent).toContain("Buy 2,500.00 → sell 2,550.00");
    expect(gain?.textContent).toContain("Fees 40.00 · taxes 5.10");
    expect(gain?.textContent).toContain("2026.11.24");
    // Net of its costs, the P&L before them and the costs beside it (DESIGN §5a).
    expect(within(gain as HTMLElement).getByText(/\+54\.90/).className).toContain("record__amount--in");
    expect(gain?.textContent).toContain("P&L after costs; +100.00 before costs, 45.10 INR in costs");

    // The next page is asked for with the cursor of the first.
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(vi.mocked(apiPost).mock.calls.map(([, b]) => b)).toEqual([{}, { cursor: "c2" }]);
    const loss = within(list).getAllByRole("listitem")[1] as HTMLElement;
    expect(loss.textContent).toContain("Short · quantity 3 · 10×");
    expect(within(loss).getByText(/-3,036\.30/).className).toContain("record__amount--out");
    expect(await screen.findByText("No more records")).toBeTruthy();
  });
});
