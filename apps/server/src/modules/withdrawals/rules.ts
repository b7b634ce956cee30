import {
  WITHDRAW_RULE_FIX,
  type ErrorCode,
  type ErrorParams,
  type SettingValue,
  type WithdrawRule,
  type WithdrawRuleId,
} from "@brokerage/api";
import { inWindow, money, toBookedString, toChargedString } from "@brokerage/core";
import type { UserStanding } from "./repository.js";

/**
 * The rules of spec §5 for a withdrawal, each as a pure function of the user's standing: the code it
 * refuses with, or null. `fund/withdrawRules` shows all of them; `fund/withdraw` stops at the first.
 */

export interface Refusal {
  code: ErrorCode;
  params?: ErrorParams;
}

export const WITHDRAWAL_SETTINGS = [
  "withdrawal.window",
  "withdrawal.limits",
  "withdrawal.minCreditScore",
  "withdrawal.fourEyesAbove",
  "withdrawal.arrival",
  "withdrawal.networkFees",
] as const;
export type WithdrawalSettings = { [K in (typeof WITHDRAWAL_SETTINGS)[number]]: SettingValue<K> };

export interface Pending {
  currency: string;
  amount: string;
  createdAt: Date;
}

/** Frozen first: it closes the whole account, of which the withdraw ban is one part. */
export const accountRefusal = (user: UserStanding): Refusal | null =>
  user.frozen ? { code: "ACCOUNT_FROZEN" } : user.withdrawBanned ? { code: "WITHDRAW_BANNED" } : null;

/** Set, and not locked by wrong guesses (the lock is the fund-password module's; read here to show it). */
export function fundPasswordRefusal(user: UserStanding, now: Date): Refusal | null {
  if (!user.fundPasswordSet) return { code: "FUND_PASSWORD_NOT_SET" };
  if (user.fundLockedUntil && user.fundLockedUntil.getTime() > now.getTime())
    return { code: "FUND_PASSWORD_LOCKED", params: { until: user.fundLockedUntil.toISOString() } };
  return null;
}

export const kycRefusal = (user: UserStanding): Refusal | null =>
  user.kycStatus === "verified" ? null : { code: "KYC_REQUIRED" };

export const creditScoreRefusal = (user: UserStanding, minScore: number): Refusal | null =>
  user.creditScore >= minScore ? null : { code: "INSUFFICIENT_CREDIT_SCORE" };

/** The window's hours as the spec's time text (`start`, `end`: times of day the app formats). */
export const windowRefusal = (window: WithdrawalSettings["withdrawal.window"], now: Date): Refusal | null =>
  inWindow(window, now)
    ? null
    : { code: "OUTSIDE_WINDOW", params: { start: window.from, end: window.to, timeZone: window.timeZone } };

/** The currency's limits at its scale; undefined when the currency cannot be withdrawn. */
export function limitsOf(settings: WithdrawalSettings, currency: string) {
  const limits = settings["withdrawal.limits"][currency];
  return limits && { min: toBookedString(limits.min, currency), max: toBookedString(limits.max, currency) };
}

export function amountRefusal(
  limits: { min: string; max: string } | undefined,
  amount: string,
): Refusal | null {
  if (!limits) return { code: "CURRENCY_UNSUPPORTED", params: { field: "currency" } };
  if (money(amount).lessThan(limits.min)) return { code: "AMOUNT_BELOW_MIN", params: { min: limits.min } };
  if (money(amount).greaterThan(limits.max)) return { code: "AMOUNT_ABOVE_MAX", params: { max: limits.max } };
  return null;
}

/**
 * The network fee of paying `currency` out to an address of `type`, at the currency's scale (rounded up,
 * as every fee); undefined when that network does not pay out that currency.
 */
export function networkFeeOf(
  settings: WithdrawalSettings,
  type: string,
  currency: string,
): string | undefined {
  const fees = settings["withdrawal.networkFees"] as Record<string, Record<string, string> | undefined>;
  const fee = fees[type]?.[currency];
  return fee === undefined ? undefined : toChargedString(fee, currency);
}

/** The networks that pay out `currency`, each with its fee, in the order the setting lists them. */
export function networksOf(settings: WithdrawalSettings, currency: string) {
  return Object.keys(settings["withdrawal.networkFees"]).flatMap((type) => {
    const fee = networkFeeOf(settings, type, currency);
    return fee === undefined ? [] : [{ type, fee }];
  });
}

/** The address must receive something: the amount must be above the network's fee. */
export const feeRefusal = (fee: string, amount: string): Refusal | null =>
  money(amount).greaterThan(fee) ? null : { code: "AMOUNT_BELOW_FEE", params: { amount: fee } };

export const pendingRefusal = (pending: Pending | undefined): Refusal | null =>
  pending ? { code: "FUND_OPERATION_PENDING" } : null;

export const withdrawableRefusal = (available: string, amount: string): Refusal | null =>
  money(amount).greaterThan(available) ? { code: "INSUFFICIENT_WITHDRAWABLE", params: { available } } : null;

export interface Standing {
  user: UserStanding;
  cardCount: number;
  /** The user's saved addresses on a network that pays out the currency asked about. */
  walletCount: number;
  pending: Pending | undefined;
  /** The available balance of the currency asked about, at its scale. */
  available: string;
}

/** Every rule with the user's standing on it, in check order (the `fund/withdrawRules` checklist). */
export function checklist(
  standing: Standing,
  settings: WithdrawalSettings,
  currency: string,
  now: Date,
): WithdrawRule[] {
  const { user, pending, available } = standing;
  const window = settings["withdrawal.window"];
  const minScore = settings["withdrawal.minCreditScore"];
  const limits = limitsOf(settings, currency);
  const rule = (id: WithdrawRuleId, refusal: Refusal | null, params: ErrorParams = {}): WithdrawRule => ({
    id,
    met: refusal === null,
    code: refusal?.code ?? null,
    params: { ...params, ...refusal?.params },
    fix: refusal === null ? null : WITHDRAW_RULE_FIX[id],
  });
  const enough = limits ? !money(available).lessThan(limits.min) : money(available).greaterThan(0);
  return [
    rule("account", accountRefusal(user)),
    rule("fundPassword", fundPasswordRefusal(user, now)),
    rule("kyc", kycRefusal(user), { state: user.kycStatus }),
    rule("bankCard", standing.cardCount + standing.walletCount > 0 ? null : { code: "CARD_NOT_FOUND" }, {
      count: String(standing.cardCount),
      wallets: String(standing.walletCount),
    }),
    rule("creditScore", creditScoreRefusal(user, minScore), {
      score: String(user.creditScore),
      minScore: String(minScore),
    }),
    rule("window", windowRefusal(window, now), {
      start: window.from,
      end: window.to,
      days: window.days.join(","),
      timeZone: window.timeZone,
    }),
    rule("limits", limits ? null : { code: "CURRENCY_UNSUPPORTED" }, limits ?? {}),
    rule(
      "noPending",
      pendingRefusal(pending),
      pending
        ? {
            amount: toBookedString(pending.amount, pending.currency),
            currency: pending.currency,
            createdAt: pending.createdAt.toISOString(),
          }
        : {},
    ),
    rule("withdrawable", enough ? null : { code: "INSUFFICIENT_WITHDRAWABLE", params: { available } }, {
      available,
      ...(limits && { min: limits.min }),
    }),
  ];
}
