import i18next, { type i18n as I18n } from "i18next";

/**
 * The back office's i18next instance, set up in i18n.ts. Apart from it so that the formatters i18n.ts uses
 * for error parameters (format.ts) can read the language without importing i18n.ts back.
 */
export const adminI18n: I18n = i18next.createInstance();
