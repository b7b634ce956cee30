import type { AdminRole, ReviewItem, UserLedger } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, fail, isolateTests, meOf, ok, userDetailOf, type Handlers } from "../test/harness";

const USER = "33333333-3333-4333-8333-333333333333";

const detail = userDetailOf(USER);

const ledger: UserLedger = {
  wallets: [{ currency: "USD", available: "1250.50", held: "100.00", margin: "0.00", loan: "0.00" }],
  items: [
    {
      id: "12",
      entryId: "7",
      createdAt: "2026-11-20T10:00:00.000Z",
      entryType: "adjustment",
      purpose: "available",
      currency: "USD",
      amount: "150.00",
      balanceAfter: "1250.50",
      reason: "Goodwill for an outage",
      reference: "adjustment:abc",
      causedBy: "staff",
      staffAccount: "admin2",
    },
  ],
  nextCursor: null,
  adjustments: [],
  adjustFourEyesAbove: { USD: "1000" },
};

/** Signed in as `role`, the user's detail page with their ledger (and `extra`). */
function showUser(role: AdminRole, extra: Handlers = {}) {
  return asStaff(role, `/users/${USER}`, {
    "users/detail": () => ok(detail),
    "users/ledger": () => ok(ledger),
    ...extra,
  });
}

isolateTests();

async function ledgerCard() {
  const title = await screen.findByText("Ledger", {}, { timeout: 20_000 });
  return title.closest(".ant-card") as HTMLElement;
}

describe("a user's ledger", { timeout: 30_000 }, () => {
  it("shows balances and postings with reason and cause, read-only for support", async () => {
    showUser("support");
    const card = await ledgerCard();
    // Available in the balances, and the posting's balance after it.
    expect(await within(card).findAllByText("1,250.50")).toHaveLength(2);
    expect(within(card).getByText("100.00")).toBeTruthy();
    expect(within(card).getByText("+150.00")).toBeTruthy();
    expect(within(card).getByText("Goodwill for an outage")).toBeTruthy();
    expect(within(card).getByText("Adjustment")).toBeTruthy();
    expect(within(card).getByText("· admin2")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /Adjust balance/ })).toBeNull();
  });

  it("asks for confirmation, says a second administrator must approve, and sends one keyed request", async () => {
    const calls = showUser("administrator", {
      "users/adjust": (body) =>
        ok({
          id: "44444444-4444-4444-8444-444444444444",
          userId: USER,
          currency: "USD",
          amount: "2500.00",
          reason: body.reason,
          state: "pending",
          requestedBy: "administrator1",
          reviewId: "55555555-5555-4555-8555-555555555555",
          entryId: null,
          createdAt: "2026-11-23T10:00:00.000Z",
          decidedAt: null,
          available: null,
        }),
    });
    const card = await ledgerCard();
    fireEvent.click(await within(card).findByRole("button", { name: /Adjust balance/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(await within(dialog).findByText("Please give a reason")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Amount"), { target: { value: "-2000" } });
    fireEvent.change(within(dialog).getByLabelText("Reason (shown to the user)"), {
      target: { value: "Compensation" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(await within(dialog).findByText(/below zero/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Amount"), { target: { value: "2500" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(await within(dialog).findByText("A second administrator must approve")).toBeTruthy();
    expect(within(dialog).getByText("+2,500.00 USD")).toBeTruthy();
    expect(within(dialog).getByText("1,250.50 → 3,750.50 USD")).toBeTruthy();
    expect(calls.some((c) => c.path === "users/adjust")).toBe(false);

    fireEvent.click(within(dialog).getByRole("button", { name: "Send for approval" }));
    await waitFor(() => expect(calls.some((c) => c.path === "users/adjust")).toBe(true));
    const sent = calls.find((c) => c.path === "users/adjust")?.body;
    expect(sent).toEqual({
      userId: USER,
      currency: "USD",
      amount: "2500",
      reason: "Compensation",
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(await screen.findByText("Sent for a second administrator's approval.")).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    showUser("administrator", { "users/adjust": () => fail("INSUFFICIENT_BALANCE") });
    const card = await ledgerCard();
    fireEvent.click(await within(card).findByRole("button", { name: /Adjust balance/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Amount"), { target: { value: "-5" } });
    fireEvent.change(within(dialog).getByLabelText("Reason (shown to the user)"), {
      target: { value: "Fee" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(await within(dialog).findByText("Booked at once")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Book adjustment" }));
    expect(await within(dialog).findByRole("alert")).toBeTruthy();
    expect(within(dialog).getByText(/Insufficient balance/)).toBeTruthy();
  });
});

describe("the review of an adjustment", { timeout: 30_000 }, () => {
  const item = (requestedById: string): ReviewItem => ({
    id: "55555555-5555-4555-8555-555555555555",
    kind: "adjustment",
    state: "pending",
    userId: USER,
    account: "asha_k",
    createdAt: "2026-11-23T10:00:00.000Z",
    decidedAt: null,
    reason: null,
    approvals: [],
    approvalsNeeded: 1,
    subject: {
      amount: "+2500.00",
      currency: "USD",
      adjustmentReason: "Compensation",
      requestedBy: "admin2",
      requestedById,
      available: "1250.50",
      adjustmentId: "44444444-4444-4444-8444-444444444444",
    },
  });
  const open = async (role: AdminRole, requestedById: string) => {
    asStaff(role, "/reviews", {
      "reviews/summary": () => ok({ kinds: [{ kind: "adjustment", pending: 1 }] }),
      "reviews/list": () => ok({ items: [item(requestedById)], nextCursor: null }),
    });
    fireEvent.click(
      await screen.findByRole("button", { name: "Open the request of asha_k" }, { timeout: 20_000 }),
    );
    return screen.findByRole("dialog");
  };

  it("shows amount, currency, reason and requester; another administrator may approve", async () => {
    const drawer = await open("administrator", "99999999-9999-4999-8999-999999999999");
    // Amounts in the one money format: grouped, at the currency's scale, with its code.
    for (const text of ["+2,500.00 USD", "1,250.50 USD", "USD", "Compensation", "admin2"])
      expect(within(drawer).getByText(text)).toBeTruthy();
    expect(within(drawer).getByText("Requested by")).toBeTruthy();
    expect((within(drawer).getByRole("button", { name: /Approve/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("keeps the requester from approving their own adjustment", async () => {
    const drawer = await open("administrator", meOf("administrator").id);
    expect((within(drawer).getByRole("button", { name: /Approve/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("leaves a reviewer without ledger.adjust read-only", async () => {
    const drawer = await open("reviewer", "99999999-9999-4999-8999-999999999999");
    expect(within(drawer).getByText("Your role can see this request but not decide it.")).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: /Approve/ })).toBeNull();
  });
});
