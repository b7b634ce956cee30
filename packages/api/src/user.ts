import { z } from "zod";
import { plainText } from "./envelope.js";
import type { ErrorCode } from "./errors.js";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * A zod issue whose message is a stable error code: the server's error mapper answers with that code
 * (and the issue's bound, e.g. `min`, as params) instead of the generic INVALID_INPUT.
 */
const coded = (code: ErrorCode) => ({ message: code });

/** A phone number (optionally +country code) or an account name of 4-32 letters, digits, underscores. */
export const accountSchema = z
  .string()
  .trim()
  .min(1)
  .regex(/^(\+?\d{6,15}|[A-Za-z][A-Za-z0-9_]{3,31})$/, coded("ACCOUNT_FORMAT"));

export const passwordSchema = z
  .string()
  .min(1)
  .min(PASSWORD_MIN, coded("PASSWORD_TOO_SHORT"))
  .max(PASSWORD_MAX);

export const registerRequest = z
  .object({
    account: accountSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1),
    /** Codes are stored upper-case; what a user types on a phone matches in any case. */
    inviteCode: plainText
      .min(1)
      .max(32)
      .transform((code) => code.toUpperCase()),
    agree: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], ...coded("PASSWORDS_MISMATCH") });
    if (!v.agree) ctx.addIssue({ code: "custom", path: ["agree"], ...coded("AGREEMENT_REQUIRED") });
  });
export type RegisterRequest = z.infer<typeof registerRequest>;

/**
 * The second factor of a log-in with two-step log-in on: the 6-digit code of the authenticator app, or
 * one of the recovery codes (`xxxx-xxxx-xxxx`, in any case, dashes or spaces optional).
 */
export const OTP_CODE_PATTERN = /^\d{6}$/;
export const secondFactorSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^(\d{6}|[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4})$/);

/** `otp` only when the account has two-step log-in on (the answer without it is OTP_REQUIRED). */
export const loginRequest = z.object({
  account: plainText.min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX),
  otp: secondFactorSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * Failed log-ins on this account since its last successful log-in, from anyone: shown to the owner once,
 * at the log-in that follows them.
 */
export const failedLogins = z.object({ count: z.number().int().min(1), lastAt: z.string() });
export type FailedLogins = z.infer<typeof failedLogins>;

export const sessionResponse = z.object({
  token: z.string(),
  account: z.string(),
  /** Present on `user/login` when someone failed to log in to this account since the last log-in. */
  failedLogins: failedLogins.optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const kycStatus = z.enum(["not_verified", "under_review", "verified", "failed"]);
export type KycStatus = z.infer<typeof kycStatus>;

export const userInfo = z.object({
  account: z.string(),
  realname: z.string().nullable(),
  inviteCode: z.string(),
  kycStatus,
  fundPasswordSet: z.boolean(),
  creditScore: z.number().int(),
  flags: z.object({
    frozen: z.boolean(),
    loginBanned: z.boolean(),
    disabled: z.boolean(),
    tradeBanned: z.boolean(),
    withdrawBanned: z.boolean(),
  }),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const changeLoginPasswordRequest = z
  .object({
    oldPassword: z.string().min(1).max(PASSWORD_MAX),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], ...coded("PASSWORDS_MISMATCH") });
  });
export type ChangeLoginPasswordRequest = z.infer<typeof changeLoginPasswordRequest>;

export const emptyRequest = z.object({}).passthrough();
