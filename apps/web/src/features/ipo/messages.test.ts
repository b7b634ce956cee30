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
});
