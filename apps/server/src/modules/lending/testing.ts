/** Helpers of the lending tests (imported by *.test.ts only). */
import { randomBytes } from "node:crypto";
import type { Lending, LendingTerms, TradeOrder } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { securitiesLoans } from "../../db/schema/index.js";
import { DAY } from "../../lib/clock.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";
import { placeOk, trader, type Trader } from "../trading/testing.js";
import { reviewOf } from "../withdrawals/testing.js";

export const newKey = () => `lend-${randomBytes(8).toString("hex")}`;

export const lendingCall = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `lending/${action}`, body, who.session.headers);

/**
 * A user holding `quantity` RELIANCE (NSE, INR) bought at the board's price without leverage, the next
 * trading day (the position's T+1 lock lifted): the clock is moved a day on.
 */
export async function holder(t: TestApp, quantity = "100"): Promise<{ who: Trader; position: TradeOrder }> {
  const who = await trader(t, { currency: "INR", amount: "500000" });
  const position = await placeOk(t, who, {
    symbol: "RELIANCE",
    direction: "long",
    priceType: "market",
    quantity,
    leverage: 1,
  });
  return { who, position };
}

/** Moves the clock a day on (the positions' T+1 lock lifts; NSE trades at 08:00 UTC on a weekday). */
export const nextDay = (t: TestApp) => t.clock.advance(DAY);

export async function termsOf(t: TestApp, who: Trader): Promise<LendingTerms> {
  const answer = await lendingCall(t, who, "terms");
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as LendingTerms;
}

export const applyBody = (positionId: string, overrides: Record<string, unknown> = {}) => ({
  positionId,
  quantity: "100",
  days: 7,
  idempotencyKey: newKey(),
  ...overrides,
});

export async function applyOk(
  t: TestApp,
  who: Trader,
  positionId: string,
  overrides: Record<string, unknown> = {},
): Promise<Lending> {
  const answer = await lendingCall(t, who, "apply", applyBody(positionId, overrides));
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1, data: { state: "pending" } });
  return answer.data as Lending;
}

export async function decide(
  t: TestApp,
  staff: StaffLogin,
  lendingId: string,
  decision: "approve" | "reject",
  reason = "",
): Promise<Answer> {
  const review = await reviewOf(t, lendingId);
  return adminCall(
    t.app,
    "reviews/decide",
    { kind: "lending", id: review.id, decision, reason },
    staff.headers,
  );
}

export async function listOf(t: TestApp, who: Trader): Promise<Lending[]> {
  const answer = await lendingCall(t, who, "list");
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { items: Lending[] }).items;
}

export const lendingRows = (t: TestApp, userId: string) =>
  t.database.db.select().from(securitiesLoans).where(eq(securitiesLoans.userId, userId));
