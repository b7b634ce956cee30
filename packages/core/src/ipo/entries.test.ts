import { describe, expect, it } from "vitest";
import { userAccount } from "../ledger/index.js";
import { ipoPaymentEntry, ipoRefundEntry } from "./entries.js";

describe("IPO entries", () => {
  it("a subscription blocks the amount: available to held", () => {
    expect(ipoPaymentEntry("u1", "INR", "3300000.00")).toEqual({
      type: "ipoPayment",
      postings: [
        { account: userAccount("u1", "INR"), amount: "-3300000" },
        { account: userAccount("u1", "INR", "held"), amount: "3300000.00" },
      ],
    });
  });

  it("a release moves it back from held to available", () => {
    expect(ipoRefundEntry("u1", "KRW", "600000")).toEqual({
      type: "ipoRefund",
      postings: [
        { account: userAccount("u1", "KRW", "held"), amount: "-600000" },
        { account: userAccount("u1", "KRW"), amount: "600000" },
      ],
    });
  });

  it("refuses an amount not above zero", () => {
    expect(() => ipoPaymentEntry("u1", "USD", "0")).toThrow();
    expect(() => ipoRefundEntry("u1", "USD", "-1.00")).toThrow();
  });
});
