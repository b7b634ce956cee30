import type { AdminBlockTradeOffer } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  asStaff,
  calledPath,
  expectRefusedToReviewer,
  fail,
  isolateTests,
  ok,
  openDialog,
  openReview,
  pendingReviewOf,
  sentTo,
} from "../test/harness";
import { toLocalInput } from "./form";

const upcoming: AdminBlockTradeOffer = {
  id: "44444444-4444-4444-8444-444444444444",
  symbol: "RELIANCE",
  exchange: "NSE",
  name: "Reliance Industries",
  market: "IN",
  currency: "INR",
  price: "925.50",
  minQuantity: "100",
  maxQuantity: "1000",
  opensAt: "2026-11-24T03:30:00.000Z",
  closesAt: "2026-11-27T10:00:00.000Z",
  lockDays: 2,
  secretKeyRequired: true,
  state: "active",
  status: "upcoming",
  createdBy: "operator1",
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-20T08:00:00.000Z",
  pendingCount: 0,
  approvedQuantity: "0",
};
const open: AdminBlockTradeOffer = {
  ...upcoming,
  id: "55555555-5555-4555-8555-555555555555",
  symbol: "TCS",
  name: "Tata Consultancy",
  maxQuantity: null,
  secretKeyRequired: false,
  status: "open",
  pendingCount: 3,
  approvedQuantity: "1200",
};

isolateTests();

describe("block-trade offers", { timeout: 30_000 }, () => {
  it("lists the offers with their terms, status and subscriptions; only an upcoming one can be edited", async () => {
    asStaff("operator", "/blockTrades", {
      "blockTrades/list": () => ok({ items: [upcoming, open], nextCursor: null }),
    });
    const row = (await screen.findByText("Tata Consultancy", {}, { timeout: 15_000 })).closest(
      "tr",
    ) as HTMLElement;
    within(row).getByText("TCS · NSE");
    within(row).getByText("925.50 INR");
    within(row).getByText("From 100");
    within(row).getByText("Open");
    within(row).getByText("3 to review · 1,200 shares approved");
    expect(
      (within(row).getByRole("button", { name: "Edit the TCS offer" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const first = screen.getByText("Reliance Industries").closest("tr") as HTMLElement;
    within(first).getByText("100 – 1,000");
    within(first).getByText("Upcoming");
    within(first).getByText("Required");
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).toContain("Block trades");
  });

  it("creates an offer, checked before sending, with the reason and the key", async () => {
    const calls = asStaff("administrator", "/blockTrades", {
      "blockTrades/list": () => ok({ items: [], nextCursor: null }),
      "blockTrades/save": (body) => ok({ ...upcoming, symbol: body.symbol }),
    });
    expect(await screen.findByText("No block-trade offers yet", {}, { timeout: 15_000 })).toBeTruthy();
    const drawer = await openDialog("New offer");
    fireEvent.change(within(drawer).getByLabelText("Symbol"), { target: { value: "reliance" } });
    fireEvent.change(within(drawer).getByLabelText("Offer price"), { target: { value: "0" } });
    fireEvent.change(within(drawer).getByLabelText("Opens"), { target: { value: "2026-11-24T09:00" } });
    fireEvent.change(within(drawer).getByLabelText("Closes"), { target: { value: "2026-11-27T15:30" } });
    fireEvent.click(within(drawer).getByRole("radio", { name: "Set a new key" }));
    fireEvent.change(await within(drawer).findByLabelText("New key"), { target: { value: "club-2026" } });
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Q4 placement" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await within(drawer).findByText("Enter a price above 0");
    expect(calledPath(calls, "blockTrades/save")).toBe(false);

    fireEvent.change(within(drawer).getByLabelText("Offer price"), { target: { value: "925.50" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calledPath(calls, "blockTrades/save")).toBe(true));
    expect(sentTo(calls, "blockTrades/save")).toEqual({
      symbol: "RELIANCE",
      price: "925.50",
      minQuantity: "100",
      maxQuantity: null,
      opensAt: new Date("2026-11-24T09:00").toISOString(),
      closesAt: new Date("2026-11-27T15:30").toISOString(),
      lockDays: 1,
      secretKey: "club-2026",
      reason: "Q4 placement",
    });
  });

  it("edits an upcoming offer keeping its key, and shows the server's refusal beside the symbol", async () => {
    const calls = asStaff("operator", "/blockTrades", {
      "blockTrades/list": () => ok({ items: [upcoming], nextCursor: null }),
      "blockTrades/save": () => fail("UNKNOWN_SYMBOL", { symbol: "RELIANCE" }),
    });
    const drawer = await openDialog("Edit the RELIANCE offer");
    expect((within(drawer).getByLabelText("Opens") as HTMLInputElement).value).toBe(
      toLocalInput(upcoming.opensAt),
    );
    expect(
      (within(drawer).getByRole("radio", { name: "Keep the current key" }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Later start" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findAllByText("Unknown symbol: RELIANCE")).not.toHaveLength(0);
    const sent = sentTo(calls, "blockTrades/save");
    expect(sent).toMatchObject({
      id: upcoming.id,
      symbol: "RELIANCE",
      minQuantity: "100",
      maxQuantity: "1000",
    });
    expect(sent).not.toHaveProperty("secretKey");
  });

  it("warns of a second offer and a deep discount before saving; the staff member confirms", async () => {
    const calls = asStaff("operator", "/blockTrades", {
      "blockTrades/list": () => ok({ items: [upcoming], nextCursor: null }),
      "blockTrades/check": () =>
        ok({
          symbol: "RELIANCE",
          currency: "INR",
          referencePrice: "1234.5",
          discount: "0.2503",
          warnings: [
            {
              kind: "secondOffering",
              others: [
                {
                  id: open.id,
                  seq: 42,
                  state: "active",
                  price: "1100",
                  opensAt: open.opensAt,
                  closesAt: open.closesAt,
                },
              ],
            },
            { kind: "discount", discount: "0.2503", limit: "0.05" },
          ],
        }),
      "blockTrades/save": (body) => ok({ ...upcoming, symbol: body.symbol }),
    });
    const drawer = await openDialog("Edit the RELIANCE offer");
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Later start" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    const warnings = await screen.findByRole("list", { name: "Check before saving" });
    expect(sentTo(calls, "blockTrades/check")).toEqual({
      symbol: "RELIANCE",
      price: "925.50",
      id: upcoming.id,
    });
    within(warnings).getByText(
      /RELIANCE already has an offering: no\. 42 \(open or upcoming\) at 1,100\.00 INR/,
    );
    within(warnings).getByText(
      "The price is 25.03 % below the market price of 1,234.50 INR, more than the 5.00 % the configuration warns above.",
    );
    expect(calledPath(calls, "blockTrades/save")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Back to the form" }));
    expect(calledPath(calls, "blockTrades/save")).toBe(false);
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    // The first confirmation may still be closing: the newest one is the last.
    await waitFor(() => expect(calls.filter((c) => c.path === "blockTrades/check")).toHaveLength(2));
    const confirms = await screen.findAllByRole("button", { name: "Save anyway" });
    fireEvent.click(confirms.at(-1) as HTMLElement);
    await waitFor(() => expect(calledPath(calls, "blockTrades/save")).toBe(true));
  });

  it("withdraws an offer after confirmation with a reason", async () => {
    const calls = asStaff("operator", "/blockTrades", {
      "blockTrades/list": () => ok({ items: [open], nextCursor: null }),
      "blockTrades/withdraw": () => ok({ ...open, state: "withdrawn", status: "withdrawn" }),
    });
    const modal = await openDialog("Withdraw the TCS offer");
    within(modal).getByText("Withdraw the TCS offer?");
    within(modal).getByText(/The 3 subscriptions waiting for review stay in the queue/);
    fireEvent.click(within(modal).getByRole("button", { name: "Withdraw" }));
    await within(modal).findByText("Please give a reason");
    expect(calledPath(calls, "blockTrades/withdraw")).toBe(false);
    fireEvent.change(within(modal).getByLabelText("Reason for the change"), {
      target: { value: "Issuer pulled it" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(calledPath(calls, "blockTrades/withdraw")).toBe(true));
    expect(sentTo(calls, "blockTrades/withdraw")).toEqual({
      id: open.id,
      reason: "Issuer pulled it",
    });
  });

  it("is not offered to a role without blockTrades.manage", () =>
    expectRefusedToReviewer("/blockTrades", "Block trades"));
});

describe("block-trade review", { timeout: 30_000 }, () => {
  it("shows the subscription's terms against the market in the queue and the drawer", async () => {
    const item = pendingReviewOf("blockTrade", {
      symbol: "RELIANCE",
      quantity: "100",
      holdAmount: "92577.77",
      currency: "INR",
      name: "Reliance Industries",
      exchange: "NSE",
      offerPrice: "925.50",
      livePrice: "1000.00",
      discount: "7.45",
      margin: "92550.00",
      fee: "27.77",
      lockDays: "2",
      offerClosesAt: "2026-11-27T10:00:00.000Z",
      offerState: "withdrawn",
      orderNo: "T0000000042",
      orderId: "88888888-8888-4888-8888-888888888888",
      offerId: upcoming.id,
      createdAt: "2026-11-23T08:00:00.000Z",
      realName: "Priya Sharma",
      kycStatus: "verified",
    });
    const { drawer } = await openReview(item, /Block trade/);
    expect(screen.getByText("Symbol: RELIANCE · Shares: 100 · Amount held: 92,577.77 INR")).toBeTruthy();
    within(drawer).getByText("Offer price");
    within(drawer).getByText("Market price now");
    within(drawer).getByText("Lock (trading days)");
    within(drawer).getByText("Withdrawn");
    within(drawer).getByText("Priya Sharma");
  });
});
