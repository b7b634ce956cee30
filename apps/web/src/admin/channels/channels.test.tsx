import type { AdminDepositChannel, ReviewItem } from "@brokerage/api";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Bytes, fail, meOf, mockAdminApi, ok, renderAdmin, signIn } from "../test/harness";

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

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("deposit channels", { timeout: 30_000 }, () => {
  it("lists the channels with their details, limits and the demo label", async () => {
    signIn("operator");
    mockAdminApi({ "auth/me": () => ok(meOf("operator")), "channels/list": () => ok({ items: [demo] }) });
    renderAdmin("/channels");
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
    signIn("administrator");
    const calls = mockAdminApi({
      "auth/me": () => ok(meOf("administrator")),
      "channels/list": () => ok({ items: [demo] }),
      "channels/save": (body) => ok({ ...demo, name: body.name, enabled: body.enabled }),
    });
    renderAdmin("/channels");
    fireEvent.click(await screen.findByRole("button", { name: "Edit Demo bank transfer" }));
    const drawer = await screen.findByRole("dialog");
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
    expect(calls.some((c) => c.path === "channels/save")).toBe(false);

    fireEvent.change(maxima[0] as HTMLElement, { target: { value: "20000" } });
    fireEvent.click(within(drawer).getByRole("switch", { name: "Offered to users" }));
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.path === "channels/save")).toBe(true));
    expect(calls.find((c) => c.path === "channels/save")?.body).toEqual({
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
    signIn("operator");
    const calls = mockAdminApi({
      "auth/me": () => ok(meOf("operator")),
      "channels/list": () => ok({ items: [demo] }),
      "channels/save": () => fail("WALLET_ADDRESS_INVALID", { field: "details.address", type: "USDT-TRC20" }),
    });
    renderAdmin("/channels");
    fireEvent.click(await screen.findByRole("button", { name: "New channel" }));
    const drawer = await screen.findByRole("dialog");
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
    expect(calls.some((c) => c.path === "channels/save")).toBe(false);

    fireEvent.change(within(drawer).getByLabelText("Address"), {
      target: { value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.path === "channels/save")).toBe(true));
    expect(calls.find((c) => c.path === "channels/save")?.body).toMatchObject({
      kind: "crypto",
      details: { network: "USDT-TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    expect(await within(drawer).findAllByText("This is not a valid USDT-TRC20 address")).not.toHaveLength(0);
  });

  it("is not offered to a role without channels.manage", async () => {
    signIn("reviewer");
    mockAdminApi({ "auth/me": () => ok(meOf("reviewer")) });
    renderAdmin("/channels");
    expect(await screen.findByText("Not available to your role")).toBeTruthy();
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).not.toContain("Deposit channels");
  });
});

describe("deposit review", { timeout: 30_000 }, () => {
  it("shows the voucher and the user's standing in the drawer", async () => {
    signIn("reviewer");
    const depositId = "55555555-5555-4555-8555-555555555555";
    const item: ReviewItem = {
      id: "66666666-6666-4666-8666-666666666666",
      kind: "deposit",
      state: "pending",
      userId: "77777777-7777-4777-8777-777777777777",
      account: "priya01",
      createdAt: "2026-11-23T08:00:00.000Z",
      decidedAt: null,
      reason: null,
      approvals: [],
      approvalsNeeded: 1,
      subject: {
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
      },
    };
    const calls = mockAdminApi({
      "auth/me": () => ok(meOf("reviewer")),
      "reviews/summary": () => ok({ kinds: [{ kind: "deposit", pending: 1 }] }),
      "reviews/list": () => ok({ items: [item], nextCursor: null }),
      "deposits/voucher": () => new Bytes("image/jpeg", "voucher"),
    });
    renderAdmin("/reviews");
    fireEvent.click(await screen.findByRole("tab", { name: /Deposits/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Open the request of priya01" }));
    const drawer = await screen.findByRole("dialog");
    within(drawer).getByText("Priya Sharma");
    within(drawer).getByText("Verified");
    within(drawer).getByText("Bank transfer");
    within(drawer).getByText("Deposits approved before");
    within(drawer).getByText("Their sum in this currency");
    const voucher = await within(drawer).findByAltText("Transfer voucher uploaded by the user");
    expect(voucher.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
    expect(calls.find((c) => c.path === "deposits/voucher")?.body).toEqual({ depositId });
  });
});
