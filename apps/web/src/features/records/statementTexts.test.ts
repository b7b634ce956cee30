import { describe, expect, it } from "vitest";
import { ENTRY_TYPES, RECORD_ACCOUNTS, STATEMENT_LANGUAGES, STATEMENT_TEXTS } from "@brokerage/api";

type Tree = { [key: string]: unknown };

/** Every locale file of the app by tag, as the screens read them. */
const LOCALES: Record<string, Tree> = Object.fromEntries(
  Object.entries(import.meta.glob<Tree>("../../locales/*.json", { eager: true, import: "default" })).map(
    ([path, texts]) => [path.replace(/^.*\/(.+)\.json$/, "$1"), texts],
  ),
);

/** The text at a dotted key of a locale, or undefined. */
function text(locale: Tree | undefined, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], locale);
}

/** Where the screens take an account's name: the account screen's "available", the records' others. */
const accountKey = (account: string) =>
  account === "available" ? "accountCentre.available" : `records.account.${account}`;

describe("the funds statement's texts (packages/api STATEMENT_TEXTS)", () => {
  it("exist for every app language", () => {
    expect([...STATEMENT_LANGUAGES].sort()).toEqual(Object.keys(LOCALES).sort());
    expect(Object.keys(STATEMENT_TEXTS).sort()).toEqual(Object.keys(LOCALES).sort());
  });

  it.each(STATEMENT_LANGUAGES)(
    "%s names fund-flow types and accounts exactly as the app's screens",
    (tag) => {
      const locale = LOCALES[tag];
      const texts = STATEMENT_TEXTS[tag];
      const fromLocale = (keyOf: (name: string) => string, names: readonly string[]) =>
        Object.fromEntries(names.map((name) => [name, text(locale, keyOf(name))]));
      expect(texts.fundFlow).toEqual(fromLocale((type) => `fundFlow.${type}`, ENTRY_TYPES));
      expect(texts.accounts).toEqual(fromLocale(accountKey, RECORD_ACCOUNTS));
    },
  );

  it.each(STATEMENT_LANGUAGES.filter((tag) => tag !== "en"))(
    "%s translates every header and balance row",
    (tag) => {
      const texts = STATEMENT_TEXTS[tag];
      const english = STATEMENT_TEXTS.en;
      const words = (t: typeof texts) => [
        ...Object.values(t.columns).map((name) => (typeof name === "string" ? name : name("UTC"))),
        t.openingBalance,
        t.closingBalance,
      ];
      const own = words(texts);
      const theirs = words(english);
      own.forEach((word, i) => {
        expect(word.trim()).not.toBe("");
        expect(word, `${tag} #${i}`).not.toBe(theirs[i]);
      });
      expect(new Set(own).size).toBe(own.length);
    },
  );
});
