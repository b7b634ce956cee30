import { z } from "zod";
import { moneyString, plainText } from "./envelope.js";
import { cursorPage } from "./identity.js";
import { currency, entryType } from "./ledger.js";
import { STATEMENT_DEFAULT_LANGUAGE, STATEMENT_LANGUAGES } from "./statementTexts.js";

export * from "./statementTexts.js";

/**
 * Fund records and the funds statement (DESIGN §4.1 Records, §5 Ledger: both are views of the user's
 * postings). A record is one posting on one of the user's own accounts: `available` (the balance the
 * account screen shows) and `held` (frozen funds: pending withdrawals, later limit orders and
 * subscriptions), and, once trading and loans book them, `margin` and `loan`. Every posting is listed, so
 * a withdrawal request shows twice (available −, frozen +) and its payout as a frozen −: each account has
 * its own running balance, and together they explain every change of the account screen's figures.
 */

/** Fund records per page (newest first). */
export const FUND_RECORDS_PAGE_SIZE = 20;
/** The longest statement, in calendar days, both ends included. */
export const STATEMENT_MAX_DAYS = 366;
/** The time zone of statement days when the app sends none (the platform's, as the money windows'). */
export const STATEMENT_DEFAULT_TIME_ZONE = "Asia/Kolkata";

/** The user's accounts a record can be on (ledger purposes), in the order the statement lists them. */
export const RECORD_ACCOUNTS = ["available", "held", "margin", "loan"] as const;
export const recordAccount = z.enum(RECORD_ACCOUNTS);
export type RecordAccount = z.infer<typeof recordAccount>;

/** `fund/records {type?, currency?, reference?, cursor?}`: filters by fund-flow type, currency and reference; keyset paging. */
export const fundRecordsRequest = z.object({
  type: entryType.optional().describe("A fund-flow type (ENTRY_TYPES); all types when absent"),
  currency: currency.optional().describe("One wallet currency; all when absent"),
  reference: z
    .string()
    .regex(/^[a-zA-Z]+:[0-9a-fA-F-]{1,64}$/, "reference")
    .optional()
    .describe(
      "What the movements belong to (a record's `reference`, e.g. `trade:<order id>`); all when absent",
    ),
  cursor: z.string().max(64).optional().describe("`nextCursor` of the previous page"),
});
export type FundRecordsRequest = z.infer<typeof fundRecordsRequest>;

export const fundRecord = z.object({
  /** The posting's id: records are immutable, so it identifies the row for ever. */
  id: z.string(),
  type: entryType,
  account: recordAccount,
  currency: z.string(),
  /** Signed: positive adds to the account, negative takes from it. */
  amount: moneyString,
  /** The account's running balance just after this posting. */
  balanceAfter: moneyString,
  /** What the movement belongs to, e.g. `deposit:<id>`, `withdrawal:<id>`. */
  reference: z.string().nullable(),
  /** Why, where someone gave a reason (adjustments, refusals). */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type FundRecord = z.infer<typeof fundRecord>;

export const fundRecordPage = cursorPage(fundRecord);
export type FundRecordPage = z.infer<typeof fundRecordPage>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const calendarDay = z
  .string()
  .regex(ISO_DAY, "YYYY-MM-DD")
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
  }, "not a calendar date");

/** Whether the runtime knows this IANA time zone (both the server and the browser use Intl). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `fund/statement {from, to, currency?, timeZone?, language?}`: the days are calendar days in `timeZone`
 * (the app sends the phone's; STATEMENT_DEFAULT_TIME_ZONE otherwise), both included, at most
 * STATEMENT_MAX_DAYS and `from` not after `to` (else DATE_RANGE_INVALID {maxDays}). The file's headers,
 * balance rows, account and type names are written in `language` (the app sends its UI language's locale
 * tag; STATEMENT_TEXTS); the type codes, amounts and dates are the same in every language.
 */
export const statementRequest = z.object({
  from: calendarDay,
  to: calendarDay,
  currency: currency.optional().describe("One wallet currency; every currency the user holds when absent"),
  timeZone: plainText
    .min(1)
    .max(64)
    .refine(isTimeZone, "unknown time zone")
    .optional()
    .describe(`IANA time zone of the days and of the times written (default ${STATEMENT_DEFAULT_TIME_ZONE})`),
  language: z
    .enum(STATEMENT_LANGUAGES)
    .optional()
    .describe(`Locale tag of the file's texts (default ${STATEMENT_DEFAULT_LANGUAGE})`),
});
export type StatementRequest = z.infer<typeof statementRequest>;

/** Whole days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}
