import { LANGUAGES, isLanguageCode, type LanguageCode } from "./languages";

export { isLanguageCode };

/** Local-storage keys of spec §3. `lang` holds the stored code (en, zh, yd …), `language` its locale tag. */
export const STORAGE_KEYS = {
  token: "tokend",
  account: "account",
  language: "language",
  lang: "lang",
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session then lives only as long as the page.
  }
}

/** A value in local storage (null where storage is unavailable), and storing one where it is available. */
export { read as readStored, write as writeStored };

export const getToken = () => read(STORAGE_KEYS.token);
export const getAccount = () => read(STORAGE_KEYS.account);
export const hasSession = () => Boolean(getToken());

const sessionEndedListeners = new Set<() => void>();
const sessionStartedListeners = new Set<() => void>();

function listen(listeners: Set<() => void>, listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs `listener` whenever the stored session is cleared: log-out ("exit"), a password change, a 401.
 * What holds on to the session (the market feed's socket) lets go of it here, whoever cleared it.
 */
export const onSessionEnded = (listener: () => void) => listen(sessionEndedListeners, listener);

/** Runs `listener` whenever a new session is stored (log-in, registration). */
export const onSessionStarted = (listener: () => void) => listen(sessionStartedListeners, listener);

const sessionEnded = () => sessionEndedListeners.forEach((listener) => listener());

export function saveSession(session: { token: string; account: string }): void {
  write(STORAGE_KEYS.token, session.token);
  write(STORAGE_KEYS.account, session.account);
  sessionStartedListeners.forEach((listener) => listener());
}

/** The "exit" target: forget the token and the account. */
export function clearSession(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.token);
    window.localStorage.removeItem(STORAGE_KEYS.account);
  } catch {
    // nothing stored, nothing to clear
  }
  sessionEnded();
}

/** Device preferences, not session data: a 401's clearing keeps them (lib/priceColors.ts). */
const DEVICE_PREFERENCES = ["priceColors"];

/**
 * A 401 clears local storage (spec §4). The language choice is kept on purpose: it is a device
 * preference, not session data, and the log-in screen should stay in the user's language; so are the
 * other device preferences.
 */
export function clearStorageKeepLanguage(): void {
  const lang = read(STORAGE_KEYS.lang);
  const language = read(STORAGE_KEYS.language);
  const kept = DEVICE_PREFERENCES.map((key) => [key, read(key)] as const);
  try {
    window.localStorage.clear();
  } catch {
    return;
  }
  if (lang) write(STORAGE_KEYS.lang, lang);
  if (language) write(STORAGE_KEYS.language, language);
  for (const [key, value] of kept) if (value !== null) write(key, value);
  sessionEnded();
}

export function getLangCode(): LanguageCode {
  const stored = read(STORAGE_KEYS.lang);
  return isLanguageCode(stored) ? stored : "en";
}

export function saveLangCode(code: LanguageCode): void {
  write(STORAGE_KEYS.lang, code);
  write(STORAGE_KEYS.language, LANGUAGES[code].tag);
}
