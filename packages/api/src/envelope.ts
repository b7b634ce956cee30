import { z } from "zod";
import { ERROR_CODES } from "./errors.js";
import { textProblem } from "./text.js";

/** Every answer is `{ status, msg, data }` (spec §7); status 1 is success. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(1), msg: z.string(), data });

export const errorEnvelope = z.object({
  status: z.literal(0),
  msg: z.string(),
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  params: z.record(z.string(), z.string()),
  data: z.null(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { status: 1; msg: string; data: T } | ErrorEnvelope;

/** Amounts travel as strings: a decimal with up to 18 places, optionally signed. */
export const moneyString = z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/, "decimal");

const isPositive = (v: string) => !v.startsWith("-") && /[1-9]/.test(v);
/** A positive decimal string (its scale, the currency's, is checked by the server and the form). */
export const positiveMoneyString = moneyString.refine(isPositive, { message: "positive" });
/** A price above 0: refused with PRICE_NOT_POSITIVE (spec §8 "order price not above 0"). */
export const positivePrice = moneyString.refine(isPositive, { message: "PRICE_NOT_POSITIVE" });

/** Every money-moving call accepts an idempotency key (DESIGN §4). */
export const idempotencyKey = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The rule of free text (text.ts), as a zod check; `plainText` carries it, and a test finds it by identity. */
export const plainTextCheck = z.superRefine<string>((value, ctx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
});

/**
 * Free text: every request field a person types (names, reasons, articles, search words, symbols) is
 * this with its bounds, e.g. `plainText.min(1).max(100)`, so one rule refuses bidirectional controls and
 * stacked combining marks everywhere. Trimmed and brought to NFC first, so the marks are counted, and
 * the bounds measured, as the text will be stored and shown.
 */
export const plainText = z.string().trim().normalize("NFC").check(plainTextCheck);
