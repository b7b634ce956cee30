import { z } from "zod";

/** `common/config {type:"all"}` (spec §7): data is a list of name/value pairs. */
export const configRequest = z.object({ type: z.literal("all") });
export const configEntry = z.object({ name: z.string(), value: z.string() });
export const configResponse = z.array(configEntry);
export type ConfigEntry = z.infer<typeof configEntry>;

/**
 * Languages: the stored codes of spec §1 (`en`, `zh`, `yd` …) and the locale tags they stand for.
 * `common/config` lists the offered stored codes, comma separated, under `languages`.
 */
export const LANGUAGES = {
  en: { tag: "en", label: "English" },
  zh: { tag: "zh-TW", label: "繁體中文" },
  cn: { tag: "zh-CN", label: "简体中文" },
  ko: { tag: "ko", label: "한국어" },
  yd: { tag: "hi", label: "हिन्दी" },
} as const;
export type LanguageCode = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as LanguageCode[];
export const DEFAULT_LANGUAGES: LanguageCode[] = ["en", "zh", "ko"];

/** Config keys the app reads. */
export const CONFIG_KEYS = ["kefu", "logo", "title", "languages"] as const;
