import { z } from "zod";
import { LENDING_RISKS } from "./constants.js";
import { idempotencyKey, moneyString } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { currency } from "./ledger.js";
import { quantityString } from "./trading.js";

/**
 * Securities lending (DESIGN §4.1 "Lending", §5 "Products"; spec: states in progress → completed, fund flow
 * "lending rebate", "below minimum lending amount", "lending quota full or channel closed"), modelled on
 * Interactive Brokers' Stock Yield Enhancement Program: the rate the borrowers pay, the share the platform
 * keeps, the rate paid to the user and the risks are shown before the user lends (docs/lending.md).
 *
 * - Eligible holdings: the user's open long positions without leverage (1×), not a day trade, no longer
 *   locked (T+N, block-trade lock), in a share market (not crypto, not forex), not lent already. Lent
 *   shares stay the user's position; the whole position cannot be closed while any of it is lent.
 * - `lending/apply {positionId, quantity, days, idempotencyKey}`: whole shares, at most the position's; the
 *   value (quantity × the current price) at least `lending.minValue` of the currency (LENDING_BELOW_MIN), and
 *   within what is left of `lending.quota` (LENDING_QUOTA_FULL; a currency without a quota is a closed
 *   channel: LENDING_UNAVAILABLE). It opens a review of kind `lending`; approval lends the shares
 *   (`inProgress`), the term ending at the open of the first trading day on or after `days` calendar days.
 * - `lending/recall {id}`: the shares come back at the open of the next trading day of the position's
 *   exchange (or at the term's end, if that is sooner); until then they stay lent and keep earning.
 * - The rebate accrues every calendar day the shares are lent, on their value at that day's mark (the price
 *   at the day's end in the exchange's zone), at `rate` a year over 365 days; each ended day is paid as a
 *   `lendingRebate` entry from the platform's rebates account, the running total rounded down to the
 *   currency's scale (so no day's fraction of a cent is lost or paid twice).
 */

export const LENDING_STATES = ["pending", "rejected", "inProgress", "completed"] as const;
export const lendingState = z.enum(LENDING_STATES);
export type LendingState = z.infer<typeof lendingState>;

/** One position the user may lend now. */
export const lendablePosition = z.object({
  positionId: z.string(),
  orderNo: z.string(),
  symbol: z.string(),
  name: z.string(),
  exchange: z.string(),
  currency,
  /** Whole shares that may be lent (the position's quantity, rounded down). */
  quantity: quantityString,
  /** The current price, and the whole position's value at it. */
  price: moneyString,
  value: moneyString,
});
export type LendablePosition = z.infer<typeof lendablePosition>;

/** A currency's lending channel: its least amount, its quota and how much of it is taken. */
export const lendingChannel = z.object({
  currency,
  minValue: moneyString,
  quota: moneyString,
  /** Value of the applications under review and the shares lent now. */
  used: moneyString,
  available: moneyString,
});

/** `lending/terms`: what is shown before acting. */
export const lendingTerms = z.object({
  /** A year's fee the borrowers pay on the shares' value, a fraction (0.02 = 2 %). */
  grossRate: z.string(),
  /** The platform's share of it (0.5 = half). */
  brokerShare: z.string(),
  /** What the user is paid a year on the shares' value: grossRate × (1 − brokerShare). */
  rate: z.string(),
  dayCount: z.number().int(),
  termDays: z.array(z.number().int()),
  channels: z.array(lendingChannel),
  eligible: z.array(lendablePosition),
  risks: z.array(z.enum(LENDING_RISKS)),
});
export type LendingTerms = z.infer<typeof lendingTerms>;

/** One day's rebate, paid. */
export const lendingRebate = z.object({
  /** The day (ISO date, the exchange's zone) and its mark. */
  day: z.string(),
  price: moneyString,
  value: moneyString,
  amount: moneyString,
  paidAt: z.string(),
});

/** One lending as its owner sees it. */
export const lending = z.object({
  id: z.string(),
  positionId: z.string(),
  orderNo: z.string(),
  symbol: z.string(),
  name: z.string(),
  exchange: z.string(),
  currency,
  quantity: quantityString,
  days: z.number().int(),
  /** The price and value when applying (what the minimum and the quota were checked on). */
  price: moneyString,
  value: moneyString,
  /** The terms fixed when applying. */
  rate: z.string(),
  grossRate: z.string(),
  brokerShare: z.string(),
  /** value × rate × days ÷ 365, rounded down: what the term earns if the price stays as it is. */
  expectedRebate: moneyString,
  rebatePaid: moneyString,
  state: lendingState,
  reason: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  /** When the shares come back: the term's end, or the recall's (null while under review). */
  endsAt: z.string().nullable(),
  recalledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  rebates: z.array(lendingRebate),
});
export type Lending = z.infer<typeof lending>;

export const lendingApplyRequest = z.object({
  positionId: z.string().uuid(),
  quantity: quantityString,
  days: z.number().int().min(1).max(3650),
  idempotencyKey,
});
export type LendingApplyRequest = z.infer<typeof lendingApplyRequest>;

export const lendingRecallRequest = z.object({ id: z.string().uuid() });
export type LendingRecallRequest = z.infer<typeof lendingRecallRequest>;

export const LENDING_PAGE_SIZE = 20;
export const lendingListRequest = cursorRequest;
export const lendingListResponse = cursorPage(lending);
export type LendingListResponse = z.infer<typeof lendingListResponse>;
