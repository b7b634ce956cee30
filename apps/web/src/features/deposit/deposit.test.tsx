import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import type { DepositRecord, RechargeChannelsResponse } from "@brokerage/api";
import type * as ApiModule from "../../lib/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<typeof ApiModule>()),
  apiPost: vi.fn(),
}));
vi.mock("../../lib/clipboard", () => ({ copyText: vi.fn(async () => true) }));
vi.mock("../kyc/api/upload", () => ({ postMultipart: vi.fn() }));
vi.mock("./components/confirm", () => ({ confirmDeposit: vi.fn() }));

import "../../lib/i18n";
import { apiPost } from "../../lib/api";
import { ApiError } from "../../lib/apiError";
import { copyText } from "../../lib/clipboard";
import { showError, showSuccess } from "../../lib/toast";
import { postMultipart } from "../kyc";
import { confirmDeposit } from "./components/confirm";
import RechargeScreen from "./screens/RechargeScreen";
import RechargeChannelScreen from "./screens/RechargeChannelScreen";

const window: RechargeChannelsResponse["window"] = {
  days: [1, 2, 3, 4, 5],
  from: "00:00",
  to: "23:59",
  timeZone: "Asia/Kolkata",
};
const demoBank: RechargeChannelsResponse["channels"][number] = {
  id: "0b8f6d2e-1c1a-4a57-9a4e-7d9c1f1e0a01",
  kind: "bank",
  name: "Demo bank transfer",
  demo: true,
  voucherRequired: true,
  details: { accountName: "Brokerage Demo Ltd", accountNumber: "000123456789", bankName: "Demo Bank" },
  limits: { USD: { min: "10.00", max: "100000.00" }, INR: { min: "500.00", max: "5000000.00" } },
};
const usdt: RechargeChannelsResponse["channels"][number] = {
  id: "0b8f6d2e-1c1a-4a57-9a4e-7d9c1f1e0a02",
  kind: "crypto",
  name: "USDT (TRC20)",
  demo: false,
  voucherRequired: false,
  details: { network: "USDT-TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
  limits: { USD: { min: "50.00", max: "20000.00" } },
};
const channels = (open = true): RechargeChannelsResponse => ({ window, open, channels: [demoBank, usdt] });

const pending: DepositRecord = {
  id: "5d1c2b3a-0000-4000-8000-000000000001",
  channelId: demoBank.id,
  channelName: demoBank.name,
  channelKind: "bank",
  currency: "USD",
  amount: "250.00",
  state: "pending",
  reason: null,
  voucher: true,
  createdAt: "2026-11-23T08:00:00.000Z",
  decidedAt: null,
};

function serve(answers: Record<string, unknown>) {
  vi.mocked(apiPost).mockImplementation(async (path: string) => {
    if (!(path in answers)) throw new Error(`unexpected ${path}`);
    return answers[path] as never;
  });
}

/** Both deposit screens in one router, starting at `path`; the current path is shown for assertions. */
function show(path: string, state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter
        initialEntries={[{ pathname: path.split("?")[0]!, search: path.split("?")[1] ?? "", state }]}
      >
        <Routes>
          <Route path="/information/recharge" element={<RechargeScreen />} />
          <Route path="/information/rechargeChannel" element={<RechargeChannelScreen />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const amountInput = () => screen.getByLabelText("Amount");
const VOUCHER = "Transfer voucher: take or choose a photo";

beforeEach(() => {
  localStorage.setItem("tokend", "t1");
  localStorage.setItem("account", "priya01");
  vi.mocked(confirmDeposit).mockResolvedValue(true);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe("/information/recharge", () => {
  it("shows the window rule and the channels of the chosen currency, the demo one labelled", async () => {
    serve({ "fund/rechargeChannels": channels() });
    show("/information/recharge");
    const rule = await screen.findByRole("region", { name: /Deposit hours/ });
    within(rule).getByText("Open now");
    within(rule).getByText(/00:00 to 23:59/);
    const currencies = screen.getByRole("radiogroup", { name: "Currency" });
    expect(
      within(currencies)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["USD", "INR"]);

    const group = screen.getByRole("group", { name: "Channel" });
    const options = within(group).getAllByRole("radio");
    expect(options).toHaveLength(2);
    within(group).getByText("Demo");
    within(group).getByText(/10\.00 to 100,000\.00 USD/);
    within(group).getByText(/50\.00 to 20,000\.00 USD/);

    fireEvent.click(within(currencies).getByRole("radio", { name: "INR" }));
    expect(within(group).getAllByRole("radio")).toHaveLength(1);
    within(group).getByText(/500\.00 to 5,000,000\.00 INR/);
  });

  it("checks the amount against the channel's limits before going on, then opens the channel page", async () => {
    serve({ "fund/rechargeChannels": channels() });
    show("/information/recharge");
    const next = await screen.findByRole("button", { name: "Next" });
    fireEvent.click(next);
    // The first check loads the contract's schemas (a chunk of their own).
    await screen.findByText("Enter the amount", {}, { timeout: 10_000 });
    screen.getByText("Choose a channel");

    fireEvent.click(screen.getByRole("radio", { name: /Demo bank transfer/ }));
    for (const [typed, message] of [
      ["abc", "Enter an amount above 0, digits with an optional decimal point"],
      ["10.001", "At most 2 decimal places in this currency"],
      ["9.99", "The amount is below the minimum of 10.00"],
      ["100000.01", "The amount is above the maximum of 100,000.00"],
    ] as const) {
      fireEvent.change(amountInput(), { target: { value: typed } });
      fireEvent.click(next);
      await screen.findByText(message);
      expect(amountInput().getAttribute("aria-invalid")).toBe("true");
    }
    fireEvent.change(amountInput(), { target: { value: "250" } });
    fireEvent.click(next);
    await screen.findByRole("heading", { name: /Demo bank transfer/ });
    // The amount to transfer, shown and copyable at the currency's scale.
    expect(screen.getAllByText("250.00")).toHaveLength(2);
  });

  it("says when deposits are closed and does not let the form go on", async () => {
    serve({ "fund/rechargeChannels": channels(false) });
    show("/information/recharge");
    await screen.findByText("Closed now");
    screen.getByText(/Deposits are closed at this time/);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists the deposit records with their states, or says there are none", async () => {
    serve({
      "fund/rechargeList": {
        items: [pending, { ...pending, id: "x2", state: "rejected", reason: "Wrong amount on the voucher" }],
        nextCursor: null,
      },
    });
    show("/information/recharge?tab=records");
    const list = await screen.findByRole("list", { name: "Deposit records" });
    within(list).getByText("Pending review");
    within(list).getByText("Rejected");
    within(list).getByText(/Wrong amount on the voucher/);

    cleanup();
    serve({ "fund/rechargeList": { items: [], nextCursor: null } });
    show("/information/recharge?tab=records");
    await screen.findByText(/No deposits yet/);
  });
});

describe("/information/recharge?tab=records, a deposit's voucher", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is offered on a deposit that has one and shown from the deposit records", async () => {
    serve({
      "fund/rechargeList": {
        items: [pending, { ...pending, id: "5d1c2b3a-0000-4000-8000-000000000002", voucher: false }],
        nextCursor: null,
      },
    });
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          status: 200,
          headers: { "content-type": "image/png" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    show("/information/recharge?tab=records");
    const list = await screen.findByRole("list", { name: "Deposit records" });
    const [withVoucher, withoutVoucher] = within(list).getAllByRole("listitem");
    expect(within(withoutVoucher!).queryByRole("button", { name: /View voucher/ })).toBeNull();

    fireEvent.click(
      within(withVoucher!).getByRole("button", { name: "View voucher of the 250.00 USD deposit" }),
    );
    const dialog = await screen.findByRole("dialog", { name: /Transfer voucher/ });
    const image = await within(dialog).findByRole("img", {
      name: "Transfer voucher of the 250.00 USD deposit",
    });
    expect(image.getAttribute("src")).toBe("data:image/png;base64,iVBORw==");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/vue/fund/rechargeVoucher");
    expect(JSON.parse(String(init.body))).toEqual({ id: pending.id });
    expect(init.headers).toMatchObject({ token: "t1", account: "priya01" });
  });
});

describe("/information/rechargeChannel", () => {
  const selection = { channelId: demoBank.id, currency: "USD", amount: "250" };

  it("shows each bank detail with its copy button and the demo warning", async () => {
    serve({ "fund/rechargeChannels": channels() });
    show("/information/rechargeChannel", selection);
    await screen.findByText("000123456789");
    screen.getByText(/demo channel for trying the app/);
    for (const label of ["Account name", "Account number", "Bank", "Amount"])
      screen.getByRole("button", { name: `Copy ${label}` });
    fireEvent.click(screen.getByRole("button", { name: "Copy Account number" }));
    await waitFor(() => expect(copyText).toHaveBeenCalledWith("000123456789"));
    expect(showSuccess).toHaveBeenCalledWith("Account number copied");
  });

  it("shows a crypto address with its QR code", async () => {
    serve({ "fund/rechargeChannels": channels() });
    show("/information/rechargeChannel", { ...selection, channelId: usdt.id, amount: "60" });
    await screen.findByText(usdt.details.address);
    const qr = (await screen.findByRole("img", {
      name: "QR code of the USDT-TRC20 deposit address",
    })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    screen.getByText(/Send only on the USDT-TRC20 network/);
    screen.getByRole("button", { name: "Copy Address" });
  });

  it("requires the voucher, confirms, uploads with progress, and ends on the submitted state", async () => {
    serve({ "fund/rechargeChannels": channels() });
    let progress: (sent: number) => void = () => undefined;
    let answer: (record: DepositRecord) => void = () => undefined;
    vi.mocked(postMultipart).mockImplementation((_path, _form, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (answer = resolve as never)) as never;
    });
    show("/information/rechargeChannel", selection);
    const submit = await screen.findByRole("button", { name: "I have paid, submit" });
    fireEvent.click(submit);
    await screen.findByText("Please upload the transfer voucher");
    expect(confirmDeposit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(VOUCHER), {
      target: { files: [new File([new Uint8Array(2048)], "receipt.png", { type: "image/png" })] },
    });
    await screen.findByRole("img", { name: "Transfer voucher, preview" });
    fireEvent.click(submit);
    await waitFor(() => expect(postMultipart).toHaveBeenCalledTimes(1));
    expect(confirmDeposit).toHaveBeenCalledWith({
      amount: "250.00",
      currency: "USD",
      channel: demoBank.name,
    });
    const [path, form] = vi.mocked(postMultipart).mock.calls[0]!;
    expect(path).toBe("fund/recharge");
    expect(form.get("channelId")).toBe(demoBank.id);
    expect(form.get("currency")).toBe("USD");
    expect(form.get("amount")).toBe("250");
    expect(String(form.get("idempotencyKey"))).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((form.get("voucher") as File).name).toBe("receipt.png");

    act(() => progress(0.5));
    expect((await screen.findByRole("progressbar")).getAttribute("aria-valuenow")).toBe("50");
    act(() => answer(pending));
    await screen.findByRole("heading", { name: "Deposit submitted" });
    screen.getByText(/250\.00 USD through Demo bank transfer is pending review/);
    fireEvent.click(screen.getByRole("button", { name: "View deposit records" }));
  });

  it("shows a refusal of the voucher beside it and others as a toast; retries keep the key", async () => {
    serve({ "fund/rechargeChannels": channels() });
    vi.mocked(postMultipart)
      .mockRejectedValueOnce(new ApiError("IMAGE_CORRUPT", { field: "voucher" }, ""))
      .mockRejectedValueOnce(new ApiError("PENDING_REVIEW_EXISTS", {}, ""));
    show("/information/rechargeChannel", selection);
    fireEvent.change(await screen.findByLabelText(VOUCHER), {
      target: { files: [new File([new Uint8Array(10)], "r.jpg", { type: "image/jpeg" })] },
    });
    const submit = screen.getByRole("button", { name: "I have paid, submit" });
    fireEvent.click(submit);
    await screen.findByText("The photo is damaged or incomplete; please take it again");
    fireEvent.click(submit);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith("A deposit or order pending review already exists"),
    );
    const keys = vi.mocked(postMultipart).mock.calls.map(([, form]) => form.get("idempotencyKey"));
    expect(keys[0]).toBe(keys[1]);
  });

  it("sends nothing when the confirmation is declined, and asks to choose when nothing was chosen", async () => {
    serve({ "fund/rechargeChannels": channels() });
    vi.mocked(confirmDeposit).mockResolvedValue(false);
    show("/information/rechargeChannel", { ...selection, channelId: usdt.id });
    fireEvent.click(await screen.findByRole("button", { name: "I have paid, submit" }));
    await waitFor(() => expect(confirmDeposit).toHaveBeenCalled());
    expect(postMultipart).not.toHaveBeenCalled();

    cleanup();
    show("/information/rechargeChannel");
    await screen.findByText("Choose the currency, the amount and a channel first.");
    fireEvent.click(screen.getByRole("button", { name: "Choose a deposit" }));
    await screen.findByRole("radiogroup", { name: "Currency" });
  });
});
