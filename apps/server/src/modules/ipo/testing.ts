/** Helpers of the IPO tests (imported by *.test.ts only). */
import { randomBytes } from "node:crypto";
import type { AdminIpoOffering, IpoSubscription } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { call, type Answer, type TestApp } from "../../../test/helper.js";
import { ipoSubscriptions, journalEntries } from "../../db/schema/index.js";
import { DAY, HOUR } from "../../lib/clock.js";
import { adminCall, staffLogin, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { trader, type Trader } from "../trading/testing.js";
import { verifyKyc } from "../withdrawals/testing.js";
import { referenceOf } from "./service.js";

export const newKey = () => `ipo-${randomBytes(8).toString("hex")}`;

/** TATACAP: NSE, INR, on the subscription board; 330.00 × 10,000 shares is 3,300,000.00 INR. */
export const SYMBOL = "TATACAP";
export const PRICE = "330.00";
export const MIN_COST = "3300000.00";

export const ipoCall = (t: TestApp, who: Trader, action: string, body: unknown = {}): Promise<Answer> =>
  call(t.app, `ipo/${action}`, body, who.session.headers);

let logins = 0;
/** Staff sessions end after 30 idle minutes: a test that moves the clock logs in again. */
export const login = (t: TestApp, member: StaffMember) =>
  staffLogin(t.app, member, `10.95.${Math.floor(++logins / 200)}.${logins % 200}`);

export const ipoAdmin = (t: TestApp, staff: StaffLogin, action: string, body: unknown = {}) =>
  adminCall(t.app, `ipos/${action}`, body, staff.headers);

/** A registered, KYC-verified user with, when given, that much INR available. */
export async function subscriber(t: TestApp, inr?: string): Promise<Trader> {
  const who = await trader(t, inr === undefined ? undefined : { currency: "INR", amount: inr });
  await verifyKyc(t, who.userId);
  return who;
}

const at = (t: TestApp, offset: number) => new Date(t.clock.now().getTime() + offset).toISOString();

/**
 * An offering open from an hour ago: closes in a day, draws in two, payment due in three, listing in four
 * (Friday 08:00 UTC from the trading tests' Monday start: India trades).
 */
export const offeringBody = (t: TestApp, overrides: Record<string, unknown> = {}) => ({
  symbol: SYMBOL,
  price: PRICE,
  totalShares: "100000",
  minQuantity: "10000",
  maxQuantity: null,
  subscriptionLimit: 1,
  leadBroker: "Kotak Mahindra Capital",
  opensAt: at(t, -HOUR),
  closesAt: at(t, DAY),
  drawAt: at(t, 2 * DAY),
  paymentDueAt: at(t, 3 * DAY),
  listingAt: at(t, 4 * DAY),
  reason: "Offer document approved",
  ...overrides,
});

/** Creates an offering in the back office; the call must succeed. */
export async function createOffering(
  t: TestApp,
  staff: StaffLogin,
  overrides: Record<string, unknown> = {},
): Promise<AdminIpoOffering> {
  const answer = await ipoAdmin(t, staff, "save", offeringBody(t, overrides));
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as AdminIpoOffering;
}

export const subscribe = (
  t: TestApp,
  who: Trader,
  offeringId: string,
  quantity: string,
  idempotencyKey = newKey(),
) => ipoCall(t, who, "subscribe", { offeringId, quantity, idempotencyKey });

/** Subscribes; the call must succeed. */
export async function subscribeOk(
  t: TestApp,
  who: Trader,
  offeringId: string,
  quantity = "10000",
): Promise<IpoSubscription> {
  const answer = await subscribe(t, who, offeringId, quantity);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1, data: { state: "applied" } });
  return answer.data as IpoSubscription;
}

export const pay = (t: TestApp, who: Trader, subscriptionId: string, idempotencyKey = newKey()) =>
  ipoCall(t, who, "pay", { subscriptionId, idempotencyKey });

export const waive = (t: TestApp, who: Trader, subscriptionId: string, idempotencyKey = newKey()) =>
  ipoCall(t, who, "waive", { subscriptionId, idempotencyKey });

/** A staff step on an offering (`draw`, `listing`, `cancel`). */
export const step = (t: TestApp, staff: StaffLogin, action: string, id: string, reason = "As scheduled") =>
  ipoAdmin(t, staff, action, { id, reason });

/** The user's subscriptions as the database has them, oldest first. */
export const subscriptionRows = (t: TestApp, userId: string) =>
  t.database.db
    .select()
    .from(ipoSubscriptions)
    .where(eq(ipoSubscriptions.userId, userId))
    .orderBy(asc(ipoSubscriptions.seq));

/** The entry types booked for a subscription, oldest first. */
export async function entriesOf(t: TestApp, subscriptionId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ type: journalEntries.type })
    .from(journalEntries)
    .where(eq(journalEntries.reference, referenceOf(subscriptionId)))
    .orderBy(asc(journalEntries.id));
  return rows.map((r) => r.type);
}
