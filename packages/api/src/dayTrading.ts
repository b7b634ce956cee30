import { z } from "zod";
import { idempotencyKey, moneyString, positiveMoneyString } from "./envelope.js";
import { currency } from "./ledger.js";

/**
 * Day trading (DESIGN §5 "Primary market": "an application reviewed by staff; approved users open intraday
 * positions that are closed automatically at market close"; spec §3 fund flow "day-trade review", §4
 * review states). The user asks for a day-trading allowance in one currency: the amount is held from
 * `available` while a reviewer looks at it (review kind `dayTrading`) and released when it is decided
 * either way. Once approved, `trade/placeOrder {dayTrade: true}` opens intraday positions (kind
 * `dayTrade`: no lock, closed at the market's close with reason `dayEnd`) whose margins together stay
 * within the allowance, which is the latest approved application.
 */

export const DAY_TRADING_APPLICATION_STATES = ["pending", "approved", "rejected"] as const;
export const dayTradingApplicationState = z.enum(DAY_TRADING_APPLICATION_STATES);
export type DayTradingApplicationState = z.infer<typeof dayTradingApplicationState>;

/** One application as its owner sees it. */
export const dayTradingApplication = z.object({
  id: z.string(),
  currency,
  amount: moneyString,
  state: dayTradingApplicationState,
  /** The reviewer's reason on a refusal. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DayTradingApplication = z.infer<typeof dayTradingApplication>;

/** The allowance in force (the latest approved application) and how much of it open day trades use. */
export const dayTradingAllowance = z.object({
  currency,
  amount: moneyString,
  /** The margin of the user's day trades that hold it now (pending limit orders and open positions). */
  used: moneyString,
  /** amount − used, never below 0: the most margin a new day trade may take. */
  remaining: moneyString,
});
export type DayTradingAllowance = z.infer<typeof dayTradingAllowance>;

/** `dayTrading/status`: the latest application and the allowance in force. */
export const dayTradingStatus = z.object({
  /** The latest application (null: never applied); a newer one waiting leaves the allowance as it is. */
  application: dayTradingApplication.nullable(),
  /** null until an application is approved: `trade/placeOrder {dayTrade: true}` answers MARGIN_NOT_ENABLED. */
  allowance: dayTradingAllowance.nullable(),
  /** Whether an application may be made now (none waiting for review). */
  canApply: z.boolean(),
});
export type DayTradingStatus = z.infer<typeof dayTradingStatus>;

const positiveAmount = positiveMoneyString;

/**
 * `dayTrading/apply`: the allowance asked for, held from the currency's available balance until the review.
 * More decimals than the currency has answers INVALID_INPUT on `amount`.
 */
export const dayTradingApplyRequest = z.object({ currency, amount: positiveAmount, idempotencyKey });
export type DayTradingApplyRequest = z.infer<typeof dayTradingApplyRequest>;
