import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_KINDS } from "@brokerage/api";
import en from "../../../locales/en.json";
import zhCN from "../../../locales/zh-CN.json";
import { formatDateTime } from "../../../lib/format";
import { messageText } from "./messageText";

const texts = i18next.createInstance();
let t: TFunction;
beforeAll(async () => {
  t = await texts.init({
    lng: "en",
    resources: { en: { translation: en }, "zh-CN": { translation: zhCN } },
    interpolation: { escapeValue: false },
  });
});

const subscription = { name: "Reliance Industries", symbol: "RELIANCE", quantity: "100", currency: "INR" };

describe("messageText", () => {
  it("words every message kind of the contract with a title and a body", () => {
    for (const kind of MESSAGE_KINDS) {
      const { title, body } = messageText(t, { kind, params: {} });
      expect(title, kind).not.toBe(`messages.${kind}.title`);
      expect(body, kind).not.toBe(`messages.${kind}.body`);
    }
  });

  it("tells an approved block trade's lock, and an approval without a lock that it can be closed at any time", () => {
    expect(
      messageText(t, {
        kind: "blockTradeApproved",
        params: { ...subscription, price: "925.50", lockDays: "2" },
      }).body,
    ).toBe(
      "Your subscription to 100 shares of Reliance Industries (RELIANCE) was approved: the position is open " +
        "at 925.50 INR and locked for 2 trading days.",
    );
    const noLock = messageText(t, {
      kind: "blockTradeApprovedNoLock",
      params: { ...subscription, price: "925.50" },
    });
    expect(noLock).toEqual({
      title: "Block trade approved",
      body:
        "Your subscription to 100 shares of Reliance Industries (RELIANCE) was approved: the position is open " +
        "at 925.50 INR and can be closed at any time.",
    });
    expect(noLock.body).not.toMatch(/lock|\{\{/);
    const chinese = messageText(texts.getFixedT("zh-CN"), {
      kind: "blockTradeApprovedNoLock",
      params: { ...subscription, price: "925.50" },
    }).body;
    expect(chinese).toContain("可随时平仓");
    expect(chinese).not.toContain("锁定");
  });

  it("tells a granted loan's total and due date in the reader's date format, and a refused one's reason", () => {
    const dueAt = "2026-12-23T10:00:00.000Z";
    const approved = messageText(t, {
      kind: "loanApproved",
      params: { amount: "1000.00", currency: "USD", total: "1015.00", dueAt },
    });
    expect(approved.title).toBe("Loan approved");
    expect(approved.body).toBe(
      "Your credit loan of 1,000.00 USD was approved and paid into your available balance. Repay 1,015.00 USD " +
        `by ${formatDateTime(new Date(dueAt))}; repaying early does not reduce the interest.`,
    );
    expect(approved.body).not.toContain("T10:00");
    expect(
      messageText(t, {
        kind: "loanRejected",
        params: { amount: "1000.00", currency: "USD", reason: "Income not verified" },
      }).body,
    ).toBe(
      "Your credit loan application for 1,000.00 USD was not approved. Reason: Income not verified. You may apply again.",
    );
  });

  it("writes a deposit's, a withdrawal's and an adjustment's amount in the one money format", () => {
    expect(
      messageText(t, { kind: "depositApproved", params: { amount: "5000.00", currency: "USD" } }).body,
    ).toBe("Your deposit of 5,000.00 USD was approved and is now in your available balance.");
    expect(
      messageText(t, { kind: "withdrawalApproved", params: { amount: "1250.5", currency: "USDT" } }).body,
    ).toContain("Your withdrawal of 1,250.500000 USDT was approved");
    expect(
      messageText(t, { kind: "depositApproved", params: { amount: "1500000", currency: "JPY" } }).body,
    ).toContain("Your deposit of 1,500,000 JPY was approved");
    // The server sends an adjustment signed and grouped already: kept as sent, its "+" with it.
    expect(
      messageText(t, {
        kind: "balanceAdjusted",
        params: { amount: "+5,000.00", currency: "USD", reason: "Goodwill credit" },
      }).body,
    ).toBe(
      "Our staff adjusted your USD balance by +5,000.00. Reason: Goodwill credit. The adjustment is listed in " +
        "your fund records.",
    );
  });

  it("words a fired price alert with its prices grouped, in the reader's language", () => {
    const params = { symbol: "BTCUSD", name: "Bitcoin / US Dollar", currency: "USD", price: "52522.56" };
    const move = { ...params, reference: "52656.03", percent: "0.1", move: "-0.25" };
    expect(messageText(t, { kind: "priceAlertMove", params: move })).toEqual({
      title: "BTCUSD moved -0.25%",
      body:
        "Bitcoin / US Dollar (BTCUSD) traded at 52,522.56 USD, -0.25% from 52,656.03 when you set the alert " +
        "(your alert: a move of 0.1% either way). The alert has fired and is now off.",
    });
    const above = { ...params, reference: "50000.00", level: "52500.00" };
    expect(messageText(t, { kind: "priceAlertAbove", params: above }).title).toBe("BTCUSD reached 52,500.00");
    void texts.changeLanguage("zh-CN");
    expect(messageText(t, { kind: "priceAlertBelow", params: above }).title).toBe("BTCUSD 已跌至 52,500.00");
    void texts.changeLanguage("en");
  });
});
