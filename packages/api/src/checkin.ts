import { z } from "zod";
import type { LanguageCode } from "./constants.js";
import { idempotencyKey, moneyString, plainText } from "./envelope.js";
import { currency } from "./ledger.js";
import { isTimeZone } from "./records.js";

/**
 * Daily check-in (spec §1, §3 fund flow "sign-in", §8 "already checked in today", "insufficient check-in
 * count"; DESIGN §4.1 Check-in). A user checks in once per calendar day in their zone; each check-in adds
 * one to the streak (consecutive days; a missed day starts it again) and to the count, and books the
 * configured `checkin.rewards.perCheckIn` as a "sign-in" entry from the platform's promotions account.
 * A reward of the configuration that needs N check-ins is redeemed by spending N of the count, and is
 * booked the same way. Nothing here depends on trading volume or deposits.
 */

/** The check-in's zone: the phone's (the app sends it, as it does for statements), else the platform's. */
export const CHECKIN_DEFAULT_TIME_ZONE = "Asia/Kolkata";
const timeZone = plainText
  .min(1)
  .max(64)
  .refine(isTimeZone, "unknown time zone")
  .optional()
  .describe(`IANA time zone of the user's calendar days (default ${CHECKIN_DEFAULT_TIME_ZONE})`);

export const checkinStatusRequest = z.object({ timeZone });
export type CheckinStatusRequest = z.infer<typeof checkinStatusRequest>;

/** One reward of the configuration, with whether the user's count reaches it now. */
export const checkinReward = z.object({
  id: z.string(),
  /** Check-ins the reward needs; redeeming spends them from the count. */
  checkIns: z.number().int(),
  amount: moneyString,
  currency,
  redeemable: z.boolean(),
});
export type CheckinReward = z.infer<typeof checkinReward>;

export const checkinStatus = z.object({
  /** Consecutive days checked in, up to today or yesterday; 0 once a day was missed. */
  streak: z.number().int(),
  checkedInToday: z.boolean(),
  /** Check-ins not yet spent on rewards. */
  count: z.number().int(),
  /** Every check-in ever made (the count plus what rewards spent). */
  total: z.number().int(),
  rewards: z.array(checkinReward),
  /** What each check-in books (null: the configuration gives nothing per check-in). */
  perCheckIn: z.object({ amount: moneyString, currency }).nullable(),
  lastCheckInAt: z.string().nullable(),
  /** When the next check-in opens: the zone's next midnight after today's check-in, else null (now). */
  nextCheckInAt: z.string().nullable(),
  /** The zone the days are counted in. */
  timeZone: z.string(),
});
export type CheckinStatus = z.infer<typeof checkinStatus>;

export const checkInRequest = z.object({ idempotencyKey, timeZone });
export type CheckInRequest = z.infer<typeof checkInRequest>;

export const checkInResult = z.object({
  id: z.string(),
  /** The calendar day checked in, `YYYY-MM-DD` in `timeZone`. */
  day: z.string(),
  timeZone: z.string(),
  streak: z.number().int(),
  count: z.number().int(),
  /** What was booked as "sign-in" (null: nothing per check-in). */
  booked: z.object({ amount: moneyString, currency }).nullable(),
  checkedInAt: z.string(),
});
export type CheckInResult = z.infer<typeof checkInResult>;

const REWARD_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
export const checkinRedeemRequest = z.object({ rewardId: z.string().regex(REWARD_ID), idempotencyKey });
export type CheckinRedeemRequest = z.infer<typeof checkinRedeemRequest>;

export const checkinRedemption = z.object({
  id: z.string(),
  rewardId: z.string(),
  checkIns: z.number().int(),
  amount: moneyString,
  currency,
  /** The count left after the redemption. */
  count: z.number().int(),
  createdAt: z.string(),
});
export type CheckinRedemption = z.infer<typeof checkinRedemption>;

const positiveDecimal = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, "decimal")
  .refine((v) => /[1-9]/.test(v), "positive");
const nonNegativeDecimal = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, "decimal");

/**
 * `checkin.rewards`: the currency rewards are paid in, what each check-in books ("0": nothing), and the
 * rewards a count of check-ins buys, each once per N check-ins spent.
 */
export const checkinRewardsSetting = z.strictObject({
  currency,
  perCheckIn: nonNegativeDecimal,
  rewards: z
    .array(
      z.strictObject({
        id: z.string().regex(REWARD_ID),
        checkIns: z.number().int().min(1).max(3650),
        amount: positiveDecimal,
      }),
    )
    .max(20)
    .refine((list) => new Set(list.map((r) => r.id)).size === list.length, "unique ids"),
});
export type CheckinRewardsSetting = z.infer<typeof checkinRewardsSetting>;

/** One line of what a seat grants, in every language of the app (the stored codes: en, zh, cn, ko, yd). */
const grantText = plainText.min(1).max(200);
const grantLine = z.strictObject({
  en: grantText,
  zh: grantText,
  cn: grantText,
  ko: grantText,
  yd: grantText,
});
export type SeatGrantLine = Record<LanguageCode, string>;

/**
 * `seat.terms`: what a seat account grants, as the operator names it in five languages (shown before
 * applying), and whether applying needs real-name verification. No lines: seats are not offered.
 */
export const seatTermsSetting = z.strictObject({
  grants: z.array(grantLine).max(10),
  requireKyc: z.boolean(),
});
export type SeatTermsSetting = { grants: SeatGrantLine[]; requireKyc: boolean };
