import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError } from "../../lib/apiError";
import { showSuccess } from "../../lib/toast";
import { costOf, ratePercent } from "./terms";
import LoanScreen from "./screens/LoanScreen";
import { borrowing, loanOf, statusOf } from "./testData";

signedInTests();
afterEach(() => vi.mocked(showSuccess).mockReset());

const show = () => renderAt(<LoanScreen />, "/home/loan");
const form = () => screen.getByRole("form", { name: "Apply for a loan" });
const amountBox = () => within(form()).getByLabelText("Amount to borrow (USD)");
const applyButton = () => within(form()).getByRole("button", { name: "Apply" });
/** The `<dd>` beside the `<dt>` named `label`, within `scope`. */
const termOf = (scope: HTMLElement, label: string | RegExp) =>
  within(scope).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("loan cost", () => {
  it("is amount × daily rate × days, rounded up to the currency's scale, in exact decimals", () => {
    const terms = { currency: "USD" as const, dailyRate: "0.0005", termDays: 30 };
    expect(costOf("1000", terms)).toEqual({ interest: "15.00", total: "1015.00" });
    // 0.1 × 0.0005 × 30 = 0.0015 → 0.01: a borrower is never shown less than is booked.
    expect(costOf("0.1", terms)).toEqual({ interest: "0.01", total: "0.11" });
    expect(costOf("333.33", terms)).toEqual({ interest: "5.00", total: "338.33" });
    expect(costOf("0.3", { ...terms, dailyRate: "0.0001", termDays: 10 })).toEqual({
      interest: "0.01",
      total: "0.31",
    });
    expect(costOf("1000", { ...terms, currency: "KRW" as const })).toEqual({
      interest: "15",
      total: "1015",
    });
    for (const invalid of ["", "0", "-5", "1e3", "abc", "1,000"]) expect(costOf(invalid, terms)).toBeNull();
    expect(ratePercent("0.0005")).toBe("0.05");
  });
});

describe("/home/loan", () => {
  it("shows the quota with its rule, the terms before acting, and no loan yet", async () => {
    serve({ "loan/status": statusOf() });
    show();
    const quota = await screen.findByRole("region", { name: "Available to borrow" });
    expect(within(quota).getByText("10,000.00 USD")).toBeTruthy();
    expect(
      within(quota).getByText("Your credit score of 100 × 100.00 USD a point, at most 50,000.00 USD."),
    ).toBeTruthy();
    expect(termOf(quota, "Owed now")).toBe("0.00 USD");

    const terms = screen.getByRole("region", { name: "Loan terms" });
    expect(termOf(terms, "Currency")).toBe("USD");
    expect(termOf(terms, "Daily interest rate")).toBe("0.05% a day");
    expect(termOf(terms, "Term")).toBe("30 days");
    expect(termOf(terms, "Minimum amount")).toBe("100.00 USD");
    expect(within(terms).getByText(/Interest = amount × daily rate × days/)).toBeTruthy();
    expect(within(terms).getByText("Repaying early does not reduce the interest.")).toBeTruthy();

    const status = screen.getByRole("region", { name: "Your loan" });
    expect(within(status).getByText("Not applied")).toBeTruthy();
    expect(within(status).getByText("You have not applied for a loan yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Records" }).getAttribute("href")).toBe("/home/loanRe");
  });

  it("works out the interest and the total as the amount is typed", async () => {
    serve({ "loan/status": statusOf() });
    show();
    await screen.findByRole("form", { name: "Apply for a loan" });
    const interest = "Interest (0.05% a day for 30 days)";
    expect(termOf(form(), interest)).toBe("—");
    fireEvent.change(amountBox(), { target: { value: "1000" } });
    expect(termOf(form(), interest)).toBe("15.00 USD");
    expect(termOf(form(), "Total to repay")).toBe("1,015.00 USD");
    fireEvent.change(amountBox(), { target: { value: "2500.50" } });
    expect(termOf(form(), interest)).toBe("37.51 USD");
    expect(termOf(form(), "Total to repay")).toBe("2,538.01 USD");
    // "Max" fills in the whole quota.
    fireEvent.click(within(form()).getByRole("button", { name: "Max" }));
    expect((amountBox() as HTMLInputElement).value).toBe("10000.00");
    expect(termOf(form(), "Total to repay")).toBe("10,150.00 USD");
  });

  it("applies only after the confirmation, then shows the application under review", async () => {
    let status = statusOf();
    serve({
      "loan/status": () => status,
      "loan/apply": (body?: object) => {
        const application = loanOf({ amount: `${(body as { amount: string }).amount}.00` });
        status = statusOf({ current: application, refusal: "PENDING_REVIEW_EXISTS" });
        return application;
      },
    });
    show();
    await screen.findByRole("form", { name: "Apply for a loan" });
    fireEvent.change(amountBox(), { target: { value: "1000" } });
    fireEvent.click(applyButton());
    const sheet = await screen.findByRole("dialog", { name: "Confirm your loan application" });
    expect(termOf(sheet, "Amount applied for")).toBe("1,000.00 USD");
    expect(termOf(sheet, "Interest for 30 days")).toBe("15.00 USD");
    expect(termOf(sheet, "Total to repay")).toBe("1,015.00 USD");
    expect(within(sheet).getByText(/1,015\.00 USD is due 30 days later/)).toBeTruthy();
    expect(calls("loan/apply")).toHaveLength(0);

    fireEvent.click(within(sheet).getByRole("button", { name: "Submit application" }));
    await waitFor(() => expect(calls("loan/apply")).toHaveLength(1));
    const [, sent] = calls("loan/apply")[0]!;
    expect(sent).toMatchObject({ amount: "1000" });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith("Application submitted"));
    // The status is read again: under review, and applying refused until it is decided.
    const card = screen.getByRole("region", { name: "Your loan" });
    expect(await within(card).findByText("Pending review")).toBeTruthy();
    expect(within(card).getByText(/Applied for 1,000\.00 USD on/)).toBeTruthy();
    expect(
      await within(form()).findByText(
        "Your application is under review: you can apply again once it is decided.",
      ),
    ).toBeTruthy();
    expect(applyButton().hasAttribute("disabled")).toBe(true);
    expect(within(form()).queryByLabelText("Amount to borrow (USD)")).toBeNull();
  });

  it("checks the amount in the server's order before asking", async () => {
    serve({ "loan/status": statusOf() });
    show();
    await screen.findByRole("form", { name: "Apply for a loan" });
    const tryWith = async (value: string, message: string) => {
      fireEvent.change(amountBox(), { target: { value } });
      fireEvent.click(applyButton());
      expect(await within(form()).findByText(message, undefined, { timeout: 8000 })).toBeTruthy();
    };
    await tryWith("", "This field is required");
    await tryWith("10.555", "USD amounts take at most 2 decimal places");
    await tryWith("99.99", "The amount is below the minimum of 100.00");
    await tryWith("10000.01", "Insufficient loan quota");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls("loan/apply")).toHaveLength(0);
  });

  it("shows why applying is refused, with the way to mend it, and keeps the button off", async () => {
    serve({ "loan/status": statusOf({ refusal: "KYC_REQUIRED" }) });
    show();
    const alert = await within(await screen.findByRole("form", { name: "Apply for a loan" })).findByRole(
      "alert",
    );
    expect(alert.textContent).toContain("Please complete real-name verification first");
    expect(within(alert).getByRole("link", { name: "Verify your identity" }).getAttribute("href")).toBe(
      "/information/authInfo",
    );
    expect(applyButton().hasAttribute("disabled")).toBe(true);
    expect(within(form()).queryByRole("button", { name: "Max" })).toBeNull();
  });

  it("says when a loan owed is past its due date", async () => {
    const overdue = borrowing({ dueAt: "2026-01-02T10:00:00.000Z" });
    serve({
      "loan/status": statusOf({
        current: overdue,
        owed: overdue.owed,
        availableQuota: "0.00",
        refusal: "UNPAID_LOAN",
      }),
    });
    show();
    const card = await screen.findByRole("region", { name: "Your loan" });
    expect(
      within(card).getByText(/^Overdue since 2026\.01\.02 .*: please repay it as soon as you can\.$/),
    ).toBeTruthy();
    // While a loan is owed nothing more may be borrowed: the quota is shown as a row, not as available.
    const quota = screen.getByRole("region", { name: "Available to borrow" });
    expect(within(quota).getByText("0.00 USD")).toBeTruthy();
    expect(within(quota).getByText(/^One loan at a time: repay this one to borrow again\./)).toBeTruthy();
    expect(within(quota).getByText("10,000.00 USD")).toBeTruthy();
  });

  it("says a frozen account cannot borrow, with no way to apply", async () => {
    serve({ "loan/status": statusOf({ refusal: "ACCOUNT_FROZEN" }) });
    show();
    const alert = await within(await screen.findByRole("form", { name: "Apply for a loan" })).findByRole(
      "alert",
    );
    expect(alert.textContent).toContain("Your account is frozen, please contact customer service");
    expect(applyButton().hasAttribute("disabled")).toBe(true);
  });

  it("shows a refusal of the server in the user's language", async () => {
    serve({
      "loan/status": statusOf(),
      "loan/apply": () => {
        throw new ApiError("UNPAID_LOAN", {}, "");
      },
    });
    show();
    await screen.findByRole("form", { name: "Apply for a loan" });
    fireEvent.change(amountBox(), { target: { value: "500" } });
    fireEvent.click(applyButton());
    const sheet = await screen.findByRole("dialog", { name: "Confirm your loan application" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Submit application" }));
    expect(await within(form()).findByText("There is an unpaid credit loan")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a refused application's reason, and a borrowing loan with what is owed and the way to repay", async () => {
    let status = statusOf({
      current: loanOf({
        state: "rejected",
        reason: "Income not verified",
        decidedAt: "2026-11-23T10:00:00Z",
      }),
    });
    serve({ "loan/status": () => status });
    const { unmount } = show();
    const card = await screen.findByRole("region", { name: "Your loan" });
    expect(within(card).getByText("Rejected")).toBeTruthy();
    expect(within(card).getByText("Reason: Income not verified")).toBeTruthy();
    unmount();

    status = statusOf({
      owed: "615.00",
      current: borrowing({ repaid: "400.00", owed: "615.00" }),
      refusal: "UNPAID_LOAN",
    });
    show();
    const loan = await screen.findByRole("region", { name: "Your loan" });
    expect(within(loan).getByText("Borrowing")).toBeTruthy();
    expect(termOf(loan, "Still owed")).toBe("615.00 USD");
    expect(termOf(loan, "Repaid")).toBe("400.00 USD");
    expect(termOf(loan, "Due")).toMatch(/^2026\.12\.2[34] /);
    expect(screen.getByRole("form", { name: "Repay your loan" })).toBeTruthy();
    expect(termOf(screen.getByRole("region", { name: "Available to borrow" }), "Owed now")).toBe(
      "615.00 USD",
    );
    // While it is owed, the repayment takes the application form's place.
    expect(screen.queryByRole("form", { name: "Apply for a loan" })).toBeNull();
  });

  it("offers a retry when the status cannot be loaded", async () => {
    let fail = true;
    serve({
      "loan/status": () => {
        if (fail) throw new ApiError("SYSTEM_BUSY", {}, "");
        return statusOf();
      },
    });
    show();
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole("region", { name: "Available to borrow" })).toBeTruthy();
  });
});
