import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import type { Lending, LendingTerms } from "@brokerage/api";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import LendingScreen from "./screens/LendingScreen";
import { expectedRebate } from "./terms";

signedInTests();

const POSITION = "3f0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f";
const TERMS: LendingTerms = {
  grossRate: "0.02",
  brokerShare: "0.5",
  rate: "0.01",
  dayCount: 365,
  termDays: [7, 14, 30, 90],
  channels: [
    { currency: "INR", minValue: "80000.00", quota: "400000000.00", used: "0.00", available: "400000000.00" },
  ],
  eligible: [
    {
      positionId: POSITION,
      orderNo: "T0000000042",
      symbol: "RELIANCE",
      name: "Reliance Industries",
      exchange: "NSE",
      currency: "INR",
      quantity: "100",
      price: "1000",
      value: "100000.00",
    },
  ],
  risks: ["votingRights", "cashInLieu", "shortSellers", "counterparty", "locked"],
};
const lendingOf = (over: Partial<Lending> = {}): Lending => ({
  id: "9b1f7a52-6b8e-4d3c-a2f1-0c9d8e7f6a5b",
  positionId: POSITION,
  orderNo: "T0000000042",
  symbol: "RELIANCE",
  name: "Reliance Industries",
  exchange: "NSE",
  currency: "INR",
  quantity: "100",
  days: 7,
  price: "1000",
  value: "100000.00",
  rate: "0.01",
  grossRate: "0.02",
  brokerShare: "0.5",
  expectedRebate: "19.17",
  rebatePaid: "2.73",
  state: "inProgress",
  reason: null,
  createdAt: "2026-01-06T08:00:00.000Z",
  startedAt: "2026-01-06T08:10:00.000Z",
  endsAt: "2026-01-13T03:45:00.000Z",
  recalledAt: null,
  completedAt: null,
  rebates: [
    {
      day: "2026-01-06",
      price: "1000",
      value: "100000.00",
      amount: "2.73",
      paidAt: "2026-01-06T18:31:00.000Z",
    },
  ],
  ...over,
});

const show = () => renderAt(<LendingScreen />, "/home/loanJq");
const termOf = (scope: HTMLElement, label: string | RegExp) =>
  within(scope).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("expected rebate", () => {
  it("is value × rate × days ÷ 365, rounded down, for whole shares only", () => {
    expect(expectedRebate("100", "1000", "0.01", 7, "INR")).toEqual({ value: "100000.00", rebate: "19.17" });
    expect(expectedRebate("3", "333.33", "0.01", 30, "USD")).toEqual({ value: "999.99", rebate: "0.82" });
    for (const bad of ["", "0", "1.5", "-1", "abc"])
      expect(expectedRebate(bad, "1000", "0.01", 7, "INR")).toBeNull();
  });
});

describe("/home/loanJq", () => {
  it("shows the rates, the platform's share, the channel and the risks before acting", async () => {
    serve({ "lending/terms": TERMS, "lending/list": { items: [], nextCursor: null } });
    show();
    const terms = await screen.findByRole("region", { name: "Terms and risks" });
    expect(termOf(terms, "Borrowers pay")).toBe("2% a year");
    expect(termOf(terms, "Platform keeps")).toBe("50%");
    expect(termOf(terms, "Paid to you")).toBe("1% a year");
    expect(termOf(terms, "Terms")).toBe("7 days · 14 days · 30 days · 90 days");
    expect(termOf(terms, "INR lending")).toBe("at least 80,000.00 INR, 400,000,000.00 INR of quota left");
    expect(within(terms).getByText("While lent you have no voting rights on the shares.")).toBeTruthy();
    expect(within(terms).getByText(/cash payment in lieu of the dividend/)).toBeTruthy();
    expect(within(terms).getByText(/lent on to short sellers/)).toBeTruthy();
    expect(await screen.findByText("No lendings yet")).toBeTruthy();
  });

  it("works out the rebate as the term and quantity change, and lends after the confirmation", async () => {
    serve({
      "lending/terms": TERMS,
      "lending/list": { items: [], nextCursor: null },
      "lending/apply": () => lendingOf({ state: "pending", startedAt: null, endsAt: null, rebates: [] }),
    });
    show();
    const form = await screen.findByRole("form", { name: "Lend shares" });
    const rebate = "Rebate for the term at 1% a year";
    expect(termOf(form, rebate)).toBe("19.17 INR");
    fireEvent.click(within(form).getByRole("radio", { name: "30 days" }));
    expect(termOf(form, rebate)).toBe("82.19 INR");
    fireEvent.change(within(form).getByLabelText(/Shares to lend/), { target: { value: "101" } });
    fireEvent.click(within(form).getByRole("button", { name: "Lend" }));
    expect(
      await within(form).findByText("This position holds 100 whole shares: lend at most that many"),
    ).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Shares to lend/), { target: { value: "80" } });
    fireEvent.click(within(form).getByRole("button", { name: "Lend" }));
    const sheet = await screen.findByRole("dialog", { name: "Lend these shares?" });
    expect(termOf(sheet, "Expected rebate")).toBe("65.75 INR");
    expect(calls("lending/apply")).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm lending" }));
    await waitFor(() => expect(calls("lending/apply")).toHaveLength(1));
    expect(calls("lending/apply")[0]?.[1]).toMatchObject({ positionId: POSITION, quantity: "80", days: 30 });
  });

  it("shows a refusal in the spec's words with its numbers", async () => {
    serve({
      "lending/terms": TERMS,
      "lending/list": { items: [], nextCursor: null },
      "lending/apply": () => {
        throw new ApiError("LENDING_BELOW_MIN", { min: "80000.00", amount: "50000.00", currency: "INR" }, "");
      },
    });
    show();
    const form = await screen.findByRole("form", { name: "Lend shares" });
    fireEvent.change(within(form).getByLabelText(/Shares to lend/), { target: { value: "50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Lend" }));
    const sheet = await screen.findByRole("dialog", { name: "Lend these shares?" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm lending" }));
    await waitFor(() => expect(calls("lending/apply")).toHaveLength(1));
    expect(
      await within(sheet).findByText(
        "Below the minimum lending amount of 80000.00 INR: these shares are worth 50000.00 INR",
      ),
    ).toBeTruthy();
  });

  it("lists a lending with its state and rebates, and recalls it after a confirmation", async () => {
    let current = lendingOf();
    serve({
      "lending/terms": { ...TERMS, eligible: [] },
      "lending/list": () => ({ items: [current], nextCursor: null }),
      "lending/recall": () => {
        current = lendingOf({ recalledAt: "2026-01-06T09:00:00.000Z", endsAt: "2026-01-07T03:45:00.000Z" });
        return current;
      },
    });
    show();
    const list = await screen.findByRole("list", { name: "My lendings" });
    expect(within(list).getByText("In progress")).toBeTruthy();
    expect(termOf(list, "Rebate paid")).toBe("2.73 INR");
    expect(within(list).getByText("1 day's rebate")).toBeTruthy();
    expect(screen.getByText(/No holding can be lent now/)).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Recall" }));
    const sheet = await screen.findByRole("alertdialog", { name: "Recall these shares?" });
    expect(within(sheet).getByText(/come back at the open of the next trading day/)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: "Recall" }));
    await waitFor(() => expect(calls("lending/recall")).toHaveLength(1));
    expect(await within(list).findByText("Recalled")).toBeTruthy();
    expect(within(list).queryByRole("button", { name: "Recall" })).toBeNull();
  });
});
