/** Helpers of the placement tests (imported by *.test.ts only). */
import type { AdminPlacementOffer, PlacementSubscription } from "@brokerage/api";
import { expect } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { HOUR } from "../../lib/clock.js";
import { decideSubject, reviewsOf } from "../reviews/testing.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";
import { newKey, trader, type Trader } from "../trading/testing.js";
import { verifyKyc } from "../withdrawals/testing.js";

/**
 * An offer's terms as staff save them: RELIANCE at ₹900.00, ₹50,000.00 to ₹450,000.00 a subscription (56
 * to 500 shares), open from an hour before the clock for two days, locked 2 trading days.
 */
export function offerBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const now = t.clock.now().getTime();
  return {
    kind: "placement",
    symbol: "RELIANCE",
    price: "900.00",
    minAmount: "50000.00",
    maxAmount: "450000.00",
    opensAt: new Date(now - HOUR).toISOString(),
    closesAt: new Date(now + 48 * HOUR).toISOString(),
    lockDays: 2,
    reason: "Placement of new shares",
    ...overrides,
  };
}

export const saveOffer = (t: TestApp, staff: StaffLogin, body: Record<string, unknown>) =>
  adminCall(t.app, "placements/save", body, staff.headers);

/** Creates an offer that must be accepted and answers it. */
export async function createOffer(
  t: TestApp,
  staff: StaffLogin,
  overrides: Record<string, unknown> = {},
): Promise<AdminPlacementOffer> {
  const answer = await saveOffer(t, staff, offerBody(t, overrides));
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdminPlacementOffer;
}

/** A verified user with a fund password and, when given, money in one wallet. */
export async function investor(t: TestApp, money?: { currency: string; amount: string }): Promise<Trader> {
  const who = await trader(t, money);
  await verifyKyc(t, who.userId);
  return who;
}

export const placement = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `placement/${action}`, body, who.session.headers);

export const subscribe = (t: TestApp, who: Trader, body: Record<string, unknown>): Promise<Answer> =>
  placement(t, who, "subscribe", { idempotencyKey: newKey(), ...body });

/** Subscribes, which must succeed, and answers the subscription. */
export async function subscribeOk(
  t: TestApp,
  who: Trader,
  body: Record<string, unknown>,
): Promise<PlacementSubscription> {
  const answer = await subscribe(t, who, body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as PlacementSubscription;
}

export { reviewsOf };

/** The reviewer decides the subscription's review. */
export const decide = (
  t: TestApp,
  staff: StaffLogin,
  orderId: string,
  decision: "approve" | "reject",
  reason = "",
): Promise<Answer> => decideSubject(t, staff, "placement", orderId, decision, reason);
