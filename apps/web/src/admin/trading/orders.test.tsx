import type { AdminRole } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { closedOrderOf, tradeOrderOf } from "../../test/tradeOrder";
import { asStaff, isolateTests, ok, userDetailOf, type Handler } from "../test/harness";

const USER = "33333333-3333-4333-8333-333333333333";

/** Signed in as `role`, the user's detail page with their orders answered by `orders`. */
function showUser(role: AdminRole, orders: Handler<"users/orders">) {
  return asStaff(role, `/users/${USER}`, {
    "users/detail": () => ok(userDetailOf(USER)),
    "users/ledger": () =>
      ok({ wallets: [], items: [], nextCursor: null, adjustments: [], adjustFourEyesAbove: {} }),
    "users/orders": orders,
  });
}

isolateTests();

async function ordersCard() {
  const title = await screen.findByText("Orders and positions", {}, { timeout: 20_000 });
  return title.closest(".ant-card") as HTMLElement;
}

describe("a user's orders and positions", { timeout: 30_000 }, () => {
  it("shows open positions with their valuation, pages on with the cursor, and switches tabs", async () => {
    const calls = showUser("reviewer", (body) => {
      if (body.tab === "positions" && !body.cursor)
        return ok({ items: [tradeOrderOf({ lockedUntil: "2026-11-24T03:45:00.000Z" })], nextCursor: "c2" });
      if (body.tab === "positions")
        return ok({
          items: [tradeOrderOf({ id: "6d0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f", orderNo: "T0000000002" })],
          nextCursor: null,
        });
      if (body.tab === "pending") return ok({ items: [], nextCursor: null });
      return ok({ items: [closedOrderOf()], nextCursor: null });
    });
    const card = await ordersCard();
    const positions = await within(card).findByRole("region", { name: "Open positions" });
    expect(await within(positions).findByText("T20261123000001")).toBeTruthy();
    expect(within(positions).getByText("Long · Market · 5×")).toBeTruthy();
    expect(within(positions).getByText("2470.00")).toBeTruthy();
    expect(within(positions).getByText("4,940.00")).toBeTruthy();
    // The P&L net of the costs paid (DESIGN §5a): −60.00 before them, 20.00 to open.
    expect(within(positions).getByText("-80.00")).toBeTruthy();
    expect(within(positions).getByText("-8.00%")).toBeTruthy();
    expect(calls.find((c) => c.path === "users/orders")?.body).toEqual({ userId: USER, tab: "positions" });

    fireEvent.click(within(card).getByRole("button", { name: "Load more" }));
    expect(await within(positions).findByText("T0000000002")).toBeTruthy();
    expect(calls.filter((c) => c.path === "users/orders").at(-1)?.body).toEqual({
      userId: USER,
      tab: "positions",
      cursor: "c2",
    });

    fireEvent.click(within(card).getByRole("tab", { name: "Pending orders" }));
    expect(await within(card).findByText("No pending orders")).toBeTruthy();
    fireEvent.click(within(card).getByRole("tab", { name: "Finished" }));
    const finished = await within(card).findByRole("region", { name: "Finished" });
    expect(await within(finished).findByText("2550.00")).toBeTruthy();
    expect(within(finished).getByText("+54.90")).toBeTruthy();
    expect(within(finished).getByText("close 20.00 · taxes 5.10")).toBeTruthy();
    expect(within(finished).getByText("Closed by the user")).toBeTruthy();
  });

  it("is not shown to a role without trading.read, which is never asked for it", async () => {
    const calls = showUser("support", () => ok({ items: [], nextCursor: null }));
    expect(await screen.findByText("Ledger", {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText("Orders and positions")).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === "users/ledger")).toBe(true));
    expect(calls.some((c) => c.path === "users/orders")).toBe(false);
  });
});
