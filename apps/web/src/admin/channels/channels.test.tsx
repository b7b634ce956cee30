import type { AdminDepositChannel } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  Bytes,
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

const demo: AdminDepositChannel = {
  id: "44444444-4444-4444-8444-444444444444",
  kind: "bank",
  name: "Demo bank transfer",
  demo: true,
  voucherRequired: true,
  enabled: true,
  sort: 0,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  details: { accountName: "Brokerage Demo Ltd", accountNumber: "000123456789", bankName: "Demo Bank" },
  limits: { USD: { min: "10.00", max: "100000.00" }, INR: { min: "500.00", max: "5000000.00" } },
};

isolateTests();

describe("deposit channels", { timeout: 30_000 }, () => {
  it("lists the channels with their details, limits and the demo label", async () => {
    asStaff("operator", "/channels", { "channels/list": () => ok({ items: [demo] }) });
    const row = (await screen.findByText("Demo bank transfer", {}, { timeout: 15_000 })).closest(
      "tr",
    ) as HTMLElement;
    within(row).getByText("Demo");
    within(row).getByText("Demo Bank · 000123456789");
    within(row).getByText("USD 10.00 – 100,000.00");
    within(row).getByText("INR 500.00 – 5,000,000.00");
    within(row).getByText("Required");
    within(row).getByText("Offered");
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).toContain("Deposit channels");
  });

  it("edits a channel: the kind is fixed, limits are checked before sending, the reason is required", async () => {
    const calls = asStaff("administrator", "/channels", {
      "channels/list": () => ok({ items: [demo] }),
      "channels/save": (body) => ok({ ...demo, name: body.name, enabled: body.enabled }),
    });
    const drawer = await openDialog("Edit Demo bank transfer");
    expect((within(drawer).getByRole("radio", { name: "Bank transfer" }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect((within(drawer).getByLabelText("Account number") as HTMLInputElement).value).toBe("000123456789");

    const maxima = within(drawer).getAllByLabelText("Maximum");
    fireEvent.change(maxima[0] as HTMLElement, { target: { value: "5" } });
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), { target: { value: "Cap" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await within(drawer).findByText("The maximum must not be below the minimum");
    fireEvent.change(maxima[0] as HTMLElement, { target: { value: "10.005" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await within(drawer).findByText("At most 2 decimal places for this currency");
    expect(calledPath(calls, "channels/save")).toBe(false);

    fireEvent.change(maxima[0] as HTMLElement, { target: { value: "20000" } });
    fireEvent.click(within(drawer).getByRole("switch", { name: "Offered to users" }));
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calledPath(calls, "channels/save")).toBe(true));
    expect(sentTo(calls, "channels/save")).toEqual({
      id: demo.id,
      kind: "bank",
      name: "Demo bank transfer",
      details: demo.details,
      limits: { USD: { min: "10.00", max: "20000" }, INR: { min: "500.00", max: "5000000.00" } },
      voucherRequired: true,
      enabled: false,
      sort: 0,
      reason: "Cap",
    });
  });

  it("creates a crypto channel, checking the address of its network; shows the server's refusal", async () => {
    const calls = asStaff("operator", "/channels", {
      "channels/list": () => ok({ items: [demo] }),
      "channels/save": () => fail("WALLET_ADDRESS_INVALID", { field: "details.address", type: "USDT-TRC20" }),
    });
    const drawer = await openDialog("New channel");
    fireEvent.click(within(drawer).getByRole("radio", { name: "Crypto address" }));
    fireEvent.change(within(drawer).getByLabelText("Name"), { target: { value: "USDT" } });
    fireEvent.mouseDown(await within(drawer).findByLabelText("Network"));
    fireEvent.click(await screen.findByTitle("USDT-TRC20"));
    fireEvent.change(within(drawer).getByLabelText("Address"), { target: { value: "TXnotAnAddress" } });
    fireEvent.change(within(drawer).getByLabelText("Minimum"), { target: { value: "50" } });
    fireEvent.change(within(drawer).getByLabelText("Maximum"), { target: { value: "20000" } });
    fireEvent.change(within(drawer).getByLabelText("Reason for the change"), { target: { value: "New" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await within(drawer).findByText("This is not a valid USDT-TRC20 address");
    expect(calledPath(calls, "channels/save")).toBe(false);

    fireEvent.change(within(drawer).getByLabelText("Address"), {
      target: { value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calledPath(calls, "channels/save")).toBe(true));
    expect(sentTo(calls, "channels/save")).toMatchObject({
      kind: "crypto",
      details: { network: "USDT-TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    expect(await within(drawer).findAllByText("This is not a valid USDT-TRC20 address")).not.toHaveLength(0);
  });

  it("is not offered to a role without channels.manage", () =>
    expectRefusedToReviewer("/channels", "Deposit channels"));
});

describe("deposit review", { timeout: 30_000 }, () => {
  it("shows the voucher and the user's standing in the drawer", async () => {
    const depositId = "55555555-5555-4555-8555-555555555555";
    const item = pendingReviewOf("deposit", {
      depositId,
      amount: "250.00",
      currency: "USD",
      channelName: "Demo bank transfer",
      channelKind: "bank",
      voucher: "available",
      state: "pending",
      createdAt: "2026-11-23T08:00:00.000Z",
      kycStatus: "verified",
      realName: "Priya Sharma",
      approvedBefore: "2",
      approvedSumBefore: "100.00",
    });
    const { drawer, calls } = await openReview(item, /Deposits/, {
      "deposits/voucher": () => new Bytes("image/jpeg", "voucher"),
    });
    within(drawer).getByText("Priya Sharma");
    within(drawer).getByText("Verified");
    within(drawer).getByText("Bank transfer");
    within(drawer).getByText("Deposits approved before");
    within(drawer).getByText("Their sum in this currency");
    const voucher = await within(drawer).findByAltText("Transfer voucher uploaded by the user");
    expect(voucher.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
    expect(sentTo(calls, "deposits/voucher")).toEqual({ depositId });
  });
});
