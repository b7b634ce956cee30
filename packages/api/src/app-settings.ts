import { z } from "zod";
import { DEFAULT_LANGUAGES, LANGUAGE_CODES } from "./constants.js";
import type { ErrorCode } from "./errors.js";

/**
 * The phone app's own settings (`app.*`), answered by `common/config`: its title, its logo (a small image
 * inline, so no file store is needed), the languages its switcher offers and the customer-service link.
 */
export const LOGO_MAX_PIXELS = 256;
export const LOGO_MAX_BYTES = 64 * 1024;
const LOGO_PREFIX = /^data:image\/(png|webp);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// The data URL of the largest image: its prefix and the base64 of LOGO_MAX_BYTES.
const LOGO_MAX_CHARS = 32 + Math.ceil(LOGO_MAX_BYTES / 3) * 4;

const coded = (code: ErrorCode) => ({ message: code });

/**
 * Why a logo's data URL cannot be stored, as far as its text tells (an error code), or undefined: a PNG or
 * WebP data URL of base64 holding at most LOGO_MAX_BYTES. The image itself (its type from its bytes, its
 * size in pixels, whether it decodes at all) is read by the server's image door, which stores a WebP it
 * encoded itself (settings-admin's logo.ts): no image format is parsed here.
 */
export function logoProblem(dataUrl: string): ErrorCode | undefined {
  const prefix = LOGO_PREFIX.exec(dataUrl);
  if (!prefix) return "SETTING_LOGO_TYPE";
  const text = dataUrl.slice(prefix[0].length);
  if (text === "" || !BASE64.test(text) || text.length % 4 !== 0) return "SETTING_LOGO_TYPE";
  const bytes = (text.length / 4) * 3 - (text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0);
  return bytes > LOGO_MAX_BYTES ? "SETTING_LOGO_TOO_LARGE" : undefined;
}

const appLogo = z
  .string()
  .max(LOGO_MAX_CHARS, coded("SETTING_LOGO_TOO_LARGE"))
  .superRefine((value, ctx) => {
    const problem = value === "" ? undefined : logoProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A link users open: https to a named host (a page of the operator's), no spaces, no user name. */
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
export const HTTPS_LINK = new RegExp(`^https://${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?(?:[/?#]\\S*)?$`);
const httpsLink = z
  .string()
  .max(500, coded("SETTING_LINK_NOT_HTTPS"))
  .refine((v) => v === "" || HTTPS_LINK.test(v), coded("SETTING_LINK_NOT_HTTPS"));

export const APP_SETTINGS = {
  /** The app's name: its top bar and the page title. */
  "app.title": z
    .string()
    .min(1, coded("SETTING_TITLE_INVALID"))
    .max(40, coded("SETTING_TITLE_INVALID"))
    .refine((v) => v.trim() === v && !/\p{Cc}/u.test(v), coded("SETTING_TITLE_INVALID")),
  /** A PNG or WebP data URL (at most 256 × 256 px, 64 KB), or empty for the built-in logo. */
  "app.logo": appLogo,
  /** The stored language codes the switcher offers, at least one, each once. */
  "app.languages": z
    .array(z.string().pipe(z.enum(LANGUAGE_CODES, coded("SETTING_LANGUAGE_UNKNOWN"))))
    .min(1, coded("SETTING_LANGUAGES_EMPTY"))
    .refine((list) => new Set(list).size === list.length, coded("SETTING_LANGUAGE_UNKNOWN")),
  /** The customer-service link the app opens (https), or empty: the app then offers none. */
  "app.kefu": httpsLink,
} as const;

export const APP_SETTING_DEFAULTS = {
  "app.title": "Brokerage",
  "app.logo": "",
  "app.languages": [...DEFAULT_LANGUAGES],
  "app.kefu": "",
};
