import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import type { DepositRecord, FundRecord, Withdrawal } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import { changeLanguage } from "../../lib/i18n";
import { apiPost } from "../../lib/api";
import { renderAt, signedInTests } from "../../test/api";
import { showSuccess } from "../../lib/toast";
import FundRecordScreen from "./screens/FundRecordScreen";
import SettledScreen from "./screens/SettledScreen";
import { fileNameOf } from "./api/statement";

const record = (overrides: Partial<FundRecord>): FundRecord => ({
  id: "1",
  type: "deposit",
  account: "available",
  currency: "USD",
  amount: "100.00",
  balanceAfter: "100.00",
  reference: "deposit:d1",
  reason: null,
  createdAt: "2026-11-20T08:00:00.000Z",
  ...overrides,
});

const RECORDS = [
  record({
    id: "4",
    type: "adjustment",
    amount: "-2.50",
    balanceAfter: "1247.50",
    reason: "Fee charged twice",
  }),
  record({ id: "3", type: "withdrawalHold", account: "held", amount: "40.00", balanceAfter: "40.00" }),
  record({ id: "2", type: "withdrawalHold", amount: "-40.00", balanceAfter: "1250.00" }),
  record({ id: "1", amount: "1290.00", balanceAfter: "1290.00" }),
];

/** Answers `fund/records` from the list above, filtered like the server filters it. */
function serveRecords() {
  vi.mocked(apiPost).mockImplementation(async (path: string, body?: object) => {
    if (path !== "fund/records") throw new Error(`unexpected ${path}`);
    const { type, currency } = (body ?? {}) as { type?: string; currency?: string };
    const items = RECORDS.filter((r) => (!type || r.type === type) && (!currency || r.currency === currency));
    return { items, nextCursor: null } as never;
  });
}

const recordCalls = () =>
  vi
    .mocked(apiPost)
    .mock.calls.filter(([p]) => p === "fund/records")
    .map(([, body]) => body);

const show = (node: ReactNode, path = "/") => renderAt(node, path);

signedInTests();
afterEach(() => vi.unstubAllGlobals());

describe("/information/fundRecord", () => {
  it("shows each posting with its type, signed amount coloured by direction, balance and reason", async () => {
    serveRecords();
    show(<FundRecordScreen />);
    const list = await screen.findByRole("list", { name: "Fund records" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector(".record__type")?.textContent)).toEqual([
      "Balance adjustment",
      "Withdrawal requestFrozen funds",
      "Withdrawal request",
      "Deposit",
    ]);
    const amount = (row: HTMLElement) => row.querySelector(".record__amount");
    expect(amount(rows[0]!)?.textContent).toBe("-2.50 USD");
    expect(amount(rows[0]!)?.className).toContain("record__amount--out");
    expect(amount(rows[3]!)?.textContent).toBe("+1,290.00 USD");
    expect(amount(rows[3]!)?.className).toContain("record__amount--in");
    // Money moved into frozen funds is neither a gain nor a loss: no red or green.
    expect(amount(rows[1]!)?.textContent).toBe("+40.00 USD");
    expect(amount(rows[1]!)?.className).toContain("record__amount--moved");
    expect(rows[0]?.textContent).toContain("Balance 1,247.50");
    expect(rows[0]?.textContent).toContain("Reason: Fee charged twice");
    expect(rows[1]?.textContent).toContain("Frozen 40.00");
    expect(
      screen.getByText(/Frozen funds are held for something still pending: a withdrawal under review/),
    ).toBeTruthy();
    expect(recordCalls()).toEqual([{}]);
  });

  it("asks the server again for each filter: the type select and the currency chips", async () => {
    serveRecords();
    show(<FundRecordScreen />);
    await screen.findByRole("list", { name: "Fund records" });

    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "adjustment" } });
    await waitFor(() => expect(recordCalls()).toContainEqual({ type: "adjustment" }));
    const rows = () => within(screen.getByRole("list", { name: "Fund records" })).getAllByRole("listitem");
    await waitFor(() => expect(rows()).toHaveLength(1));

    const currencies = screen.getByRole("radiogroup", { name: "Currency" });
    fireEvent.click(within(currencies).getByRole("radio", { name: "THB" }));
    await waitFor(() => expect(recordCalls()).toContainEqual({ type: "adjustment", currency: "THB" }));
    expect(await screen.findByText("No records match these filters.")).toBeTruthy();
    expect(within(currencies).getByRole("radio", { name: "THB" }).getAttribute("aria-checked")).toBe("true");

    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "all" } });
    fireEvent.click(within(currencies).getByRole("radio", { name: "All" }));
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it("downloads the statement with the session headers after checking the range", async () => {
    serveRecords();
    const fetchMock = vi.fn(
      async () =>
        new Response("\uFEFFCurrency,Account\r\n", {
          status: 200,
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": 'attachment; filename="funds-statement-2026-01-01-to-2026-11-20.csv"',
          },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const createObjectURL = vi.fn(() => "blob:statement");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    show(<FundRecordScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Download funds statement" }));
    const dialog = await screen.findByRole("dialog", { name: "Funds statement" });
    const set = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    set("From", "2026-11-20");
    set("To", "2026-01-01");
    fireEvent.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    expect(await within(dialog).findByText("The start date must not be after the end date")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    set("From", "2026-01-01");
    set("To", "2026-11-20");
    set("Currency", "INR");
    fireEvent.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(clicked).toEqual(["funds-statement-2026-01-01-to-2026-11-20.csv"]));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/vue/fund/statement");
    expect(init.headers).toMatchObject({ token: "t1", account: "priya01" });
    expect(JSON.parse(String(init.body))).toEqual({
      from: "2026-01-01",
      to: "2026-11-20",
      currency: "INR",
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: "en",
    });
    expect(showSuccess).toHaveBeenCalledWith("Statement downloaded");
    click.mockRestore();
  });

  it("asks for the statement in the app's current language", async () => {
    serveRecords();
    const fetchMock = vi.fn(
      async () =>
        new Response("\uFEFF币种,账户\r\n", {
          status: 200,
          headers: { "content-type": "text/csv; charset=utf-8" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    // The app's switch, which also loads the screens' texts of the language.
    await changeLanguage("cn");
    try {
      show(<FundRecordScreen />);
      fireEvent.click(await screen.findByRole("button", { name: "下载资金对账单" }));
      const dialog = await screen.findByRole("dialog", { name: "资金对账单" });
      fireEvent.click(within(dialog).getByRole("button", { name: "下载 CSV" }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(JSON.parse(String(init.body))).toMatchObject({ language: "zh-CN" });
    } finally {
      click.mockRestore();
      await changeLanguage("en");
    }
  });

  it("shows the server's refusal of a statement in the form", async () => {
    serveRecords();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              status: 0,
              msg: "x",
              code: "DATE_RANGE_INVALID",
              params: { maxDays: "366" },
              data: null,
            }),
            { status: 200, headers: { "content-type": "application/json" } },
          ),
      ),
    );
    show(<FundRecordScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Download funds statement" }));
    const dialog = await screen.findByRole("dialog", { name: "Funds statement" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Choose a date range of at most 366 days, the start before the end",
    );
  });
});

describe("/information/settled", () => {
  const withdrawal: Withdrawal = {
    id: "8d0c6f55-0c1e-4a4e-9f3b-6b1c2a3d4e5f",
    currency: "USD",
    amount: "150.00",
    fee: "0.00",
    receive: "150.00",
    wallet: null,
    state: "rejected",
    reason: "Name on the card differs",
    card: {
      id: "c1",
      holderName: "Priya Sharma",
      bankName: "State Bank of India",
      cardNumber: "6222***0123",
    },
    createdAt: "2026-11-20T08:00:00.000Z",
    decidedAt: "2026-11-20T09:00:00.000Z",
  };

  it("opens on the trades, and lists withdrawals with their state and reason", async () => {
    vi.mocked(apiPost).mockImplementation(async (path: string) => {
      if (path === "fund/withdrawList") return { items: [withdrawal], nextCursor: null } as never;
      if (path === "fund/rechargeList") return { items: [], nextCursor: null } as never;
      if (path === "trade/trades") return { items: [], nextCursor: null } as never;
      throw new Error(`unexpected ${path}`);
    });
    show(<SettledScreen />);
    expect(await screen.findByText("No trades yet. Positions you close appear here.")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Withdrawals" }));
    const list = await screen.findByRole("list", { name: "Withdrawals" });
    expect(list.textContent).toContain("150.00 USD");
    expect(list.textContent).toContain("State Bank of India •••• 0123");
    expect(list.textContent).toContain("Rejected");
    expect(list.textContent).toContain("Reason: Name on the card differs");
    expect(within(list).queryByRole("button")).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "Deposits" }));
    expect(await screen.findByText("No deposits yet.")).toBeTruthy();
  });
});

describe("a deposit's voucher", () => {
  const deposit = (overrides: Partial<DepositRecord>): DepositRecord => ({
    id: "5d1c2b3a-0000-4000-8000-000000000001",
    channelId: "c1",
    channelName: "Demo bank transfer",
    channelKind: "bank",
    currency: "USD",
    amount: "250.00",
    state: "pending",
    reason: null,
    voucher: true,
    createdAt: "2026-11-23T08:00:00.000Z",
    decidedAt: null,
    ...overrides,
  });
  const withVoucher = deposit({});
  const withoutVoucher = deposit({
    id: "5d1c2b3a-0000-4000-8000-000000000002",
    amount: "80.00",
    voucher: false,
  });

  /** The deposits tab of the transaction records, its rows once loaded. */
  async function showDeposits() {
    vi.mocked(apiPost).mockImplementation(async (path: string) => {
      if (path === "fund/rechargeList")
        return { items: [withVoucher, withoutVoucher], nextCursor: null } as never;
      throw new Error(`unexpected ${path}`);
    });
    show(<SettledScreen />, "/?tab=recharges");
    const list = await screen.findByRole("list", { name: "Deposits" });
    return within(list).getAllByRole("listitem");
  }
  const jpeg = () =>
    new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), {
      status: 200,
      headers: { "content-type": "image/jpeg", "cache-control": "private, no-store" },
    });

  it("is offered only on a deposit that has one, fetched with the session and shown in a sheet", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jpeg());
    vi.stubGlobal("fetch", fetchMock);
    const [first, second] = await showDeposits();
    expect(within(second!).queryByRole("button", { name: /View voucher/ })).toBeNull();
    const view = within(first!).getByRole("button", { name: "View voucher of the 250.00 USD deposit" });
    expect(view.textContent).toBe("View voucher");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(view);
    const dialog = await screen.findByRole("dialog", { name: /Transfer voucher/ });
    const image = await within(dialog).findByRole("img", {
      name: "Transfer voucher of the 250.00 USD deposit",
    });
    expect(image.getAttribute("src")).toBe("data:image/jpeg;base64,/9j/4A==");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/vue/fund/rechargeVoucher");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ id: withVoucher.id });
    expect(init.headers).toMatchObject({ token: "t1", account: "priya01" });

    // Closed, the image is gone; opened again, it is fetched again (never kept beyond the sheet).
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("img", { name: /Transfer voucher/ })).toBeNull());
    fireEvent.click(view);
    await screen.findByRole("img", { name: /Transfer voucher/ });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the translated error of a refused call in the sheet, and tries again on request", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 0, msg: "x", code: "NOT_FOUND", params: {}, data: null }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const [first] = await showDeposits();
    fireEvent.click(within(first!).getByRole("button", { name: /View voucher/ }));
    const dialog = await screen.findByRole("dialog", { name: /Transfer voucher/ });
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Not found");
    expect(within(dialog).queryByRole("img")).toBeNull();

    fetchMock.mockImplementation(async () => new Response("bad gateway", { status: 502 }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((await within(dialog).findByRole("alert")).textContent).toContain(
      "Network error, please try again",
    );
  });
});

describe("fileNameOf", () => {
  it("takes the server's file name, never a path", () => {
    expect(fileNameOf('attachment; filename="a.csv"', "b.csv")).toBe("a.csv");
    expect(fileNameOf('attachment; filename="../a.csv"', "b.csv")).toBe("b.csv");
    expect(fileNameOf(null, "b.csv")).toBe("b.csv");
  });
});
