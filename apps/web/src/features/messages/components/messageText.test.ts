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
});
