import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";
import { LANGUAGES, type LanguageCode } from "./languages";
import { getLangCode, saveLangCode } from "./storage";

/** The language every other one falls back to for a missing text: it ships with the app. */
export const FALLBACK_LANGUAGE = "en";

/**
 * Every other locale file is a chunk of its own, fetched the first time its language is used (at start
 * for a stored language, or on a switch): a visitor downloads the strings of one or two languages, not five.
 */
const LAZY_LOCALES = import.meta.glob<ResourceKey>(["../locales/*.json", "!../locales/en.json"], {
  import: "default",
});

/** The locale tags with a locale file, the fallback included. */
export const LOCALE_TAGS = [
  FALLBACK_LANGUAGE,
  ...Object.keys(LAZY_LOCALES).map((path) => path.replace(/^.*\/(.+)\.json$/, "$1")),
];

/** i18next asks this for a language it does not hold yet; `changeLanguage` waits for the answer. */
const lazyLocales: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LAZY_LOCALES[`../locales/${language}.json`];
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
    resources: { [FALLBACK_LANGUAGE]: { translation: en } },
    // The bundled fallback is complete; the backend is asked only for the languages not bundled.
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

/** Switches the UI language (after its texts are loaded) and remembers it under `lang` and `language`. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  saveLangCode(code);
  await i18n.changeLanguage(LANGUAGES[code].tag);
  document.documentElement.lang = LANGUAGES[code].tag;
}
