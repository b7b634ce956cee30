import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import type { ReactNode } from "react";
import type { BankCard, UserInfo, WalletAddress } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import BankListScreen from "./screens/BankListScreen";
import AddBankCardScreen from "./screens/AddBankCardScreen";
import UsdtAddressScreen from "./screens/UsdtAddressScreen";
import { AddressQrCode } from "./components/AddressQrCode";

const TRC20 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const card: BankCard = {
  id: "5b0d3a8e-8c36-4c1f-9d55-1c1f0e8a7b01",
  country: "IN",
  holderName: "Priya Sharma",
  cardNumber: "6222***********0123",
  bankName: "State Bank of India",
  branchName: "Mumbai Main Branch",
  ifsc: "SBIN0000300",
  swift: null,
  createdAt: "2025-01-02T03:04:05.000Z",
};

const wallet: WalletAddress = {
  id: "7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f",
  type: "USDT-TRC20",
  address: TRC20,
  createdAt: "2025-01-02T03:04:05.000Z",
};

const userInfo = (overrides: Partial<UserInfo>): UserInfo => ({
  account: "priya01",
  realname: null,
  inviteCode: "ABC123",
  kycStatus: "not_verified",
  fundPasswordSet: false,
  creditScore: 100,
  flags: { frozen: false, loginBanned: false, disabled: false, tradeBanned: false, withdrawBanned: false },
  createdAt: "2025-01-01T00:00:00.000Z",
  ...overrides,
});

const show = (node: ReactNode) => renderAt(node);

signedInTests();
afterEach(() => act(() => Dialog.clear()));

describe("/information/bankList", () => {
  it("shows the empty placeholder with a way to add a card", async () => {
    serve({ "bank/list": { items: [] } });
    show(<BankListScreen />);
    expect(await screen.findByText("No bank card bound yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add bank card" })).toBeTruthy();
  });

  it("shows each card masked and removes one only after confirmation", async () => {
    let items = [card];
    serve({
      "bank/list": () => ({ items }),
      "bank/remove": () => {
        items = [];
        return null;
      },
    });
    show(<BankListScreen />);
    expect(await screen.findByText("State Bank of India")).toBeTruthy();
    expect(screen.getByLabelText("Card number ending 0123").textContent).toBe("6222 •••• •••• 0123");
    expect(screen.getByText("SBIN0000300")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/6222\*+0123/);
    expect(screen.getByRole("button", { name: "Add" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Remove card ending 0123" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Remove the State Bank of India card ending 0123?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls("bank/remove")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Remove card ending 0123" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(calls("bank/remove")).toHaveLength(1));
    expect(calls("bank/remove")[0]?.[1]).toEqual({ id: card.id });
    expect(await screen.findByText("No bank card bound yet")).toBeTruthy();
  });
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("/information/addBankCard", () => {
  it("explains that KYC comes first and leads to it", async () => {
    serve({ "user/getUserinfo": userInfo({ kycStatus: "not_verified" }) });
    show(<AddBankCardScreen />);
    expect(await screen.findByRole("heading", { name: "Verify your identity first" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to real-name verification" })).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });

  it("says a verification under review is waited for", async () => {
    serve({ "user/getUserinfo": userInfo({ kycStatus: "under_review" }) });
    show(<AddBankCardScreen />);
    expect(await screen.findByText(/under review/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "View verification status" })).toBeTruthy();
  });

  /** `bank/lookup` as the server answers it: SBIN0000300 is State Bank of India, anything else unknown. */
  const lookup = ({ code }: { code: string }) => {
    if (code !== "SBIN0000300") throw new ApiError("IFSC_UNKNOWN", { field: "code" }, "No bank branch");
    return {
      country: "IN",
      scheme: "IFSC" as const,
      code,
      bankName: "State Bank of India",
      branchName: null,
    };
  };

  it("fills in the verified name, names the bank from the IFSC, checks the fields, and sends a valid card", async () => {
    serve({
      "user/getUserinfo": userInfo({ kycStatus: "verified", realname: "Priya Sharma" }),
      "bank/lookup": lookup,
      "bank/add": card,
    });
    show(<AddBankCardScreen />);
    const holder = (await screen.findByLabelText("Holder name")) as HTMLInputElement;
    expect(holder.value).toBe("Priya Sharma");
    expect((screen.getByLabelText("Bank's country") as HTMLSelectElement).value).toBe("IN");
    expect(screen.getByRole("status", { name: "Bank name" }).textContent).toBe(
      "Filled in from the IFSC code",
    );

    type("Card number", "6222 0212 3456");
    type("Branch name", "Mumbai Main Branch");
    type("IFSC code", "SBIN1000300");
    type("Holder name", "Someone Else");
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    expect(
      await screen.findByText("Enter a valid IFSC code: 4 letters, then 0, then 6 letters or digits"),
    ).toBeTruthy();
    expect(screen.getByText("This card is not the holder's own")).toBeTruthy();
    // A malformed code is never looked up.
    expect(calls("bank/lookup")).toHaveLength(0);
    expect(calls("bank/add")).toHaveLength(0);

    type("IFSC code", "sbin0000300");
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Bank name" }).textContent).toBe("State Bank of India"),
    );
    expect(calls("bank/lookup")[0]?.[1]).toEqual({ country: "IN", code: "SBIN0000300" });
    type("Holder name", "priya  sharma");
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    await waitFor(() => expect(calls("bank/add")).toHaveLength(1));
    expect(calls("bank/add")[0]?.[1]).toEqual({
      country: "IN",
      holderName: "priya  sharma",
      cardNumber: "6222 0212 3456",
      branchName: "Mumbai Main Branch",
      ifsc: "sbin0000300",
    });
  });

  it("refuses an IFSC that no branch has, beside the field, without sending the card", async () => {
    serve({
      "user/getUserinfo": userInfo({ kycStatus: "verified", realname: "Priya Sharma" }),
      "bank/lookup": lookup,
    });
    show(<AddBankCardScreen />);
    await screen.findByLabelText("Holder name");
    type("Card number", "6222 0212 3456");
    type("Branch name", "Mumbai Main Branch");
    type("IFSC code", "SBIN0999999");
    const message = "No bank branch has this IFSC code: check it against your cheque book or passbook";
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText("IFSC code").getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect(calls("bank/add")).toHaveLength(0);
  });

  it("asks a bank elsewhere for its SWIFT/BIC, of that country, and its name", async () => {
    serve({
      "user/getUserinfo": userInfo({ kycStatus: "verified", realname: "Priya Sharma" }),
      "bank/add": { ...card, country: "TH", ifsc: null, swift: "BKKBTHBK", bankName: "Bangkok Bank" },
    });
    show(<AddBankCardScreen />);
    fireEvent.change(await screen.findByLabelText("Bank's country"), { target: { value: "TH" } });
    expect(screen.queryByLabelText("IFSC code")).toBeNull();
    type("Account number or IBAN", "123-4-56789-0");
    type("Bank name", "Bangkok Bank");
    type("Branch name", "Silom");
    type("SWIFT/BIC code", "BKKB");
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    expect(
      await screen.findByText("Enter a valid SWIFT/BIC code: 8 or 11 letters and digits, such as DEUTDEFF"),
    ).toBeTruthy();
    type("SWIFT/BIC code", "DEUTDEFF");
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    expect(
      await screen.findByText("This SWIFT/BIC code is of a bank in Germany, not in the country chosen"),
    ).toBeTruthy();
    expect(calls("bank/add")).toHaveLength(0);
    type("SWIFT/BIC code", "bkkbthbk");
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    await waitFor(() => expect(calls("bank/add")).toHaveLength(1));
    expect(calls("bank/add")[0]?.[1]).toEqual({
      country: "TH",
      holderName: "Priya Sharma",
      cardNumber: "123-4-56789-0",
      bankName: "Bangkok Bank",
      branchName: "Silom",
      swift: "bkkbthbk",
    });
  });

  it("refuses a card number that is not 12 to 19 digits without sending it", async () => {
    serve({ "user/getUserinfo": userInfo({ kycStatus: "verified", realname: "Priya Sharma" }) });
    show(<AddBankCardScreen />);
    fireEvent.change(await screen.findByLabelText("Card number"), { target: { value: "1234 5678" } });
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    expect(await screen.findByText("Enter a card or account number of 12 to 19 digits")).toBeTruthy();
    expect(calls("bank/add")).toHaveLength(0);
  });

  it("refuses a branch name that hides a direction control, and says why, without sending it", async () => {
    serve({
      "user/getUserinfo": userInfo({ kycStatus: "verified", realname: "Priya Sharma" }),
      "bank/lookup": lookup,
    });
    show(<AddBankCardScreen />);
    await screen.findByLabelText("Holder name");
    type("Card number", "6222 0212 3456");
    type("Branch name", "\u202Egnp.exe");
    type("IFSC code", "SBIN0000300");
    fireEvent.click(screen.getByRole("button", { name: "Bind card" }));
    expect(
      await screen.findByText("Remove the hidden direction marks or the stacked accents from this text"),
    ).toBeTruthy();
    expect(calls("bank/add")).toHaveLength(0);
  });
});

describe("/information/usdtAddress", () => {
  it("shows each address with its QR code and a copy button", async () => {
    serve({ "wallet/list": { items: [wallet] } });
    show(<UsdtAddressScreen />);
    expect(await screen.findByText(TRC20)).toBeTruthy();
    const qr = (await screen.findByRole("img", {
      name: "QR code of the USDT-TRC20 address",
    })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(qr.width).toBe(256);
    expect(screen.getByRole("button", { name: "Copy address" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove USDT-TRC20 address" })).toBeTruthy();
  });

  it("shows the empty placeholder and the form with a type picker", async () => {
    serve({ "wallet/list": { items: [] } });
    show(<UsdtAddressScreen />);
    expect(await screen.findByText("No wallet address yet")).toBeTruthy();
    const group = screen.getByRole("radiogroup", { name: "Network" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["USDT-TRC20", "USDT-ERC20", "BTC"]);
    expect(within(group).getByRole("radio", { name: "USDT-TRC20" }).getAttribute("aria-checked")).toBe(
      "true",
    );
  });

  it("checks the address against the chosen network before sending it", async () => {
    serve({ "wallet/list": { items: [] }, "wallet/add": wallet });
    show(<UsdtAddressScreen />);
    await screen.findByText("No wallet address yet");
    fireEvent.click(screen.getByRole("radio", { name: "USDT-ERC20" }));
    fireEvent.change(screen.getByLabelText("Address"), { target: { value: TRC20 } });
    fireEvent.click(screen.getByRole("button", { name: "Add address" }));
    expect(await screen.findByText("This is not a valid USDT-ERC20 address")).toBeTruthy();
    expect(calls("wallet/add")).toHaveLength(0);

    fireEvent.click(screen.getByRole("radio", { name: "USDT-TRC20" }));
    fireEvent.click(screen.getByRole("button", { name: "Add address" }));
    await waitFor(() => expect(calls("wallet/add")).toHaveLength(1));
    expect(calls("wallet/add")[0]?.[1]).toEqual({ type: "USDT-TRC20", address: TRC20 });
  });

  it("says so where the data is too long for a QR code", () => {
    render(<AddressQrCode text={"x".repeat(1274)} label="QR" />);
    expect(screen.getByText("This address is too long to show as a QR code. Copy it instead.")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "QR" })).toBeNull();
  });
});
