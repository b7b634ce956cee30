import { z } from "zod";
import { cursorPage } from "./identity.js";
import { idempotencyKey, moneyString } from "./envelope.js";
import { staffReason } from "./admin.js";
import { CURRENCIES, currency, entryType } from "./ledger.js";
import { isTimeZone, recordAccount } from "./records.js";
import { SETTING_KEYS, SETTINGS, type SettingKey } from "./settings.js";

/**
 * The back office's money tools (DESIGN §4.1 Users and Configuration, §5 Back office): a user's ledger,
 * balance adjustments (only as journal entries of type `adjustment`, four-eyes above
 * `adjustment.fourEyesAbove`), and the typed configuration keys.
 */

const id = z.string().uuid();

// ---------------------------------------------------------------------------------------------------
// users/ledger (ledger.read)

/** `users/ledger {userId, currency?, cursor?}`: the wallets and the postings, newest first. */
export const userLedgerRequest = z.object({
  userId: id,
  currency: currency.optional().describe("Only the postings in this currency"),
  cursor: z.string().max(64).optional(),
});
export type UserLedgerRequest = z.infer<typeof userLedgerRequest>;

/** One currency's balances, each at the currency's scale. */
export const ledgerWallet = z.object({
  currency: z.string(),
  available: moneyString,
  held: moneyString,
  margin: moneyString,
  loan: moneyString,
});
export type LedgerWallet = z.infer<typeof ledgerWallet>;

/** One posting of the user's: what moved, on which of their accounts, the running balance, why and by whom. */
export const ledgerPosting = z.object({
  id: z.string(),
  entryId: z.string(),
  createdAt: z.string(),
  entryType,
  /** Which of the user's accounts: available, held (frozen), margin, loan. */
  purpose: recordAccount,
  currency: z.string(),
  /** Signed, at the currency's scale: positive added to the account. */
  amount: moneyString,
  /** The account's balance just after this posting. */
  balanceAfter: moneyString,
  /** Shown to the user in fund records (adjustments, refusals). */
  reason: z.string().nullable(),
  /** What the entry belongs to: `deposit:<id>`, `adjustment:<id>` … */
  reference: z.string().nullable(),
  causedBy: z.enum(["user", "staff", "system"]),
  /** The staff account behind a staff-caused entry. */
  staffAccount: z.string().nullable(),
});
export type LedgerPosting = z.infer<typeof ledgerPosting>;

export const ADJUSTMENT_STATES = ["pending", "approved", "rejected"] as const;

/** A back-office adjustment: booked at once, or waiting for a second administrator (`pending`). */
export const balanceAdjustment = z.object({
  id: z.string(),
  userId: z.string(),
  currency: z.string(),
  /** Signed, at the currency's scale: positive credits the user, negative debits. */
  amount: moneyString,
  reason: z.string(),
  state: z.enum(ADJUSTMENT_STATES),
  /** The administrator who asked for it. */
  requestedBy: z.string(),
  /** The review a second administrator decides (null: booked at once). */
  reviewId: z.string().nullable(),
  /** The journal entry that booked it (null until booked). */
  entryId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BalanceAdjustment = z.infer<typeof balanceAdjustment>;

/** How many of a user's latest adjustments `users/ledger` lists (every state, rejected ones included). */
export const RECENT_ADJUSTMENTS = 20;

export const userLedgerResponse = cursorPage(ledgerPosting).extend({
  /** Every currency the user has an account in. */
  wallets: z.array(ledgerWallet),
  /** The user's latest adjustments, newest first (a rejected one has no posting). */
  adjustments: z.array(balanceAdjustment),
  /**
   * `adjustment.fourEyesAbove`: above this absolute amount (per currency) an adjustment waits for a
   * second administrator; a currency without an amount always does.
   */
  adjustFourEyesAbove: z.record(z.string(), moneyString),
});
export type UserLedger = z.infer<typeof userLedgerResponse>;

// ---------------------------------------------------------------------------------------------------
// users/adjust (ledger.adjust)

const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value);

/**
 * `users/adjust {userId, currency, amount, reason, idempotencyKey}`: a signed amount at the currency's
 * scale (INVALID_INPUT on `amount` otherwise, or when zero) and a reason the user reads.
 */
export const adjustBalanceRequest = z.object({
  userId: id,
  currency,
  amount: moneyString
    .refine((v) => !isZero(v), "not zero")
    .describe("Signed decimal: positive credits the user, negative debits; at most the currency's decimals"),
  reason: staffReason.describe("Shown to the user in fund records and in their message"),
  idempotencyKey,
});
export type AdjustBalanceRequest = z.infer<typeof adjustBalanceRequest>;

/** The adjustment, with the user's available balance after it when it was booked (else null). */
export const adjustBalanceResponse = balanceAdjustment.extend({ available: moneyString.nullable() });
export type AdjustBalanceResponse = z.infer<typeof adjustBalanceResponse>;

// ---------------------------------------------------------------------------------------------------
// config/list, config/set, config/reset (config.manage)

export const settingKey = z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]);

/**
 * A change of a control setting (CONTROL_SETTINGS) waiting for a second administrator: the review of kind
 * `settingChange` that decides it, the value in use when it was asked for and the one it puts in use.
 */
export const pendingSettingChange = z.object({
  id: z.string(),
  reviewId: z.string(),
  before: z.unknown(),
  value: z.unknown(),
  /** Asked for by `config/reset`: approval removes the stored value. */
  reset: z.boolean(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedById: z.string(),
  requestedAt: z.string(),
});
export type PendingSettingChange = z.infer<typeof pendingSettingChange>;

export const configItem = z.object({
  key: settingKey,
  /** What the platform uses now: the stored value, else the default. */
  value: z.unknown(),
  default: z.unknown(),
  /** A value is stored (set in the back office) and in use. */
  overridden: z.boolean(),
  updatedAt: z.string().nullable(),
  /** The staff account that stored the value. */
  updatedBy: z.string().nullable(),
  /**
   * The change waiting for a second administrator, if any. `config/set` and `config/reset` of a control
   * setting answer the key unchanged with this set: the change applies only when approved.
   */
  pendingChange: pendingSettingChange.nullable(),
});
export type ConfigItem = z.infer<typeof configItem>;
export const configListResponse = z.object({ items: z.array(configItem) });
export type ConfigList = z.infer<typeof configListResponse>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Compares two non-negative decimal strings exactly (no JS number for money). */
export function compareDecimals(a: string, b: string): number {
  const split = (v: string) => {
    const [int = "0", frac = ""] = v.split(".");
    return [int.replace(/^0+(?=\d)/, ""), frac.replace(/0+$/, "")] as const;
  };
  const [ai, af] = split(a);
  const [bi, bf] = split(b);
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const [x, y] = [af.padEnd(width, "0"), bf.padEnd(width, "0")];
  return x === y ? 0 : x < y ? -1 : 1;
}

export interface SettingProblem {
  /** Inside the value: `["to"]`, `["USD", "max"]`. */
  path: (string | number)[];
  /** The schema's message, or one of SETTING_PROBLEMS (the back office words these). */
  message: string;
}

/** What settingProblems says of a value its schema accepts but the platform could not use. */
export const SETTING_PROBLEMS = [
  "repeatedDay",
  "toBeforeFrom",
  "unknownTimeZone",
  "unknownCurrency",
  "maxBelowMin",
] as const;

const WINDOW_KEYS: readonly SettingKey[] = ["withdrawal.window", "recharge.window"];
const LIMIT_KEYS: readonly SettingKey[] = ["withdrawal.limits", "recharge.limits"];
const PER_CURRENCY_KEYS: readonly SettingKey[] = [
  ...LIMIT_KEYS,
  "withdrawal.fourEyesAbove",
  "adjustment.fourEyesAbove",
];

/**
 * A value the key's schema accepts but the platform could not use: a window ending before it starts
 * or in an unknown time zone, a minimum above its maximum, a currency the platform has no wallet for.
 */
export function settingProblems(key: SettingKey, value: unknown): SettingProblem[] {
  const parsed = SETTINGS[key].safeParse(value);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      path: issue.path.filter((p): p is string | number => typeof p !== "symbol"),
      message: issue.message,
    }));
  const problems: SettingProblem[] = [];
  if (WINDOW_KEYS.includes(key)) {
    const w = parsed.data as { days: number[]; from: string; to: string; timeZone: string };
    if (new Set(w.days).size !== w.days.length) problems.push({ path: ["days"], message: "repeatedDay" });
    if (minutes(w.from) >= minutes(w.to)) problems.push({ path: ["to"], message: "toBeforeFrom" });
    if (!isTimeZone(w.timeZone)) problems.push({ path: ["timeZone"], message: "unknownTimeZone" });
  }
  if (PER_CURRENCY_KEYS.includes(key))
    for (const code of Object.keys(parsed.data as object))
      if (!(CURRENCIES as readonly string[]).includes(code))
        problems.push({ path: [code], message: "unknownCurrency" });
  if (LIMIT_KEYS.includes(key))
    for (const [code, range] of Object.entries(parsed.data as Record<string, { min: string; max: string }>))
      if (compareDecimals(range.min, range.max) > 0)
        problems.push({ path: [code, "max"], message: "maxBelowMin" });
  return problems;
}

/**
 * `config/set {key, value, reason}`: the value must pass the key's schema and make sense (see
 * settingProblems); else INVALID_INPUT with the field inside the value (`value.USD.max`).
 */
export const configSetRequest = z
  .object({ key: settingKey, value: z.unknown(), reason: staffReason })
  .superRefine((v, ctx) => {
    for (const problem of settingProblems(v.key, v.value))
      ctx.addIssue({ code: "custom", path: ["value", ...problem.path], message: problem.message });
  });
export type ConfigSetRequest = z.infer<typeof configSetRequest>;

/** `config/reset {key, reason}`: back to the default (the stored value is removed). */
export const configResetRequest = z.object({ key: settingKey, reason: staffReason });
export type ConfigResetRequest = z.infer<typeof configResetRequest>;

export const configSetResponse = configItem;
