import type { AdminPlacementOffer } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  asStaff,
  calledPath,
  expectRefusedToReviewer,
  isolateTests,
  ok,
  openDialog,
  openReview,
  pendingReviewOf,
  sentTo,
} from "../test/harness";

const open: AdminPlacementOffer = {
  id: "44444444-4444-4444-8444-444444444444",
  kind: "capitalIncrease",
  symbol: "RELIANCE",
  exchange: "NSE",
  name: "Reliance Industries",
  market: "IN",
  currency: "INR",
  price: "900.00",
  minAmount: "50000.00",
  maxAmount: "450000.00",
  minQuantity: "56",
  maxQuantity: "500",
  opensAt: "2026-11-24T03:30:00.000Z",
  closesAt: "2026-11-27T10:00:00.000Z",
  eligibility: "holders",
  lockDays: 2,
  state: "active",
  status: "open",
  createdBy: "operator1",
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-20T08:00:00.000Z",
  pendingCount: 3,
  approvedQuantity: "1200",
};

isolateTests();

describe("placement offers", { timeout: 30_000 }, () => {
  it("lists the offers with their kind, who may apply, amounts, lock and subscriptions", async () => {
    asStaff("operator", "/placements", {
      "placements/list": () => ok({ items: [open], nextCursor: null }),
    });
    const row = (await screen.findByText("Reliance Industries", {}, { timeout: 15_000 })).closest(
      "tr",
    ) as HTMLElement;
    within(row).getByText("Capital increase");
    within(row).getByText("Holders of the instrument");
    within(row).getByText("900.00 INR");
    within(row).getByText("50,000.00 INR – 450,000.00 INR");
    within(row).getByText("Locked 2 trading days");
    within(row).getByText("3 to review · 1,200 shares approved");
    expect(
      (within(row).getByRole("button", { name: "Edit the RELIANCE offer" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("makes an offer: a capital increase is for holders by default", async () => {
    const calls = asStaff("administrator", "/placements", {
      "placements/list": () => ok({ items: [open], nextCursor: null }),
      "placements/save": (body) => ok({ ...open, symbol: body.symbol }),
    });
    await screen.findByText("Reliance Industries", {}, { timeout: 15_000 });
    const drawer = await openDialog("New offer");
    fireEvent.click(within(drawer).getByRole("radio", { name: "Capital increase" }));
    fireEvent.change(within(drawer).getByLabelText("Symbol"), { target: { value: "reliance" } });
    fireEvent.change(within(drawer).getByLabelText("Fixed price"), { target: { value: "900.00" } });
    fireEvent.change(within(drawer).getByLabelText("Minimum amount"), { target: { value: "50000" } });
    fireEvent.change(within(drawer).getByLabelText("Opens"), { target: { value: "2026-11-24T09:00" } });
    fireEvent.change(within(drawer).getByLabelText("Closes"), { target: { value: "2026-11-27T15:30" } });
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), {
      target: { value: "Rights for holders" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calledPath(calls, "placements/save")).toBe(true));
    expect(sentTo(calls, "placements/save")).toEqual({
      kind: "capitalIncrease",
      symbol: "RELIANCE",
      price: "900.00",
      minAmount: "50000",
      maxAmount: null,
      opensAt: new Date("2026-11-24T09:00").toISOString(),
      closesAt: new Date("2026-11-27T15:30").toISOString(),
      eligibility: "holders",
      lockDays: 1,
      reason: "Rights for holders",
    });
  });

  it("withdraws an offer after confirmation with a reason", async () => {
    const calls = asStaff("operator", "/placements", {
      "placements/list": () => ok({ items: [open], nextCursor: null }),
      "placements/withdraw": () => ok({ ...open, state: "withdrawn", status: "withdrawn" }),
    });
    const modal = await openDialog("Withdraw the RELIANCE offer");
    within(modal).getByText("Withdraw the RELIANCE offer?");
    fireEvent.change(within(modal).getByLabelText("Reason for the change"), {
      target: { value: "Issuer pulled it" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(calledPath(calls, "placements/withdraw")).toBe(true));
    expect(sentTo(calls, "placements/withdraw")).toEqual({ id: open.id, reason: "Issuer pulled it" });
  });

  it("is not offered to a role without placements.manage", () =>
    expectRefusedToReviewer("/placements", "Placements"));
});

describe("placement review", { timeout: 30_000 }, () => {
  it("shows the offer's kind, who may apply, what is held and the user's standing", async () => {
    const item = pendingReviewOf("placement", {
      symbol: "RELIANCE",
      quantity: "100",
      holdAmount: "90027.00",
      currency: "INR",
      name: "Reliance Industries",
      exchange: "NSE",
      offerKind: "capitalIncrease",
      offerPrice: "900.00",
      livePrice: "1000.00",
      margin: "90000.00",
      fee: "27.00",
      lockDays: "2",
      eligibility: "holders",
      offerClosesAt: "2026-11-27T10:00:00.000Z",
      offerState: "active",
      orderNo: "T0000000042",
      orderId: "88888888-8888-4888-8888-888888888888",
      offerId: open.id,
      createdAt: "2026-11-23T08:00:00.000Z",
      realName: "Priya Sharma",
      kycStatus: "verified",
      accountFrozen: "no",
      tradeBanned: "no",
    });
    const { drawer } = await openReview(item, /Placements/);
    expect(screen.getByText("Symbol: RELIANCE · Shares: 100 · Amount held: 90,027.00 INR")).toBeTruthy();
    within(drawer).getByText("Capital increase");
    within(drawer).getByText("Holders of the instrument");
    within(drawer).getByText("Trading barred");
    within(drawer).getByText("Priya Sharma");
  });
});
