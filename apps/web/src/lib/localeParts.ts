/**
 * A locale file is delivered in two parts. The **shell** part holds the sections the app's frame and the
 * log-in screens use, and comes with the first screen. The **screens** part (every other section, and
 * every section a later feature adds) is fetched with the first screen behind log-in, or on a language
 * switch. The log-in screen's first load then carries a third of the texts, however many screens grow.
 *
 * An entry is a whole section ("auth") or one key of a section ("title.login").
 *
 * The split is done at build time (`localePartsPlugin.ts`): the locale files stay one file per language.
 */
/**
 * The error texts the log-in flow can show (the calls of its screens: common/config, user/login,
 * user/register, and their form checks); every other error belongs to a screen behind log-in and comes
 * with the screens part, which such a screen waits for before it renders.
 */
export const SHELL_ERROR_CODES: readonly string[] = [
  "generic",
  "INVALID_INPUT",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "SYSTEM_BUSY",
  "TOO_FREQUENT",
  "INTERNAL",
  "ACCOUNT_NOT_FOUND",
  "WRONG_CREDENTIALS",
  "ACCOUNT_EXISTS",
  "INVITER_NOT_FOUND",
  "PASSWORDS_MISMATCH",
  "PASSWORD_TOO_SHORT",
  "ACCOUNT_FORMAT",
  "AGREEMENT_REQUIRED",
  "REGISTRATION_FAILED",
  "ACCOUNT_FROZEN",
  "LOGIN_BANNED",
  "ACCOUNT_DISABLED",
  "PASSWORD_COMMON",
  "PASSWORD_CONTAINS_ACCOUNT",
  "PASSWORD_BLANK",
  "OTP_REQUIRED",
  "OTP_INVALID",
  "TOTP_LOCKED",
  "RECOVERY_CODES_LOCKED",
];

export const SHELL_SECTIONS: readonly string[] = [
  "app",
  "common",
  "tabs",
  // Only the log-in flow's screen titles: the rest of "title" goes with the screens.
  "title.login",
  "splash",
  "welcome",
  "auth",
  "reLogin",
  "loginAfter",
  "failedLogins",
  "form",
  ...SHELL_ERROR_CODES.map((code) => `errors.${code}`),
  "offline",
  "update",
];

export type LocalePart = "shell" | "screens";

export const isLocalePart = (value: unknown): value is LocalePart => value === "shell" || value === "screens";

/** The sections (or keys of a section) of one part of a locale file, in the file's order. */
export function pickLocalePart(texts: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  const wanted = (inShell: boolean) => inShell === (part === "shell");
  const picked: Record<string, unknown> = {};
  for (const [section, value] of Object.entries(texts)) {
    if (SHELL_SECTIONS.includes(section)) {
      if (wanted(true)) picked[section] = value;
      continue;
    }
    const shellKeys = SHELL_SECTIONS.filter((entry) => entry.startsWith(`${section}.`)).map((entry) =>
      entry.slice(section.length + 1),
    );
    if (shellKeys.length === 0 || value === null || typeof value !== "object") {
      if (wanted(false)) picked[section] = value;
      continue;
    }
    const keys = Object.entries(value).filter(([key]) => wanted(shellKeys.includes(key)));
    if (keys.length > 0) picked[section] = Object.fromEntries(keys);
  }
  return picked;
}

/** Screens outside the log-in flow need the screens part before they render. */
export const needsScreenTexts = (path: string) => !path.startsWith("/login/");
