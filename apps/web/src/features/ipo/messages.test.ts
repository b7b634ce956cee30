import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import ko from "../../locales/ko.json";
import { formatDateTime } from "../../lib/format";
import { messageText } from "../messages/components/messageText";

const texts = i18next.createInstance();
let t: TFunction;
beforeAll(async () => {
  t = await texts.init({
    lng: "en",
    resources: { en: { translation: en }, ko: { translation: ko } },
    interpolation: { escapeValue: false },
  });
});

const params = {
  name: "Newco Energy",
  symbol: "NEWCO",
  quantity: "20000",
  allotted: "20000",
  amount: "2410000.00",
  currency: "INR",
  paymentDueAt: "2026-03-09T10:00:00.000Z",
  listingAt: "2026-03-12T04:00:00.000Z",
  released: "0.00",
};

describe("new-share messages", () => {
  it("tells a winner what to pay and by when, in the reader's date format", () => {
    const won = messageText(t, { kind: "ipoWon", params });
    expect(won.title).toBe("New shares won");
    expect(won.body).toBe(
      "Your subscription to 20,000 shares of Newco Energy (NEWCO) won 20,000 shares in the draw. Pay " +
        `2,410,000.00 INR from the amount held for it by ${formatDateTime(new Date(params.paymentDueAt))} in ` +
        "My subscriptions, or the allotment is waived and the amount released. Held beyond the allotment " +
        `and back in your available balance: 0.00 INR. The shares list on ` +
        `${formatDateTime(new Date(params.listingAt))}.`,
    );
    const korean = messageText(texts.getFixedT("ko"), { kind: "ipoWon", params }).body;
    expect(korean).toContain(formatDateTime(new Date(params.paymentDueAt)));
    expect(korean).not.toMatch(/\{\{|T10:00/);
  });

  it("words the draw lost, the listing and the cancellation", () => {
    expect(messageText(t, { kind: "ipoNotWon", params: { ...params, released: "2410000" } }).body).toContain(
      "was not allotted in the draw. The 2,410,000.00 INR held for it is back in your available balance.",
    );
    expect(messageText(t, { kind: "ipoListed", params }).body).toBe(
      "Newco Energy (NEWCO) is listed: your 20,000 shares, paid 2,410,000.00 INR, are now an open position at " +
        "the underwriting price.",
    );
    expect(messageText(t, { kind: "ipoCancelled", params }).title).toBe("New-share offering cancelled");
  });

  it("warns of a final price that moved, and says why a subscription shrank or failed", () => {
    const price = {
      name: "Newco Energy",
      symbol: "NEWCO",
      currency: "INR",
      provisionalPrice: "330.00",
      finalPrice: "370.00",
    };
    expect(
      messageText(t, {
        kind: "ipoPriceMoved",
        params: { ...price, change: "+12.12", quantity: "10000", held: "3700000" },
      }).body,
    ).toBe(
      "The final price of Newco Energy (NEWCO) is 370.00 INR, +12.12% from the provisional 330.00 INR you " +
        "subscribed at. Your subscriptions now ask for 10,000 shares and hold 3,700,000.00 INR.",
    );
    expect(
      messageText(t, {
        kind: "ipoPriceReduced",
        params: { ...price, quantity: "12000", reducedTo: "10810", held: "3999700" },
      }).body,
    ).toContain("could not cover 12,000 shares, so your subscription was reduced to 10,810 shares");
    const failed = messageText(texts.getFixedT("ko"), {
      kind: "ipoPriceFailed",
      params: { ...price, quantity: "10000", minShares: "10000", released: "3300000" },
    }).body;
    expect(failed).toContain("3,300,000.00 INR");
    expect(failed).not.toMatch(/\{\{/);
  });
});
