import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import type { AccountOverview, UserInfo } from "@brokerage/api";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../../test/api";
import { ApiError } from "../../../lib/apiError";
import AccountScreen from "./AccountScreen";

const wallet = (currency: string, available = "0.00", frozen = "0.00") => ({
  currency,
  available,
  frozen,
  value: available,
});

function overviewIn(currency: string, total: string): AccountOverview {
  return {
    currency: currency as AccountOverview["currency"],
    total,
    available: "999.99",
    profit: "-1.25",
    netDeposits: "10001.25",
    frozen: "0.00",
    wallets: [
      wallet("USD", "1000.00"),
      wallet("THB", "345.00"),
      wallet("INR", "8550.00", "100.00"),
      ...["CNY", "TWD", "HKD"].map((c) => wallet(c)),
      ...["JPY", "VND"].map((c) => wallet(c, "0", "0")),
      wallet("MYR"),
      wallet("KRW", "0", "0"),
    ],
    positionsValue: "0.00",
    unconverted: [],
    asOf: "2026-11-23T10:00:00.000Z",
  };
}

const user: UserInfo = {
  account: "priya01",
  realname: "Priya Sharma",
  inviteCode: "ABC123",
  kycStatus: "verified",
  fundPasswordSet: true,
  creditScore: 100,
  flags: { frozen: false, loginBanned: false, disabled: false, tradeBanned: false, withdrawBanned: false },
  createdAt: "2025-01-01T00:00:00.000Z",
};

const show = (node: ReactNode, path = "/information/index") => renderAt(node, path);

signedInTests();

describe("/information/index", () => {
  it("shows the totals in USD, switches to Thai baht, and reaches the other wallets, INR first", async () => {
    serve({
      "user/getUserinfo": user,
      "account/overview": (body?: object) => {
        const currency = (body as { currency: string }).currency;
        return overviewIn(
          currency,
          currency === "USD" ? "1234.5" : currency === "THB" ? "42590.25" : "105.00",
        );
      },
    });
    show(<AccountScreen />, "/information/index");
    expect(await screen.findByText("1,234.50")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Total assets (USD)" })).toBeTruthy();
    expect(screen.getByText("-1.25").className).toContain("assets__profit--fall");

    fireEvent.click(screen.getByRole("radio", { name: "THB" }));
    expect(await screen.findByText("42,590.25")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "THB" }).getAttribute("aria-checked")).toBe("true");
    expect(localStorage.getItem("accountCurrency")).toBe("THB");

    fireEvent.click(screen.getByRole("button", { name: "Other wallets" }));
    const sheet = await screen.findByRole("dialog", { name: "Other wallets" });
    const rows = within(sheet)
      .getAllByRole("button")
      .filter((b) => b.classList.contains("wallet-row"));
    expect(rows[0]?.textContent).toContain("INR");
    expect(rows[0]?.textContent).toContain("8,550.00");
    expect(rows[0]?.textContent).toContain("100.00 frozen");
    expect(rows.map((r) => r.textContent?.slice(0, 3))).not.toContain("USD");
    fireEvent.click(rows[0] as HTMLElement);
    expect(await screen.findByText("105.00")).toBeTruthy();
    expect(calls("account/overview").map(([, body]) => body)).toContainEqual({ currency: "INR" });
  });

  it("keeps its entries: deposit, withdraw, exchange, records, transaction records, cards, KYC, settings", async () => {
    serve({ "user/getUserinfo": user, "account/overview": overviewIn("USD", "0.00") });
    show(<AccountScreen />, "/information/index");
    const actions = await screen.findByRole("navigation", { name: "Money" });
    for (const name of ["Deposit", "Withdraw", "Exchange", "Records"])
      expect(within(actions).getByRole("button", { name: new RegExp(name) })).toBeTruthy();
    for (const name of [
      "Transaction records",
      "Proof of balances",
      "Bank cards",
      "Real-name verification",
      "Settings",
      "Wallet address",
    ])
      expect(screen.getByRole("button", { name })).toBeTruthy();
  });

  it("has a customer-service row while config has no link: the in-app conversation", async () => {
    serve({ "user/getUserinfo": user, "account/overview": overviewIn("USD", "0.00") });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    show(<AccountScreen />, "/information/index");
    expect(await screen.findByRole("button", { name: "Settings" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "About us" })).toBeTruthy();
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Customer service" }));
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it("has a customer-service row with a configured link, which opens it", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    serve({ "user/getUserinfo": user, "account/overview": overviewIn("USD", "0.00") }, [
      { name: "kefu", value: "https://help.example.com" },
    ]);
    show(<AccountScreen />, "/information/index");
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(await screen.findByRole("button", { name: "Customer service" }));
    expect(open).toHaveBeenCalledWith("https://help.example.com", "_blank", "noopener");
    open.mockRestore();
  });

  it("offers a retry when the totals cannot be loaded", async () => {
    serve({
      "user/getUserinfo": user,
      "account/overview": () => {
        throw new ApiError("SYSTEM_BUSY", {}, "busy");
      },
    });
    show(<AccountScreen />, "/information/index");
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
