/** Helpers of the day-trading tests (imported by *.test.ts only). */
import { randomBytes } from "node:crypto";
import type { DayTradingApplication, DayTradingStatus } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { journalEntries, messages, reviews } from "../../db/schema/index.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";
import type { Trader } from "../trading/testing.js";
import { referenceOf } from "./service.js";

export const newKey = () => `dt-${randomBytes(8).toString("hex")}`;

export const dayTrading = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `dayTrading/${action}`, body, who.session.headers);

export async function statusOf(t: TestApp, who: Trader): Promise<DayTradingStatus> {
  const answer = await dayTrading(t, who, "status");
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as DayTradingStatus;
}

export const applyBody = (overrides: Record<string, unknown> = {}) => ({
  currency: "USD",
  amount: "1000.00",
  idempotencyKey: newKey(),
  ...overrides,
});

/** Applies for an allowance; the call must succeed. */
export async function applyOk(
  t: TestApp,
  who: Trader,
  overrides: Record<string, unknown> = {},
): Promise<DayTradingApplication> {
  const answer = await dayTrading(t, who, "apply", applyBody(overrides));
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as DayTradingApplication;
}

/** Decides the application's review in the back office (`reviews/decide`, kind `dayTrading`). */
export async function decide(
  t: TestApp,
  staff: StaffLogin,
  applicationId: string,
  decision: "approve" | "reject",
  reason = "",
): Promise<Answer> {
  const [review] = await t.database.db.select().from(reviews).where(eq(reviews.subjectId, applicationId));
  if (!review) throw new Error(`no review of ${applicationId}`);
  return adminCall(
    t.app,
    "reviews/decide",
    { kind: "dayTrading", id: review.id, decision, reason },
    staff.headers,
  );
}

/** An application approved by `staff`. */
export async function approved(
  t: TestApp,
  staff: StaffLogin,
  who: Trader,
  overrides: Record<string, unknown> = {},
): Promise<DayTradingApplication> {
  const application = await applyOk(t, who, overrides);
  expect(await decide(t, staff, application.id, "approve")).toMatchObject({ status: 1 });
  return application;
}

/** The entries booked for an application, oldest first. */
export async function entriesOf(t: TestApp, applicationId: string) {
  return t.database.db
    .select({ type: journalEntries.type, reason: journalEntries.reason })
    .from(journalEntries)
    .where(eq(journalEntries.reference, referenceOf(applicationId)))
    .orderBy(asc(journalEntries.id));
}

export const inbox = (t: TestApp, userId: string) =>
  t.database.db
    .select({ kind: messages.kind, params: messages.params })
    .from(messages)
    .where(eq(messages.userId, userId));
