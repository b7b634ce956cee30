import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n, screenTextsReady } from "./i18n";
import { errorText } from "./api";
import { formatErrorParams, hasChinese, loadMoneyFormat } from "./apiError";
import { formatZoneOffset } from "./format";

beforeAll(loadMoneyFormat);

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("error translation (spec §8)", () => {
  it("translates a code and formats money params", () => {
    expect(errorText("AMOUNT_BELOW_MIN", { min: "10000" }, "ignored")).toBe(
      "The amount is below the minimum of 10,000.00",
    );
    expect(errorText("INSUFFICIENT_AVAILABLE", { available: "1234567.8" })).toBe(
      "Insufficient available balance: 1,234,567.80",
    );
  });

  it("formats time params as time text", () => {
    expect(errorText("OUTSIDE_WINDOW", { start: "9:30", end: "24:00", timeZone: "Asia/Kolkata" })).toBe(
      "Not available at this time. Hours: 09:30 to 24:00 (GMT+5:30) on workdays",
    );
    // An instant is shown in the device's zone, named.
    const until = new Date("2025-03-04T05:06:07");
    expect(formatErrorParams("SELL_LOCKED", { until: "2025-03-04T05:06:07" }).until).toBe(
      `2025.03.04 05:06:07 ${formatZoneOffset(undefined, until)}`,
    );
  });

  it("keeps a count as a count", () => {
    expect(errorText("PASSWORD_TOO_SHORT", { minLength: "8" })).toBe(
      "The password needs at least 8 characters",
    );
  });

  it("translates into the UI language", async () => {
    await i18n.changeLanguage("ko");
    expect(errorText("WRONG_CREDENTIALS")).toBe("계정 또는 비밀번호가 올바르지 않습니다");
    await i18n.changeLanguage("zh-TW");
    await screenTextsReady(); // a screen behind log-in's error: its text is in the screens part
    expect(errorText("AMOUNT_ABOVE_MAX", { max: "50000" })).toBe("金額高於最高限額 50,000.00");
  });

  it("falls back to the server msg for an unknown code", () => {
    expect(errorText("SOMETHING_NEW", {}, "Something new happened")).toBe("Something new happened");
    expect(errorText(undefined, {}, "")).toBe("Something went wrong, please try again");
  });
});

describe("Chinese-character rule (spec §8)", () => {
  it("detects Han characters", () => {
    expect(hasChinese("余额不足")).toBe(true);
    expect(hasChinese("잔액 부족")).toBe(false);
    expect(hasChinese("Insufficient")).toBe(false);
  });

  it('shows "Error" for a Chinese text in English', () => {
    expect(errorText("SOMETHING_NEW", {}, "余额不足")).toBe("Error");
  });

  it("shows the Hindi word when the language is Hindi", async () => {
    await i18n.changeLanguage("hi");
    expect(errorText(undefined, {}, "系统繁忙")).toBe("त्रुटि");
  });

  it("keeps Chinese text when the UI language is Chinese", async () => {
    await i18n.changeLanguage("zh-CN");
    expect(errorText(undefined, {}, "系统繁忙")).toBe("系统繁忙");
  });

  it("catches Chinese that reaches a translation through a param", () => {
    expect(errorText("UNKNOWN_SYMBOL", { symbol: "贵州茅台" })).toBe("Error");
  });
});
