import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type LanguageCode } from "@brokerage/api";
import en from "../locales/en.json";
import zhTW from "../locales/zh-TW.json";
import zhCN from "../locales/zh-CN.json";
import ko from "../locales/ko.json";
import hi from "../locales/hi.json";
import { getLangCode, saveLangCode } from "./storage";

/** Locale files by locale tag (the tags of packages/api LANGUAGES). */
export const LOCALES = { en, "zh-TW": zhTW, "zh-CN": zhCN, ko, hi } as const;

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(LOCALES).map(([tag, res]) => [tag, { translation: res }])),
  lng: LANGUAGES[getLangCode()].tag,
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

if (typeof document !== "undefined") document.documentElement.lang = i18n.language;

/** Switches the UI language and remembers it under `lang` (stored code) and `language` (tag). */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  saveLangCode(code);
  await i18n.changeLanguage(LANGUAGES[code].tag);
  document.documentElement.lang = LANGUAGES[code].tag;
}
