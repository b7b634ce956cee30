import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import enShell from "../locales/en.json?part=shell";
import { needsScreenTexts } from "./localeParts";
import { LANGUAGES, type LanguageCode } from "./languages";
import { getLangCode, saveLangCode } from "./storage";

/** The language every other one falls back to for a missing text: it ships with the app. */
export const FALLBACK_LANGUAGE = "en";

/**
 * Every other locale file is fetched the first time its language is used (at start for a stored language,
 * or on a switch), in two parts (see localeParts.ts): a visitor downloads the strings of one or two
 * languages, not five, and the log-in screen only the part it shows.
 */
const SHELL_PARTS = import.meta.glob<ResourceKey>(["../locales/*.json", "!../locales/en.json"], {
  query: { part: "shell" },
  import: "default",
});
const SCREEN_PARTS = import.meta.glob<ResourceKey>("../locales/*.json", {
  query: { part: "screens" },
  import: "default",
});
const localeFile = (language: string) => `../locales/${language}.json`;

/** The locale tags with a locale file, the fallback included. */
export const LOCALE_TAGS = [
  FALLBACK_LANGUAGE,
  ...Object.keys(SHELL_PARTS).map((path) => path.replace(/^.*\/(.+)\.json$/, "$1")),
];

/** i18next asks this for a language it does not hold yet; `changeLanguage` waits for the answer. */
const lazyLocales: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = SHELL_PARTS[localeFile(language)];
    // A tag without a file ("cimode", a region variant) simply has no texts of its own.
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

/**
 * Resolves when the stored language's texts are in: at once for English. Until then a component asking
 * for texts suspends (react-i18next), so the static splash of index.html stays instead of English flashing.
 */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { [FALLBACK_LANGUAGE]: { translation: enShell } },
    // The fallback's shell part is bundled; the backend is asked only for the languages not bundled.
    partialBundledLanguages: true,
    lng: LANGUAGES[getLangCode()].tag,
    fallbackLng: FALLBACK_LANGUAGE,
    // "zh-TW" loads zh-TW (and the fallback), never a "zh" file that does not exist.
    load: "currentOnly",
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

if (typeof document !== "undefined") document.documentElement.lang = i18n.language;

/** A language's screens part, merged into its texts once (a failed fetch is tried again next time). */
const screenParts = new Map<string, Promise<void>>();
function loadScreenPart(language: string): Promise<void> {
  let loading = screenParts.get(language);
  if (!loading) {
    const load = SCREEN_PARTS[localeFile(language)];
    loading = load
      ? load().then((texts) => void i18n.addResourceBundle(language, "translation", texts, true, false))
      : Promise.resolve();
    loading.catch(() => screenParts.delete(language));
    screenParts.set(language, loading);
  }
  return loading;
}

/** Resolves when the screens part of the fallback and of the active language are in. */
export async function screenTextsReady(): Promise<void> {
  await Promise.all([loadScreenPart(FALLBACK_LANGUAGE), loadScreenPart(i18n.language)]);
}

/** What a screen at `path` waits for before it renders: nothing for the log-in flow. */
export const textsForScreen = (path: string): Promise<void> =>
  needsScreenTexts(path) ? screenTextsReady() : Promise.resolve();

/**
 * Switches the UI language and remembers it under `lang` and `language`. Both parts of the new language
 * are loaded first, so no screen shows a mix of two languages while the second part is on its way.
 */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  const tag = LANGUAGES[code].tag;
  saveLangCode(code);
  await i18n.loadLanguages(tag);
  if (screenParts.size > 0) await loadScreenPart(tag);
  await i18n.changeLanguage(tag);
  document.documentElement.lang = tag;
}
