import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import { Route, Routes } from "react-router";
import type {
  BankCard,
  WalletAddress,
  Withdrawal,
  WithdrawListResponse,
  WithdrawRule,
  WithdrawRulesResponse,
} from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError, HttpError, loadMoneyFormat } from "../../lib/apiError";
import { loadContract } from "../../lib/contract";
import CashOutScreen from "./screens/CashOutScreen";

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

const met = (id: WithdrawRule["id"], params: Record<string, string> = {}): WithdrawRule => ({
  id,
  met: true,
  code: null,
  params,
  fix: null,
});

function rulesAnswer(
  overrides: Partial<Record<WithdrawRule["id"], Partial<WithdrawRule>>> = {},
): WithdrawRulesResponse {
  const rules: WithdrawRule[] = [
    met("account"),
    met("fundPassword"),
    met("kyc", { state: "verified" }),
    met("bankCard", { count: "1" }),
    met("creditScore", { score: "100", minScore: "60" }),
    met("window", { start: "09:30", end: "24:00", days: "1,2,3,4,5", timeZone: "Asia/Kolkata" }),
    met("limits", { min: "100.00", max: "50000.00" }),
    met("noPending"),
    met("withdrawable", { available: "1250.50", min: "100.00" }),
  ].map((rule) => ({ ...rule, ...overrides[rule.id] }));
  return {
    currency: "USD",
    rules,
    canWithdraw: rules.every((r) => r.met),
    currencies: ["USD", "THB", "INR"],
    available: "1250.50",
    limits: { min: "100.00", max: "50000.00" },
    networks: [
      { type: "USDT-TRC20", fee: "1.00" },
      { type: "USDT-ERC20", fee: "10.00" },
    ],
    window: { days: [1, 2, 3, 4, 5], from: "09:30", to: "24:00", timeZone: "Asia/Kolkata", open: true },
    arrival: { withinHours: 2, latestDays: 1 },
    fourEyesAbove: "10000.00",
  };
}

const held: Withdrawal = {
  id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  currency: "USD",
  amount: "1250.50",
  fee: "0.00",
  receive: "1250.50",
  state: "pending",
  reason: null,
  card: { id: card.id, holderName: card.holderName, bankName: card.bankName, cardNumber: card.cardNumber },
  wallet: null,
  createdAt: "2026-01-05T08:00:00.000Z",
  decidedAt: null,
};

const show = (path = "/information/cashOut") =>
  renderAt(
    <Routes>
      <Route path="/information/cashOut" element={<CashOutScreen />} />
      <Route path="/information/authInfo" element={<p>KYC screen</p>} />
    </Routes>,
    path,
  );

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

// The form loads the contract's schemas and the money format on its first submit: loaded once here, so
// a slow machine does not turn that first load into a timed-out wait.
beforeAll(() => Promise.all([loadContract(), loadMoneyFormat()]));
signedInTests();
afterEach(() => act(() => Dialog.clear()));

describe("/information/cashOut", () => {
  it("leads a rule fixed by customer service to the in-app conversation, or the configured link", async () => {
    const banned = rulesAnswer({
      account: { met: false, code: "WITHDRAW_BANNED", params: {}, fix: "kefu" },
    });
    serve({ "fund/withdrawRules": banned, "bank/list": { items: [card] }, "wallet/list": { items: [] } });
    const first = renderAt(
      <Routes>
        <Route path="/information/cashOut" element={<CashOutScreen />} />
        <Route path="/home/kefuView" element={<p>Support screen</p>} />
      </Routes>,
      "/information/cashOut",
    );
    let rules = await screen.findByRole("region", { name: "Before you withdraw" });
    expect(within(rules).getByText("1 to fix")).toBeTruthy();
    expect(within(rules).getByText(/Account open for withdrawals/)).toBeTruthy();
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    fireEvent.click(await within(rules).findByRole("button", { name: "Customer service" }));
    expect(await screen.findByText("Support screen")).toBeTruthy();
    first.unmount();

    const open = vi.spyOn(window, "open").mockReturnValue(null);
    serve({ "fund/withdrawRules": banned, "bank/list": { items: [card] }, "wallet/list": { items: [] } }, [
      { name: "kefu", value: "https://help.example.com" },
    ]);
    show();
    rules = await screen.findByRole("region", { name: "Before you withdraw" });
    fireEvent.click(await within(rules).findByRole("button", { name: "Customer service" }));
    expect(open).toHaveBeenCalledWith("https://help.example.com", "_blank", "noopener");
    open.mockRestore();
  });

  it("shows every rule with the user's standing first, and links an unmet one to its fix", async () => {
    serve({
      "fund/withdrawRules": rulesAnswer({
        kyc: {
          met: false,
          code: "KYC_REQUIRED",
          params: { state: "under_review" },
          fix: "/information/authInfo",
        },
        creditScore: {
          met: false,
          code: "INSUFFICIENT_CREDIT_SCORE",
          params: { score: "40", minScore: "60" },
        },
      }),
      "bank/list": { items: [card] },
      "wallet/list": { items: [] },
    });
    show();
    const rules = await screen.findByRole("region", { name: "Before you withdraw" });
    const items = within(rules).getAllByRole("listitem");
    expect(items).toHaveLength(9);
    expect(within(rules).getByText("2 to fix")).toBeTruthy();
    expect(items[2]?.textContent).toContain("Needed before withdrawing (now: under review)");
    expect(items[4]?.textContent).toContain("40: at least 60 is needed");
    expect(items[5]?.textContent).toContain("09:30–24:00");
    expect(items[8]?.textContent).toContain("1,250.50 USD available");
    expect(within(rules).getByText("Arrives within 2 hours, at the latest T+1")).toBeTruthy();
    // The form is there too, not hidden behind the rules.
    expect(screen.getByRole("form", { name: "Withdrawal request" })).toBeTruthy();
    fireEvent.click(within(rules).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("KYC screen")).toBeTruthy();
  });

  it("checks the rules and the fields before asking anything of the server", async () => {
    serve({
      "fund/withdrawRules": rulesAnswer({
        window: {
          met: false,
          code: "OUTSIDE_WINDOW",
          params: { start: "09:30", end: "24:00", timeZone: "Asia/Kolkata" },
        },
      }),
      "bank/list": { items: [card] },
      "wallet/list": { items: [] },
    });
    show();
    const form = await screen.findByRole("form", { name: "Withdrawal request" });
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    expect(
      await within(form).findByText(
        "Not available at this time. Hours: 09:30 to 24:00 (GMT+5:30) on workdays",
      ),
    ).toBeTruthy();
    expect(within(form).getAllByText("This field is required")).toHaveLength(2);
    fill(/^Amount/, "99.5");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    expect(await within(form).findByText("The amount is below the minimum of 100.00")).toBeTruthy();
    fill(/^Amount/, "2000");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    expect(await within(form).findByText("Insufficient withdrawable amount: 1,250.50")).toBeTruthy();
    expect(calls("fund/withdraw")).toEqual([]);
  });

  it("confirms amount, card and arrival in a sheet, then requests once and shows the result", async () => {
    serve({
      "fund/withdrawRules": rulesAnswer(),
      "bank/list": { items: [card] },
      "wallet/list": { items: [] },
      "fund/withdraw": held,
    });
    show();
    const form = await screen.findByRole("form", { name: "Withdrawal request" });
    fireEvent.click(within(form).getByRole("button", { name: "All" }));
    // The only card is chosen already.
    expect(within(form).getByRole("radio", { name: /State Bank of India •••• 0123/ })).toHaveProperty(
      "checked",
      true,
    );
    fill(/^Fund password/, "fund-pass-2468");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm the withdrawal" });
    expect(sheet.textContent).toContain("1,250.50 USD");
    expect(sheet.textContent).toContain("State Bank of India •••• 0123");
    expect(sheet.textContent).toContain("Arrives within 2 hours, at the latest T+1");
    expect(calls("fund/withdraw")).toEqual([]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("heading", { name: "Withdrawal requested" })).toBeTruthy();
    expect(
      screen.getByText("1,250.50 USD to State Bank of India •••• 0123 is held and waiting for review."),
    ).toBeTruthy();
    expect(calls("fund/withdraw")).toEqual([
      [
        "fund/withdraw",
        {
          currency: "USD",
          amount: "1250.50",
          bankCardId: card.id,
          fundPassword: "fund-pass-2468",
          idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        },
        { silent: true },
      ],
    ]);
  });

  it("pays to a saved address: discloses its network and fee, confirms the address, and sends walletId", async () => {
    const trc: WalletAddress = {
      id: "2f6a1c0e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
      type: "USDT-TRC20",
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      createdAt: "2025-01-02T03:04:05.000Z",
    };
    const btc: WalletAddress = {
      ...trc,
      id: "3a7b2d1f-4c5e-4f60-9b0a-1d2e3f4a5b6c",
      type: "BTC",
      address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    };
    serve({
      "fund/withdrawRules": rulesAnswer(),
      "bank/list": { items: [card] },
      "wallet/list": { items: [trc, btc] },
      "fund/withdraw": {
        ...held,
        amount: "150.00",
        fee: "1.00",
        receive: "149.00",
        card: null,
        wallet: { id: trc.id, type: trc.type, address: trc.address },
      },
    });
    show();
    const form = await screen.findByRole("form", { name: "Withdrawal request" });
    const payTo = within(form).getByRole("group", { name: "Pay to" });
    // A card and a paying address: the user picks; a BTC address cannot receive US dollars.
    expect(within(payTo).getByRole("radio", { name: /State Bank of India •••• 0123/ })).toHaveProperty(
      "checked",
      false,
    );
    expect(within(payTo).getByRole("radio", { name: /Bitcoin/ })).toHaveProperty("disabled", true);
    expect(payTo.textContent).toContain("Not paid out in USD on this network");
    const address = within(payTo).getByRole("radio", { name: /USDT \(Tron, TRC-20\) · TR7NHq…gjLj6t/ });
    expect(address.closest("label")?.textContent).toContain("Network fee 1.00 USD");
    fireEvent.click(address);
    fill(/^Amount/, "150");
    expect(form.textContent).toContain(
      "Network fee 1.00 USD, taken from the amount: the address receives 149.00 USD as USDT (Tron, TRC-20).",
    );
    fill(/^Fund password/, "fund-pass-2468");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    const sheet = await screen.findByRole("dialog", { name: "Confirm the withdrawal" });
    expect(sheet.textContent).toContain("USDT (Tron, TRC-20)");
    expect(sheet.textContent).toContain("1.00 USD");
    expect(sheet.textContent).toContain("149.00 USD");
    expect(sheet.textContent).toContain(trc.address);
    expect(sheet.textContent).toContain("coins sent to a wrong address or network cannot be recovered");
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("heading", { name: "Withdrawal requested" })).toBeTruthy();
    expect(screen.getByText("Network fee 1.00 USD; the address receives 149.00 USD.")).toBeTruthy();
    expect(calls("fund/withdraw")[0]?.[1]).toEqual({
      currency: "USD",
      amount: "150",
      walletId: trc.id,
      fundPassword: "fund-pass-2468",
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
  });

  it("refuses an amount not above the network fee before asking the server", async () => {
    const trc: WalletAddress = {
      id: "2f6a1c0e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
      type: "USDT-ERC20",
      address: "0xdac17f958d2ee523a2206206994597c13d831ec7",
      createdAt: "2025-01-02T03:04:05.000Z",
    };
    const rules = rulesAnswer();
    serve({
      "fund/withdrawRules": {
        ...rules,
        limits: { min: "1.00", max: "50000.00" },
        networks: [{ type: "USDT-ERC20", fee: "10.00" }],
      },
      "bank/list": { items: [] },
      "wallet/list": { items: [trc] },
    });
    show();
    const form = await screen.findByRole("form", { name: "Withdrawal request" });
    // The only place to pay to is chosen already.
    expect(within(form).getByRole("radio", { name: /USDT \(Ethereum, ERC-20\)/ })).toHaveProperty(
      "checked",
      true,
    );
    fill(/^Amount/, "10");
    fill(/^Fund password/, "fund-pass-2468");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    expect(await within(form).findByText("The amount must be above the network fee of 10.00")).toBeTruthy();
    expect(calls("fund/withdraw")).toEqual([]);
  });

  it("shows a refusal beside its field, and retries a lost answer with the same key", async () => {
    let attempt = 0;
    serve({
      "fund/withdrawRules": rulesAnswer(),
      "bank/list": { items: [card] },
      "wallet/list": { items: [] },
      "fund/withdraw": () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError("FUND_PASSWORD_WRONG", {}, "The fund password is wrong");
        if (attempt === 2) throw new HttpError(0);
        return held;
      },
    });
    show();
    const form = await screen.findByRole("form", { name: "Withdrawal request" });
    fill(/^Amount/, "150");
    fill(/^Fund password/, "wrong-one");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    const password = within(form).getByLabelText(/^Fund password/);
    await waitFor(() => expect(password.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("The fund password is wrong")).toBeTruthy();
    fill(/^Fund password/, "fund-pass-2468");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw" }));
    const sheet = await screen.findByRole("dialog");
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm" }));
    expect(await within(sheet).findByText("Network error, please try again")).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("heading", { name: "Withdrawal requested" })).toBeTruthy();
    const keys = calls("fund/withdraw").map(
      ([, body]) => (body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it("lists the withdrawals with their states and reasons in the records tab", async () => {
    const page: WithdrawListResponse = {
      items: [{ ...held, state: "rejected", reason: "Bank details do not match", decidedAt: held.createdAt }],
      nextCursor: null,
    };
    serve({
      "fund/withdrawList": page,
      "fund/withdrawRules": rulesAnswer(),
      "bank/list": { items: [card] },
      "wallet/list": { items: [] },
    });
    show("/information/cashOut?tab=records");
    const list = await screen.findByRole("list", { name: "Records" });
    expect(list.textContent).toContain("Bank details do not match");
    expect(list.textContent).toContain("1,250.50");
  });

  it("says so when there are no withdrawals yet", async () => {
    serve({
      "fund/withdrawList": { items: [], nextCursor: null },
      "fund/withdrawRules": rulesAnswer(),
      "bank/list": { items: [card] },
      "wallet/list": { items: [] },
    });
    show("/information/cashOut?tab=records");
    expect(await screen.findByText("No withdrawals yet")).toBeTruthy();
  });
});
