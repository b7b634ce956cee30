import type { ReviewItem } from "@brokerage/api";
import { screen, within } from "@testing-library/react";
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import { amountText } from "../lib/money";
import { isolateTests, meOf, mockAdminApi, ok, renderAdmin, signIn } from "../test/harness";
import { subjectSummary } from "./parts";
import { subjectValue } from "./subjectValue";

let t: TFunction;
beforeAll(async () => {
  t = await i18next.createInstance().init({
    lng: "en",
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

const review = (kind: ReviewItem["kind"], subject: ReviewItem["subject"]): ReviewItem => ({
  id: "22222222-2222-4222-8222-222222222222",
  kind,
  state: "pending",
  userId: "33333333-3333-4333-8333-333333333333",
  account: "asha_k",
  createdAt: "2025-03-01T09:30:00.000Z",
  decidedAt: null,
  reason: null,
  approvals: [],
  approvalsNeeded: 1,
  subject,
});

describe("amountText: the back office's one money format", () => {
  it("writes an amount at its currency's scale, thousands separated, with the currency's code", () => {
    expect(amountText("50000.00", "USD")).toBe("50,000.00 USD");
    expect(amountText("50000", "USD")).toBe("50,000.00 USD");
    expect(amountText("1250000", "JPY")).toBe("1,250,000 JPY");
    expect(amountText("1234.5", "USDT")).toBe("1,234.500000 USDT");
    expect(amountText("0.12345678", "BTC")).toBe("0.12345678 BTC");
  });

  it("reads the currency an amount names, a sign, and an amount already grouped", () => {
    expect(amountText("1200.00 INR", "USD")).toBe("1,200.00 INR");
    expect(amountText("+1,234,567.89", "USD")).toBe("+1,234,567.89 USD");
    expect(amountText("-5000.00", "THB")).toBe("-5,000.00 THB");
  });

  it("formats the sums of a count and a sum, and keeps text that is no amount as sent", () => {
    expect(amountText("3 · 120000.00 USD", "USD")).toBe("3 · 120,000.00 USD");
    expect(amountText("none yet", "USD")).toBe("none yet");
    expect(amountText("50000.00", null)).toBe("50000.00");
  });
});

describe("review subjects", () => {
  it("sum up a deposit by its amount in the one money format, the currency not repeated", () => {
    const summary = subjectSummary(
      review("deposit", {
        depositId: "d1",
        amount: "50000.00",
        currency: "USD",
        channelName: "Demo bank transfer",
        channelKind: "bank",
      }),
      t,
    );
    expect(summary).toBe("Amount: 50,000.00 USD · Channel: Demo bank transfer · Channel type: Bank transfer");
    expect(summary).not.toContain("50000.00");
  });

  it("sum up an adjustment with its sign and a loan at the currency's scale", () => {
    expect(
      subjectSummary(
        review("adjustment", { amount: "+1,234,567.89", currency: "USD", requestedBy: "ops" }),
        t,
      ),
    ).toBe("Amount: +1,234,567.89 USD · Requested by: ops");
    expect(
      subjectSummary(
        review("loan", { loanId: "l1", amount: "200000", currency: "INR", interest: "3000" }),
        t,
      ),
    ).toBe("Amount: 200,000.00 INR · Interest: 3,000.00 INR");
  });

  it("show each amount field of the drawer in the one format, other fields as before", () => {
    expect(subjectValue(t, "approvedSumBefore", "125000.5", "USD")).toBe("125,000.50 USD");
    expect(subjectValue(t, "withdrawalsApproved", "2 · 7000.00 USD", "USD")).toBe("2 · 7,000.00 USD");
    expect(subjectValue(t, "quota", "100000 INR", "USD")).toBe("100,000.00 INR");
    expect(subjectValue(t, "offerPrice", "925.50", "INR")).toBe("925.50");
    expect(subjectValue(t, "channelKind", "bank", "USD")).toBe("Bank transfer");
    expect(subjectValue(t, "amount", null, "USD")).toBe("—");
  });
});

isolateTests();

describe("review queue", { timeout: 30_000 }, () => {
  it("lists a deposit with its amount in the one money format", async () => {
    signIn("reviewer");
    mockAdminApi({
      "auth/me": () => ok(meOf("reviewer")),
      "reviews/summary": () => ok({ kinds: [{ kind: "deposit", pending: 1 }] }),
      "reviews/list": () =>
        ok({
          items: [
            review("deposit", { amount: "50000.00", currency: "USD", channelName: "Demo bank transfer" }),
          ],
          nextCursor: null,
        }),
    });
    renderAdmin("/reviews");
    const row = (await screen.findByText("asha_k")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Amount: 50,000.00 USD · Channel: Demo bank transfer")).toBeTruthy();
  });
});
