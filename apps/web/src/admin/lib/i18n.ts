import type { BackendModule, ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, TIME_PARAMS } from "@brokerage/api/constants";
import en from "../locales/en.json";
import { AdminApiError, AdminHttpError } from "./client";
import { formatDateTime } from "./format";
import { adminI18n } from "./i18nInstance";

/** The back office's five languages, in the order the switch lists them. */
export const ADMIN_LANGUAGES = Object.values(LANGUAGES).map(({ tag, label }) => ({ tag, label }));
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number]["tag"];
const FALLBACK = "en";
const STORE_KEY = "brokerage.admin.lang";

/** English ships in the bundle; another language is fetched the first time it is chosen. */
const OTHERS = import.meta.glob<ResourceKey>(["../locales/*.json", "!../locales/en.json"], {
  import: "default",
});

const lazyLocales: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = OTHERS[`../locales/${language}.json`];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLanguage(): AdminLanguage {
  try {
    const stored = localStorage.getItem(STORE_KEY);
    const known = ADMIN_LANGUAGES.find((l) => l.tag === stored);
    if (known) return known.tag;
  } catch {
    // Storage can be off (private mode); English then.
  }
  return FALLBACK;
}

export { adminI18n };

export const adminI18nReady = adminI18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { [FALLBACK]: { translation: en } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: FALLBACK,
    load: "currentOnly",
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export async function changeAdminLanguage(tag: AdminLanguage): Promise<void> {
  try {
    localStorage.setItem(STORE_KEY, tag);
  } catch {
    // Not remembered; still switched for this page.
  }
  await adminI18n.changeLanguage(tag);
  document.documentElement.lang = tag;
}

const timeParams = new Set<string>(TIME_PARAMS);

/** Instants (`until` …) in the staff member's local time rather than as the wire's ISO text. */
const readableParams = (params: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, timeParams.has(key) ? formatDateTime(value) : value]),
  );

/** The text of any error a call can end with, in the current language. */
export function errorText(error: unknown): string {
  const t = adminI18n.t.bind(adminI18n);
  if (error instanceof AdminApiError) {
    const key = `errors.${error.code}`;
    if (adminI18n.exists(key)) return t(key, readableParams(error.params));
    return error.serverMsg || t("errors.generic");
  }
  if (error instanceof AdminHttpError) {
    if (error.status === 0) return t("errors.network");
    return error.requestId ? t("errors.server", { requestId: error.requestId }) : t("errors.generic");
  }
  return t("errors.generic");
}
