import { afterEach, describe, expect, it } from "vitest";
import ko from "../locales/ko.json";
import { changeLanguage, i18n, i18nReady, textsForScreen } from "./i18n";

describe("i18n", () => {
  afterEach(async () => {
    await changeLanguage("en");
    window.localStorage.clear();
  });

  it("starts in English with only the fallback's texts loaded", async () => {
    await i18nReady;
    expect(i18n.t("app.tagline")).toBe("Markets in your pocket");
    expect(i18n.hasResourceBundle("ko", "translation")).toBe(false);
  });

  it("loads a language's texts on a switch, before the switch takes effect", async () => {
    await changeLanguage("ko");
    expect(i18n.language).toBe("ko");
    expect(i18n.t("app.tagline")).toBe(ko.app.tagline);
    expect(document.documentElement.lang).toBe("ko");
    expect(window.localStorage.getItem("lang")).toBe("ko");
  });

  it("falls back to English for a text the language lacks", async () => {
    await changeLanguage("yd");
    i18n.addResource("en", "translation", "test.onlyInEnglish", "Only in English");
    expect(i18n.t("test.onlyInEnglish")).toBe("Only in English");
  });

  it("loads both parts of a language on a switch once screens are in use, so no screen mixes languages", async () => {
    await textsForScreen("/market/index");
    await changeLanguage("ko");
    expect(i18n.t("auth.login")).toBe(ko.auth.login);
    expect(i18n.t("market.watchToggle", { name: "X" })).toBe(ko.market.watchToggle.replace("{{name}}", "X"));
    expect(i18n.t("title.market.index")).toBe(ko.title.market.index);
  });
});
