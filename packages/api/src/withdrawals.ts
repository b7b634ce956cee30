import { z } from "zod";
import { idempotencyKey, moneyString, positiveMoneyString } from "./envelope.js";
import { ERROR_CODES } from "./errors.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { currency } from "./ledger.js";
import { timeWindow } from "./settings.js";
import { PASSWORD_MAX } from "./user.js";

/**
 * Withdrawals (spec §5 Withdrawal, §8; DESIGN §4.1 "Withdrawals", §5 "Withdrawals and deposits"):
 * `fund/withdrawRules {currency}`, `fund/withdraw {…}`, `fund/withdrawList {cursor?}`.
 */

/**
 * The rules of spec §5, in the order `fund/withdraw` checks them. Each answers its own code when unmet:
 * - `account`: not frozen (ACCOUNT_FROZEN), not withdraw-banned (WITHDRAW_BANNED)
 * - `fundPassword`: set (FUND_PASSWORD_NOT_SET), not locked by wrong guesses (FUND_PASSWORD_LOCKED {until})
 * - `kyc`: real-name verification done (KYC_REQUIRED) · params `{state}`
 * - `bankCard`: at least one card bound (CARD_NOT_FOUND) · params `{count}`
 * - `creditScore`: at least `withdrawal.minCreditScore` (INSUFFICIENT_CREDIT_SCORE) · params `{score, minScore}`
 * - `window`: now inside `withdrawal.window` (OUTSIDE_WINDOW {start, end}) · params `{start, end, days, timeZone}`
 * - `limits`: the currency can be withdrawn, between min and max (CURRENCY_UNSUPPORTED) · params `{min, max}`
 * - `noPending`: no withdrawal of the user waiting for review (FUND_OPERATION_PENDING) · params, when one
 *   waits, `{amount, currency, createdAt}`
 * - `withdrawable`: the available balance reaches the minimum (INSUFFICIENT_WITHDRAWABLE {available}) ·
 *   params `{available, min}`
 * Param keys follow the error params' (`min`, `max`, `available`, `amount` are money; `start`, `end`,
 * `until` are time text), so the app formats them the same way.
 */
export const WITHDRAW_RULES = [
  "account",
  "fundPassword",
  "kyc",
  "bankCard",
  "creditScore",
  "window",
  "limits",
  "noPending",
  "withdrawable",
] as const;
export const withdrawRuleId = z.enum(WITHDRAW_RULES);
export type WithdrawRuleId = z.infer<typeof withdrawRuleId>;

/** Where in the app an unmet rule is fixed (`kefu` is the customer-service link, spec §2). */
export const WITHDRAW_RULE_FIX = {
  account: "kefu",
  fundPassword: "/information/fundPass",
  kyc: "/information/authInfo",
  bankCard: "/information/bankList",
  creditScore: "kefu",
  window: null,
  limits: "/information/exChange",
  noPending: null,
  withdrawable: "/information/recharge",
} as const satisfies Record<WithdrawRuleId, string | null>;

export const withdrawRule = z.object({
  id: withdrawRuleId,
  met: z.boolean(),
  /** The code `fund/withdraw` answers while the rule is unmet (null when met). */
  code: z.enum(ERROR_CODES as [string, ...string[]]).nullable(),
  /** The user's standing and the rule's values, as strings (see WITHDRAW_RULES). */
  params: z.record(z.string(), z.string()),
  /** The app path (or `kefu`) that fixes an unmet rule; null when nothing in the app fixes it. */
  fix: z.string().nullable(),
});
export type WithdrawRule = z.infer<typeof withdrawRule>;

export const withdrawRulesRequest = z.object({ currency });
export type WithdrawRulesRequest = z.infer<typeof withdrawRulesRequest>;

/** `fund/withdrawRules {currency}`: every rule with the user's standing, nothing hidden until the button. */
export const withdrawRulesResponse = z.object({
  currency,
  /** In check order; `canWithdraw` is every one met (the amount is then checked against min/max/available). */
  rules: z.array(withdrawRule),
  canWithdraw: z.boolean(),
  /** Every currency that can be withdrawn (has `withdrawal.limits`), for the form's currency choice. */
  currencies: z.array(currency),
  /** The available balance of the currency, from the ledger: the most that can be withdrawn now. */
  available: moneyString,
  /** Per-withdrawal limits of the currency; null when the currency cannot be withdrawn. */
  limits: z.object({ min: moneyString, max: moneyString }).nullable(),
  window: timeWindow.extend({ open: z.boolean() }),
  /** `withdrawal.arrival`: within so many hours, at the latest T+`latestDays`. */
  arrival: z.object({ withinHours: z.number().int(), latestDays: z.number().int() }),
  /**
   * When the user's withdrawals in the currency over 24 hours go above this amount, two different
   * reviewers approve (a longer wait); null when none is configured.
   */
  fourEyesAbove: moneyString.nullable(),
});
export type WithdrawRulesResponse = z.infer<typeof withdrawRulesResponse>;

const positiveAmount = positiveMoneyString;

/**
 * `fund/withdraw`. Anything else in the body (state, userId, balance …) is ignored. An amount with more
 * decimals than the currency has answers INVALID_INPUT on `amount`.
 */
export const withdrawRequest = z.object({
  currency,
  amount: positiveAmount,
  bankCardId: z.string().uuid(),
  fundPassword: z.string().min(1).max(PASSWORD_MAX),
  idempotencyKey,
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

export const WITHDRAWAL_STATES = ["pending", "approved", "rejected"] as const;
export const withdrawalState = z.enum(WITHDRAWAL_STATES);
export type WithdrawalState = z.infer<typeof withdrawalState>;

/** The card a withdrawal pays to, as its owner sees it (the number masked; a card removed since still shows). */
export const withdrawalCard = z.object({
  id: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  cardNumber: z.string().describe("Masked, e.g. 6222***********0123"),
});

/** One withdrawal as its owner sees it (`fund/withdraw`'s answer, `fund/withdrawList`'s items). */
export const withdrawal = z.object({
  id: z.string(),
  currency,
  amount: moneyString,
  state: withdrawalState,
  /** The reviewer's reason on a refusal (also in the fund records and the message). */
  reason: z.string().nullable(),
  card: withdrawalCard,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** `fund/withdrawList {cursor?}`: the user's withdrawals, newest first, WITHDRAW_PAGE_SIZE a page. */
export const WITHDRAW_PAGE_SIZE = 20;
export const withdrawListRequest = cursorRequest;
export const withdrawListResponse = cursorPage(withdrawal);
export type WithdrawListResponse = z.infer<typeof withdrawListResponse>;
