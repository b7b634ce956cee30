/** Helpers of the loan tests (imported by *.test.ts only). */
import { randomBytes } from "node:crypto";
import type { Loan, LoanStatus } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { journalEntries, loans } from "../../db/schema/index.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";
import { trader, type Trader } from "../trading/testing.js";
import { reviewOf, verifyKyc } from "../withdrawals/testing.js";
import { referenceOf } from "./service.js";

export const newKey = () => `loan-${randomBytes(8).toString("hex")}`;

export const loanCall = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `loan/${action}`, body, who.session.headers);

/** A registered, KYC-verified user with, when given, that much USD available. */
export async function borrower(t: TestApp, usd?: string): Promise<Trader> {
  const who = await trader(t, usd === undefined ? undefined : { currency: "USD", amount: usd });
  await verifyKyc(t, who.userId);
  return who;
}

export async function statusOf(t: TestApp, who: Trader): Promise<LoanStatus> {
  const answer = await loanCall(t, who, "status");
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as LoanStatus;
}

export const applyBody = (overrides: Record<string, unknown> = {}) => ({
  amount: "1000",
  idempotencyKey: newKey(),
  ...overrides,
});

/** Applies for a loan; the call must succeed. */
export async function applyOk(
  t: TestApp,
  who: Trader,
  overrides: Record<string, unknown> = {},
): Promise<Loan> {
  const answer = await loanCall(t, who, "apply", applyBody(overrides));
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1, data: { state: "pending" } });
  return answer.data as Loan;
}

/** Decides the loan's review in the back office (`reviews/decide`, kind `loan`). */
export async function decide(
  t: TestApp,
  staff: StaffLogin,
  loanId: string,
  decision: "approve" | "reject",
  reason = "",
): Promise<Answer> {
  const review = await reviewOf(t, loanId);
  return adminCall(t.app, "reviews/decide", { kind: "loan", id: review.id, decision, reason }, staff.headers);
}

/** A loan applied for and granted by `staff`. */
export async function granted(
  t: TestApp,
  staff: StaffLogin,
  who: Trader,
  overrides: Record<string, unknown> = {},
): Promise<Loan> {
  const loan = await applyOk(t, who, overrides);
  expect(await decide(t, staff, loan.id, "approve")).toMatchObject({ status: 1 });
  return loan;
}

export const repay = (t: TestApp, who: Trader, loanId: string, amount: string, idempotencyKey = newKey()) =>
  loanCall(t, who, "repay", { loanId, amount, idempotencyKey });

/** Repays part of a loan; the call must succeed. */
export async function repayOk(t: TestApp, who: Trader, loanId: string, amount: string): Promise<Loan> {
  const answer = await repay(t, who, loanId, amount);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as Loan;
}

export const loanRows = (t: TestApp, userId: string) =>
  t.database.db.select().from(loans).where(eq(loans.userId, userId)).orderBy(asc(loans.seq));

/** The entry types booked for a loan, oldest first. */
export async function entriesOf(t: TestApp, loanId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ type: journalEntries.type })
    .from(journalEntries)
    .where(eq(journalEntries.reference, referenceOf(loanId)))
    .orderBy(asc(journalEntries.id));
  return rows.map((r) => r.type);
}
