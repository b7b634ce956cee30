import type { LANGUAGES as CONTRACT_LANGUAGES, LanguageCode } from "@brokerage/api";

/**
 * The contract's language table (packages/api LANGUAGES and DEFAULT_LANGUAGES), for the code that runs
 * before the first screen: the contract's module also builds zod schemas, and importing it from there
 * would put zod in the first load. The type below fails to compile when a code or a tag of the contract
 * changes, and languages.test.ts compares the values.
 */
export const LANGUAGES = {
  en: { tag: "en", label: "English" },
  zh: { tag: "zh-TW", label: "繁體中文" },
  cn: { tag: "zh-CN", label: "简体中文" },
  ko: { tag: "ko", label: "한국어" },
  yd: { tag: "hi", label: "हिन्दी" },
} as const satisfies { [C in LanguageCode]: (typeof CONTRACT_LANGUAGES)[C] };

export const DEFAULT_LANGUAGES: LanguageCode[] = ["en", "zh", "cn", "ko", "yd"];

export type LocaleTag = (typeof LANGUAGES)[LanguageCode]["tag"];
export type { LanguageCode };

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(LANGUAGES, value);
}
