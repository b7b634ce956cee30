import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import { SHELL_ERROR_CODES, SHELL_SECTIONS, needsScreenTexts, pickLocalePart } from "./localeParts";

type Tree = { [key: string]: unknown };

/** Every leaf of a locale as "a.b.c". */
function leaves(node: unknown, prefix = ""): string[] {
  if (node === null || typeof node !== "object") return [prefix];
  return Object.entries(node as Tree).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe("locale parts", () => {
  const shell = pickLocalePart(en, "shell");
  const screens = pickLocalePart(en, "screens");

  it("splits a locale into two parts that hold every text exactly once", () => {
    const all = leaves(en).sort();
    const parts = [...leaves(shell), ...leaves(screens)].sort();
    expect(parts).toEqual(all);
  });

  it("keeps the whole shell sections and the named keys of split sections in the shell", () => {
    expect(shell.auth).toEqual(en.auth);
    expect(Object.keys(shell.errors as Tree).sort()).toEqual([...SHELL_ERROR_CODES].sort());
    expect({ ...(shell.errors as Tree), ...(screens.errors as Tree) }).toEqual(en.errors);
    expect(shell.title).toEqual({ login: en.title.login });
    expect(screens.auth).toBeUndefined();
    expect(screens.market).toEqual(en.market);
    expect(Object.keys(screens.title as Tree)).not.toContain("login");
    expect(Object.keys(screens.title as Tree)).toContain("information");
  });

  it("names only sections and keys the English locale has", () => {
    for (const entry of SHELL_SECTIONS) {
      const [section = "", key] = entry.split(".");
      const value = (en as Tree)[section];
      expect(value, entry).toBeDefined();
      if (key) expect((value as Tree)[key], entry).toBeDefined();
    }
  });

  it("lets only the log-in flow render without the screens part", () => {
    expect(needsScreenTexts("/login/login")).toBe(false);
    expect(needsScreenTexts("/login/register")).toBe(false);
    expect(needsScreenTexts("/home/index")).toBe(true);
    expect(needsScreenTexts("/information/aboutInfo")).toBe(true);
  });
});
