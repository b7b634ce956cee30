import { z } from "zod";
import type { ErrorCode } from "./errors.js";
import { PASSWORD_MAX, secondFactorSchema } from "./user.js";

const coded = (code: ErrorCode) => ({ message: code });

/** A fund password: at least 6 characters (a PIN-like code is common), at most the login password's max. */
export const FUND_PASSWORD_MIN = 6;
export const fundPasswordSchema = z
  .string()
  .min(1)
  .min(FUND_PASSWORD_MIN, coded("PASSWORD_TOO_SHORT"))
  .max(PASSWORD_MAX);

/** `user/setFundPassword` (once): entered twice (spec §5). */
export const setFundPasswordRequest = z
  .object({ fundPassword: fundPasswordSchema, confirmFundPassword: z.string().min(1) })
  .superRefine((v, ctx) => {
    if (v.fundPassword !== v.confirmFundPassword)
      ctx.addIssue({ code: "custom", path: ["confirmFundPassword"], ...coded("PASSWORDS_MISMATCH") });
  });
export type SetFundPasswordRequest = z.infer<typeof setFundPasswordRequest>;

/** `user/changeFundPassword`: the old one, and the new one twice. */
export const changeFundPasswordRequest = z
  .object({
    oldFundPassword: z.string().min(1).max(PASSWORD_MAX),
    fundPassword: fundPasswordSchema,
    confirmFundPassword: z.string().min(1),
  })
  .superRefine((v, ctx) => {
    if (v.fundPassword !== v.confirmFundPassword)
      ctx.addIssue({ code: "custom", path: ["confirmFundPassword"], ...coded("PASSWORDS_MISMATCH") });
  });
export type ChangeFundPasswordRequest = z.infer<typeof changeFundPasswordRequest>;

/**
 * Messages (DESIGN §5): a kind and its params; the app words them in the reader's language
 * (`messages.<kind>.title` and `.body` in the locale files).
 */
export const MESSAGE_KINDS = [
  "kycApproved",
  "kycRejected",
  "flagsChanged",
  "creditScoreChanged",
  "sessionsEnded",
  "depositApproved",
  "depositRejected",
  "withdrawalApproved",
  "withdrawalRejected",
  "balanceAdjusted",
  "blockTradeApproved",
  "blockTradeApprovedNoLock",
  "blockTradeRejected",
  "placementApproved",
  "placementApprovedNoLock",
  "placementRejected",
  "dayTradingApproved",
  "dayTradingRejected",
  "dayTradeClosed",
  "positionLiquidated",
  /** A leveraged position's equity fell to a margin-call level (`trading.<market>.marginCallLevels`). */
  "marginCall",
  "stopLossTriggered",
  "takeProfitTriggered",
  "loanApproved",
  "loanRejected",
  "lendingApproved",
  "lendingRejected",
  /** The lent shares came back (term ended or recalled): the position may be closed again. */
  "lendingCompleted",
  "ipoWon",
  "ipoNotWon",
  "ipoListed",
  "ipoCancelled",
  "ipoWaived",
  /** The final price moved from the provisional one by more than `offering.finalPriceWarnAbove`. */
  "ipoPriceMoved",
  /** The final price rose above what the available balance could block: the application was reduced. */
  "ipoPriceReduced",
  /** … or, not even the minimum could be blocked, it failed and its block came back. */
  "ipoPriceFailed",
  /** Wrong codes from anywhere locked the code step of the account (someone knows its password). */
  "totpLocked",
  "recoveryCodesLocked",
  /** A price alert fired (alerts.ts): the price reached its level, or moved its percentage. */
  "priceAlertAbove",
  "priceAlertBelow",
  "priceAlertMove",
  "seatApproved",
  "seatRejected",
  /** Support staff answered in a conversation (`/home/kefuView`). */
  "supportReplied",
  /** A complaint was received: its final answer is due by `dueAt`. */
  "complaintAcknowledged",
  /** A complaint's final answer was given, naming the outside route. */
  "complaintAnswered",
  /** A copy order reached its copy stop-loss and was redeemed at the NAV. */
  "followStopLoss",
  /** A copy product reached its end time: the copy order was paid out at the NAV. */
  "followPaidOut",
  /** A copy order redeemed early at the NAV. */
  "followRedeemed",
  /** Staff closed a copy product (`reason`): the copy order was paid out at the NAV. */
  "followClosed",
] as const;
export const messageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKind>;

export const message = z.object({
  id: z.string(),
  kind: messageKind,
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Message = z.infer<typeof message>;

/** Keyset paging (DESIGN §4.1): an opaque cursor, newest first. */
export const cursorRequest = z.object({ cursor: z.string().max(64).optional() });
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const messageListResponse = cursorPage(message);
export const messageIdRequest = z.object({ id: z.string().uuid() });
export const unreadCountResponse = z.object({ count: z.number().int().min(0) });

/** `user/fundPasswordStatus`: whether it is set, and until when fund operations are locked (null: not). */
export const fundPasswordStatusResponse = z.object({
  set: z.boolean(),
  lockedUntil: z.string().nullable().describe("ISO instant while fund operations are locked, else null"),
});
export type FundPasswordStatus = z.infer<typeof fundPasswordStatusResponse>;

/**
 * Two-step log-in of app users (TOTP). `user/enrollTotp` answers `{secret, uri}` (the admin contract's
 * `totpEnrolment`), `user/confirmTotp {otp}` turns it on and answers the recovery codes, once.
 */
export const twoStepStatus = z.object({
  enabled: z.boolean(),
  /** ISO instant two-step log-in was turned on, else null. */
  enabledAt: z.string().nullable(),
  /** An enrolment was started and waits for its confirming code. */
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoStepStatus = z.infer<typeof twoStepStatus>;

export const totpConfirmation = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpConfirmation = z.infer<typeof totpConfirmation>;

/** Turning two-step log-in off takes the login password and a current code or a recovery code. */
export const disableTotpRequest = z.object({
  password: z.string().min(1).max(PASSWORD_MAX),
  otp: secondFactorSchema,
});
export type DisableTotpRequest = z.infer<typeof disableTotpRequest>;
