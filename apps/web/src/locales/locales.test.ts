import { describe, expect, it } from "vitest";
import { ERROR_CODES, LANGUAGES } from "@brokerage/api";
import { LOCALE_TAGS } from "../lib/i18n";
import { APP_PATHS, titleKeyOf } from "../app/routes";

type Tree = { [key: string]: unknown };

/** Every locale file by tag (the app loads them one at a time; the test reads them all). */
const LOCALES: Record<string, Tree> = Object.fromEntries(
  Object.entries(import.meta.glob<Tree>("./*.json", { eager: true, import: "default" })).map(
    ([path, texts]) => [path.slice("./".length, -".json".length), texts],
  ),
);

/** Every leaf of a locale as "a.b.0.c" → text. */
function leaves(node: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === "object")
    for (const [key, value] of Object.entries(node as Tree))
      leaves(value, prefix ? `${prefix}.${key}` : key, out);
  else out.set(prefix, node);
  return out;
}

const english = leaves(LOCALES.en);
const others = Object.entries(LOCALES).filter(([tag]) => tag !== "en");
/** Texts that are the same word in another language (brand-neutral codes, numbers). */
const SAME_IN_TRANSLATION = new Set<string>([
  "{{bank}} •••• {{last4}}",
  "{{network}} · {{address}}",
  "{{leverage}}×",
  "{{score}}/10",
  "{{min}}–{{max}} {{currency}}",
]);

describe("locales", () => {
  it("has one locale per language of the contract, each one loadable by the app", () => {
    expect([...LOCALE_TAGS].sort()).toEqual(Object.keys(LOCALES).sort());
    expect(Object.keys(LOCALES).sort()).toEqual(
      Object.values(LANGUAGES)
        .map((l) => l.tag)
        .sort(),
    );
  });

  it.each(others)("%s has every English key, none empty, and no extra keys", (_tag, locale) => {
    const own = leaves(locale);
    for (const [key] of english) {
      expect(own.has(key), `missing ${key}`).toBe(true);
      const value = own.get(key);
      expect(typeof value === "string" && value.trim().length > 0, `empty ${key}`).toBe(true);
    }
    expect([...own.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(others)("%s is translated, not an English copy", (_tag, locale) => {
    const own = leaves(locale);
    const copies = [...english].filter(
      ([key, text]) => own.get(key) === text && !SAME_IN_TRANSLATION.has(String(text)),
    );
    expect(copies.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.entries(LOCALES))("%s keeps the interpolation params of English", (_tag, locale) => {
    const own = leaves(locale);
    const params = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of english) expect(params(own.get(key)), key).toEqual(params(text));
  });

  it("translates every error code of the contract", () => {
    for (const [, locale] of Object.entries(LOCALES)) {
      const errors = (locale as { errors: Record<string, string> }).errors;
      for (const code of ERROR_CODES) expect(errors[code], code).toBeTruthy();
    }
  });

  it("titles every route of spec §2", () => {
    for (const path of APP_PATHS) expect(english.get(titleKeyOf(path)), path).toBeTruthy();
  });
});
