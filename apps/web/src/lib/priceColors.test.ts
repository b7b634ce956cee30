import { beforeEach, describe, expect, it } from "vitest";
import { applyPriceColors, getPriceColors, PRICE_COLORS_KEY, savePriceColors } from "./priceColors";
import { clearStorageKeepLanguage } from "./storage";

describe("price colours", () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.priceColors;
  });

  it("are red up by default (spec §9), and an unknown stored value reads as the default", () => {
    expect(getPriceColors()).toBe("redUp");
    localStorage.setItem(PRICE_COLORS_KEY, "purpleUp");
    expect(getPriceColors()).toBe("redUp");
    applyPriceColors();
    expect(document.documentElement.dataset.priceColors).toBe("redUp");
  });

  it("are stored and put on the document when chosen", () => {
    savePriceColors("greenUp");
    expect(getPriceColors()).toBe("greenUp");
    expect(document.documentElement.dataset.priceColors).toBe("greenUp");
  });

  it("survive a 401's clearing of local storage, as the language does", () => {
    savePriceColors("greenUp");
    localStorage.setItem("tokend", "t");
    clearStorageKeepLanguage();
    expect(localStorage.getItem("tokend")).toBeNull();
    expect(getPriceColors()).toBe("greenUp");
  });
});
