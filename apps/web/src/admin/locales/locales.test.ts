import { ERROR_CODES, LANGUAGES } from "@brokerage/api";
import { describe, expect, it } from "vitest";
import { ADMIN_LANGUAGES } from "../lib/i18n";

type Tree = { [key: string]: unknown };

/** The back office's locale files by tag. */
const LOCALES: Record<string, Tree> = Object.fromEntries(
  Object.entries(import.meta.glob<Tree>("./*.json", { eager: true, import: "default" })).map(
    ([path, texts]) => [path.slice("./".length, -".json".length), texts],
  ),
);

function leaves(node: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === "object")
    for (const [key, value] of Object.entries(node as Tree))
      leaves(value, prefix ? `${prefix}.${key}` : key, out);
  else out.set(prefix, node);
  return out;
}

const english = leaves(LOCALES.en);
const others = Object.entries(LOCALES).filter(([tag]) => tag !== "en");
/** A text made only of parameters and punctuation ("{{kind}} · {{account}}") reads the same everywhere. */
/** Codes that are the same word in every language (the Indian bank branch code). */
const SAME_IN_TRANSLATION = new Set(["IFSC"]);
const languageNeutral = (text: unknown) =>
  SAME_IN_TRANSLATION.has(String(text)) ||
  String(text)
    .replace(/\{\{\w+\}\}/g, "")
    .replace(/[\s·/]/g, "") === "";

describe("back-office locales", () => {
  it("has a file for each of the five languages and offers each in the switch", () => {
    const tags = Object.values(LANGUAGES).map((l) => l.tag);
    expect(Object.keys(LOCALES).sort()).toEqual([...tags].sort());
    expect(ADMIN_LANGUAGES.map((l) => l.tag).sort()).toEqual([...tags].sort());
  });

  it.each(others)("%s has every English key, none empty, and no extra keys", (_tag, locale) => {
    const own = leaves(locale);
    for (const [key] of english) {
      const value = own.get(key);
      expect(typeof value === "string" && value.trim().length > 0, `missing or empty ${key}`).toBe(true);
    }
    expect([...own.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(others)("%s is translated, not an English copy", (_tag, locale) => {
    const own = leaves(locale);
    const copies = [...english].filter(([key, text]) => own.get(key) === text && !languageNeutral(text));
    expect(copies.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.entries(LOCALES))("%s keeps the interpolation params of English", (_tag, locale) => {
    const own = leaves(locale);
    const params = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of english) expect(params(own.get(key)), key).toEqual(params(text));
  });

  it("translates only real error codes of the contract (besides its own three)", () => {
    const codes = Object.keys((LOCALES.en as { errors: Tree }).errors);
    const own = new Set(["generic", "network", "server"]);
    expect(codes.filter((c) => !own.has(c) && !(ERROR_CODES as string[]).includes(c))).toEqual([]);
  });
});
