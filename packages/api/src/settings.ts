import { z } from "zod";
import { moneyString } from "./envelope.js";

/**
 * Typed configuration keys (DESIGN §4.1), JSON values edited in the back office (`config/set`) and shown
 * to users where they rule an action. Each key has a schema and a default; a key without a stored value
 * has its default.
 */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "HH:MM");

/** Days of the week (Sunday = 0) and a time range in a time zone; `to` may be "24:00" (end of day). */
export const timeWindow = z.object({
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  from: hhmm,
  to: hhmm,
  timeZone: z.string().min(1).max(64),
});
export type TimeWindow = z.infer<typeof timeWindow>;

const positiveAmount = moneyString.refine((v) => !v.startsWith("-") && Number(v) > 0, "positive");
const limits = z.record(
  z.string().regex(/^[A-Z]{3,4}$/),
  z.object({ min: positiveAmount, max: positiveAmount }),
);
const perCurrency = z.record(z.string().regex(/^[A-Z]{3,4}$/), positiveAmount);

export const SETTINGS = {
  "withdrawal.window": timeWindow,
  "recharge.window": timeWindow,
  "withdrawal.limits": limits,
  "recharge.limits": limits,
  "withdrawal.minCreditScore": z.number().int().min(0).max(1000),
  /** Above this amount (per currency) two different reviewers must approve a withdrawal. */
  "withdrawal.fourEyesAbove": perCurrency,
  /** Arrival promise shown with the rules (spec §9: within 2 hours, at the latest T+1). */
  "withdrawal.arrival": z.object({
    withinHours: z.number().int().min(1).max(240),
    latestDays: z.number().int().min(0).max(30),
  }),
  /** The spread disclosed on every exchange quote, as a fraction of the mid rate (0.005 = 0.5%). */
  "exchange.spread": z.string().regex(/^0(\.\d{1,6})?$/),
  /** The exchange fee: a fraction of the amount paid, in the paying currency. */
  "exchange.feeRate": z.string().regex(/^0(\.\d{1,6})?$/),
  /** How long an exchange quote can be filled. */
  "exchange.quoteSeconds": z.number().int().min(5).max(600),
  /** Above this amount (per currency) a back-office adjustment needs a second administrator. */
  "adjustment.fourEyesAbove": perCurrency,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]>;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

const workdays = [1, 2, 3, 4, 5];

/** Defaults: spec §9 (withdrawal workdays 09:30–24:00, minimum 100, within 2 hours / T+1; recharge 00:00–23:59). */
export const SETTING_DEFAULTS: { [K in SettingKey]: SettingValue<K> } = {
  "withdrawal.window": { days: workdays, from: "09:30", to: "24:00", timeZone: "Asia/Kolkata" },
  "recharge.window": { days: workdays, from: "00:00", to: "23:59", timeZone: "Asia/Kolkata" },
  "withdrawal.limits": {
    USD: { min: "100", max: "50000" },
    THB: { min: "100", max: "1500000" },
    INR: { min: "100", max: "4000000" },
  },
  "recharge.limits": {
    USD: { min: "10", max: "100000" },
    THB: { min: "300", max: "3000000" },
    INR: { min: "500", max: "8000000" },
  },
  "withdrawal.minCreditScore": 60,
  "withdrawal.fourEyesAbove": { USD: "10000", THB: "300000", INR: "800000" },
  "withdrawal.arrival": { withinHours: 2, latestDays: 1 },
  "exchange.spread": "0.005",
  "exchange.feeRate": "0.001",
  "exchange.quoteSeconds": 30,
  "adjustment.fourEyesAbove": { USD: "1000", THB: "30000", INR: "80000" },
};
