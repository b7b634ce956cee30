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
 * - `bankCard`: somewhere to pay to, a bound card or a saved wallet address (CARD_NOT_FOUND) · params
 *   `{count, wallets}` (cards, addresses)
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

/**
 * A crypto network a currency can be paid out on, with its fee (`withdrawal.networkFees`): the fee is
 * taken from the amount, so the address receives the amount less the fee, in the network's coin at one
 * unit per unit of the currency (USDT is a US-dollar token).
 */
export const payoutNetwork = z.object({
  type: z.string().describe("A wallet type: USDT-TRC20, USDT-ERC20, BTC"),
  fee: moneyString,
});
export type PayoutNetwork = z.infer<typeof payoutNetwork>;

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
  /**
   * The wallet types this currency can be paid out to, each with its network fee (taken from the
   * amount); a saved address of another type cannot receive this currency.
   */
  networks: z.array(payoutNetwork),
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
 * `fund/withdraw`. Pays to one of the user's bank cards (`bankCardId`) or saved wallet addresses
 * (`walletId`): exactly one of the two (else INVALID_INPUT on `bankCardId`). Anything else in the body
 * (state, userId, balance …) is ignored. An amount with more decimals than the currency has answers
 * INVALID_INPUT on `amount`.
 */
export const withdrawRequest = z
  .object({
    currency,
    amount: positiveAmount,
    bankCardId: z.string().uuid().optional(),
    walletId: z.string().uuid().optional(),
    fundPassword: z.string().min(1).max(PASSWORD_MAX),
    idempotencyKey,
  })
  .refine((body) => (body.bankCardId === undefined) !== (body.walletId === undefined), {
    path: ["bankCardId"],
    message: "one of bankCardId and walletId",
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

/** The wallet address a withdrawal pays to (one removed since still shows). */
export const withdrawalWallet = z.object({
  id: z.string(),
  /** The network, a wallet type: USDT-TRC20, USDT-ERC20, BTC. */
  type: z.string(),
  address: z.string(),
});

/** One withdrawal as its owner sees it (`fund/withdraw`'s answer, `fund/withdrawList`'s items). */
export const withdrawal = z.object({
  id: z.string(),
  currency,
  /** What leaves the balance: held at once, paid out on approval, back on refusal. */
  amount: moneyString,
  /** The network fee of a payout to a wallet (0 to a bank card), taken from the amount when paid out. */
  fee: moneyString,
  /** What reaches the card or address: the amount less the fee. */
  receive: moneyString,
  state: withdrawalState,
  /** The reviewer's reason on a refusal (also in the fund records and the message). */
  reason: z.string().nullable(),
  /** Exactly one of `card` and `wallet` is set. */
  card: withdrawalCard.nullable(),
  wallet: withdrawalWallet.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** `fund/withdrawList {cursor?}`: the user's withdrawals, newest first, WITHDRAW_PAGE_SIZE a page. */
export const WITHDRAW_PAGE_SIZE = 20;
export const withdrawListRequest = cursorRequest;
export const withdrawListResponse = cursorPage(withdrawal);
export type WithdrawListResponse = z.infer<typeof withdrawListResponse>;
