/**
 * The two kinds of second factor a log-in with two-step log-in on takes (the server's contract:
 * packages/api `secondFactorSchema`), checked before sending so a typo is told at once.
 */
export const tidyAppCode = (typed: string) => typed.replace(/\s/g, "");
export const isAppCode = (typed: string) => /^\d{6}$/.test(tidyAppCode(typed));
export const tidyRecoveryCode = (typed: string) => typed.trim().toLowerCase();
export const isRecoveryCode = (typed: string) =>
  /^[a-z0-9]{4}[-\s]?[a-z0-9]{4}[-\s]?[a-z0-9]{4}$/.test(tidyRecoveryCode(typed));
/** How a recovery code is written on the sheet the user saved; not a word, so not translated. */
export const RECOVERY_CODE_PLACEHOLDER = "xxxx-xxxx-xxxx";
