import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Loan } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { pagingInView } from "../../test/paging";
import { ApiError } from "../../lib/apiError";
import LoanRecordsScreen from "./screens/LoanRecordsScreen";
import LoanScreen from "./screens/LoanScreen";
import { borrowing, loanOf, overviewWith, statusOf } from "./testData";

signedInTests();

const termOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("/home/loanRe", () => {
  pagingInView();

  it("lists loans and applications newest first with their figures, states and dates, page by page", async () => {
    const older = loanOf({
      id: "older",
      amount: "300.00",
      interest: "4.50",
      total: "304.50",
      state: "rejected",
      reason: "Too soon after the last loan",
      createdAt: "2026-10-01T09:00:00.000Z",
      decidedAt: "2026-10-01T12:00:00.000Z",
    });
    const paid = borrowing({
      id: "paid",
      state: "finished",
      repaid: "1015.00",
      owed: "0.00",
      finishedAt: "2026-11-25T09:00:00.000Z",
    });
    serve({
      "loan/list": (body?: object) =>
        (body as { cursor?: string }).cursor === "c2"
          ? { items: [older], nextCursor: null }
          : { items: [paid], nextCursor: "c2" },
    });
    renderAt(<LoanRecordsScreen />, "/home/loanRe");
    const list = await screen.findByRole("list", { name: "Your loans" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(calls("loan/list").map(([, body]) => body)).toEqual([{}, { cursor: "c2" }]);

    const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(first).getByText("Finished")).toBeTruthy();
    expect(within(first).getByText("1,000.00 USD", { selector: ".record__amount" })).toBeTruthy();
    expect(termOf(first, "Interest")).toBe("15.00 USD");
    expect(termOf(first, "Total to repay")).toBe("1,015.00 USD");
    expect(termOf(first, "Repaid")).toBe("1,015.00 USD");
    expect(first.textContent).toMatch(/Applied 2026\.11\.23/);
    expect(first.textContent).toMatch(/Paid off 2026\.11\.25/);

    expect(within(second).getByText("Rejected")).toBeTruthy();
    expect(within(second).getByText("Reason: Too soon after the last loan")).toBeTruthy();
    // A refused application owes nothing: no interest or total to repay is shown for it.
    expect(within(second).queryByText("Total to repay")).toBeNull();
    expect(second.textContent).toMatch(/Refused 2026\.10\.01/);
    expect(await screen.findByText("No more records")).toBeTruthy();
  });

  it("says so when there is nothing yet", async () => {
    serve({ "loan/list": { items: [], nextCursor: null } });
    renderAt(<LoanRecordsScreen />, "/home/loanRe");
    expect(
      await screen.findByText("No loans yet. Your applications and loans will appear here."),
    ).toBeTruthy();
  });
});

describe("/home/loan while a loan is owed", () => {
  const form = () => screen.getByRole("form", { name: "Repay your loan" });
  const amountBox = () => within(form()).getByLabelText("Amount to repay (USD)");
  const submit = () => fireEvent.click(within(form()).getByRole("button", { name: "Repay" }));

  it("repays all of what is owed after the confirmation, then shows the loan paid off", async () => {
    let loan: Loan = borrowing();
    let available = "2000.00";
    serve({
      "loan/status": () => statusOf({ current: loan, owed: loan.owed, refusal: "UNPAID_LOAN" }),
      "account/overview": () => overviewWith(available),
      "loan/repay": () => {
        loan = borrowing({
          state: "finished",
          repaid: "1015.00",
          owed: "0.00",
          finishedAt: "2026-11-24T09:00:00.000Z",
        });
        available = "985.00";
        return loan;
      },
    });
    renderAt(<LoanScreen />, "/home/loan");
    const owed = await screen.findByRole("region", { name: "Your loan" });
    expect(termOf(owed, "Still owed")).toBe("1,015.00 USD");
    expect(termOf(owed, "Due")).toMatch(/^2026\.12\.2[34] /);
    // Owing, the user repays: no terms and no application form.
    expect(screen.queryByRole("form", { name: "Apply for a loan" })).toBeNull();
    expect(await within(form()).findByText("Available: 2,000.00 USD")).toBeTruthy();
    const statusCalls = calls("loan/status").length;

    fireEvent.click(within(form()).getByRole("button", { name: "Repay all" }));
    expect((amountBox() as HTMLInputElement).value).toBe("1015.00");
    submit();
    const sheet = await screen.findByRole("dialog", { name: "Confirm the repayment" }, { timeout: 8000 });
    expect(termOf(sheet, "Repayment")).toBe("1,015.00 USD");
    expect(termOf(sheet, "Still owed after it")).toBe("0.00 USD");
    expect(within(sheet).getByText("1,015.00 USD will be taken from your available balance.")).toBeTruthy();
    expect(calls("loan/repay")).toHaveLength(0);

    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm repayment" }));
    await waitFor(() => expect(calls("loan/repay")).toHaveLength(1));
    const [, sent] = calls("loan/repay")[0]!;
    expect(sent).toMatchObject({ loanId: loan.id, amount: "1015.00" });
    expect((sent as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    const done = await screen.findByRole("region", { name: "Repayment made" });
    expect(within(done).getByText("You repaid 1,015.00 USD. Your loan is paid off.")).toBeTruthy();
    expect(within(done).getByRole("link", { name: "Loan records" }).getAttribute("href")).toBe(
      "/home/loanRe",
    );
    // The loan and the balances are read again.
    await waitFor(() => expect(calls("loan/status").length).toBeGreaterThan(statusCalls));
    await waitFor(() => expect(calls("account/overview").length).toBeGreaterThan(1));

    // Back to the credit loan as it now stands: paid off, so the application form is offered again.
    fireEvent.click(within(done).getByRole("button", { name: "Back to the credit loan" }));
    expect(await screen.findByRole("form", { name: "Apply for a loan" })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Repay your loan" })).toBeNull();
  });

  it("checks the amount against what is owed and the balance, and shows a refusal of the server", async () => {
    serve({
      "loan/status": statusOf({ current: borrowing(), owed: "1015.00", refusal: "UNPAID_LOAN" }),
      "account/overview": overviewWith("500.00"),
      "loan/repay": () => {
        throw new ApiError("INSUFFICIENT_AVAILABLE", { available: "450" }, "");
      },
    });
    renderAt(<LoanScreen />, "/home/loan");
    await screen.findByText("Available: 500.00 USD");
    const tryWith = async (value: string, message: string) => {
      fireEvent.change(amountBox(), { target: { value } });
      submit();
      expect(await within(form()).findByText(message, undefined, { timeout: 8000 })).toBeTruthy();
    };
    await tryWith("", "This field is required");
    await tryWith("1015.01", "The repayment exceeds the loan");
    await tryWith("600", "Insufficient available balance: 500.00");
    expect(calls("loan/repay")).toHaveLength(0);

    fireEvent.change(amountBox(), { target: { value: "480" } });
    submit();
    const sheet = await screen.findByRole("dialog", { name: "Confirm the repayment" }, { timeout: 8000 });
    expect(termOf(sheet, "Still owed after it")).toBe("535.00 USD");
    fireEvent.click(within(sheet).getByRole("button", { name: "Confirm repayment" }));
    expect(await within(form()).findByText("Insufficient available balance: 450.00")).toBeTruthy();
  });

  it("without a loan owed, offers no repayment", async () => {
    serve({
      "loan/status": statusOf({ current: loanOf({ state: "pending" }), refusal: "PENDING_REVIEW_EXISTS" }),
    });
    renderAt(<LoanScreen />, "/home/loan");
    expect(await screen.findByRole("form", { name: "Apply for a loan" })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Repay your loan" })).toBeNull();
  });
});
