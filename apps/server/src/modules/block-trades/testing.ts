/** Helpers of the block-trade tests (imported by *.test.ts only). */
import type { AdminBlockTradeOffer, BlockTradeSubscription } from "@brokerage/api";
import { expect } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { HOUR } from "../../lib/clock.js";
import { decideSubject, reviewsOf } from "../reviews/testing.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";
import { newKey, type Trader } from "../trading/testing.js";

/** An offer's terms as staff save them, open from an hour before the clock for two days. */
export function offerBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const now = t.clock.now().getTime();
  return {
    symbol: "RELIANCE",
    price: "925.50",
    minQuantity: "100",
    maxQuantity: "1000",
    opensAt: new Date(now - HOUR).toISOString(),
    closesAt: new Date(now + 48 * HOUR).toISOString(),
    lockDays: 2,
    reason: "Placement for invited clients",
    ...overrides,
  };
}

export const saveOffer = (t: TestApp, staff: StaffLogin, body: Record<string, unknown>) =>
  adminCall(t.app, "blockTrades/save", body, staff.headers);

/** Creates an offer that must be accepted and answers it. */
export async function createOffer(
  t: TestApp,
  staff: StaffLogin,
  overrides: Record<string, unknown> = {},
): Promise<AdminBlockTradeOffer> {
  const answer = await saveOffer(t, staff, offerBody(t, overrides));
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdminBlockTradeOffer;
}

export const blockTrade = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `blockTrade/${action}`, body, who.session.headers);

export const subscribe = (t: TestApp, who: Trader, body: Record<string, unknown>): Promise<Answer> =>
  blockTrade(t, who, "subscribe", { idempotencyKey: newKey(), ...body });

/** Subscribes, which must succeed, and answers the subscription. */
export async function subscribeOk(
  t: TestApp,
  who: Trader,
  body: Record<string, unknown>,
): Promise<BlockTradeSubscription> {
  const answer = await subscribe(t, who, body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as BlockTradeSubscription;
}

export { reviewsOf };

/** The reviewer decides the subscription's review. */
export const decide = (
  t: TestApp,
  staff: StaffLogin,
  orderId: string,
  decision: "approve" | "reject",
  reason = "",
): Promise<Answer> => decideSubject(t, staff, "blockTrade", orderId, decision, reason);
