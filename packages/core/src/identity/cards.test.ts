import { describe, expect, it } from "vitest";
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  isCardNumber,
  isIfsc,
  maskCardNumber,
  namesMatch,
  normaliseCardNumber,
  normaliseIfsc,
} from "./cards.js";

describe("card numbers", () => {
  it("strips the spaces and dashes used to group digits", () => {
    expect(normaliseCardNumber(" 4111 1111-1111 1111 ")).toBe("4111111111111111");
    expect(normaliseCardNumber("4111\u00a01111\t1111\u20131111")).toBe("4111111111111111");
    // Full-width digits from a CJK keyboard become ASCII digits.
    expect(normaliseCardNumber("６２２２０２１２３４５６７８９０")).toBe("6222021234567890");
  });

  it("accepts 12 to 19 digits and nothing outside that range", () => {
    expect(CARD_NUMBER_MIN_DIGITS).toBe(12);
    expect(CARD_NUMBER_MAX_DIGITS).toBe(19);
    expect(isCardNumber("1".repeat(11))).toBe(false);
    expect(isCardNumber("1".repeat(12))).toBe(true);
    expect(isCardNumber("1".repeat(19))).toBe(true);
    expect(isCardNumber("1".repeat(20))).toBe(false);
    expect(isCardNumber("")).toBe(false);
  });

  it("counts digits after normalising, not the typed characters", () => {
    expect(isCardNumber("4111 1111 1111 1111")).toBe(true);
    // 11 digits padded to 14 characters with separators is still too short.
    expect(isCardNumber("1111-1111-111")).toBe(false);
    // 19 digits with separators (23 characters) is still within range.
    expect(isCardNumber("6222 0212 3456 7890 123")).toBe(true);
  });

  it("refuses anything but digits", () => {
    expect(isCardNumber("4111 1111 1111 111a")).toBe(false);
    expect(isCardNumber("4111.1111.1111.1111")).toBe(false);
    expect(isCardNumber("+411111111111111")).toBe(false);
    // Arabic-Indic digits are digits, but not ones a bank file can carry.
    expect(isCardNumber("١٢٣٤٥٦٧٨٩٠١٢")).toBe(false);
  });

  it("does not apply Luhn: bank account numbers carry no check digit", () => {
    expect(isCardNumber("4111111111111111")).toBe(true); // passes Luhn
    expect(isCardNumber("4111111111111112")).toBe(true); // fails Luhn
    expect(isCardNumber("123456789012")).toBe(true); // a 12-digit account number
  });
});

describe("maskCardNumber", () => {
  it("shows the first 4 and last 4 digits, one asterisk per hidden digit", () => {
    expect(maskCardNumber("123456789012")).toBe("1234****9012");
    expect(maskCardNumber("4111 1111 1111 1234")).toBe("4111********1234");
    expect(maskCardNumber("6222021234567890123")).toBe("6222***********0123");
  });

  it("always hides at least four digits", () => {
    for (let length = CARD_NUMBER_MIN_DIGITS; length <= CARD_NUMBER_MAX_DIGITS; length++) {
      const masked = maskCardNumber("9".repeat(length));
      expect(masked).toHaveLength(length);
      expect(masked.replace(/[^*]/g, "")).toHaveLength(length - 8);
    }
  });

  it("refuses what is not a card number", () => {
    expect(() => maskCardNumber("12345678901")).toThrow(RangeError);
    expect(() => maskCardNumber("abcd")).toThrow(RangeError);
  });
});

describe("IFSC", () => {
  it("trims and upper-cases ASCII letters only", () => {
    expect(normaliseIfsc("  sbin0000300\n")).toBe("SBIN0000300");
    expect(normaliseIfsc("ıcıc0000001")).toBe("ıCıC0000001");
  });

  it("accepts 4 letters, a zero and 6 letters or digits", () => {
    expect(isIfsc("SBIN0000300")).toBe(true);
    expect(isIfsc("HDFC0CAGSBK")).toBe(true);
    expect(isIfsc("ICIC0ABC123")).toBe(true);
    expect(isIfsc(" hdfc0000001 ")).toBe(true);
  });

  it("refuses every other shape", () => {
    expect(isIfsc("SBIN1000300")).toBe(false); // fifth character must be 0
    expect(isIfsc("SBINO000300")).toBe(false); // letter O, not zero
    expect(isIfsc("SBI00000300")).toBe(false); // digit in the bank part
    expect(isIfsc("SBIN000030")).toBe(false); // 10 characters
    expect(isIfsc("SBIN00003000")).toBe(false); // 12 characters
    expect(isIfsc("SBIN 000300")).toBe(false);
    expect(isIfsc("SBIN0-00300")).toBe(false);
    expect(isIfsc("ıcıc0000001")).toBe(false); // dotless i is not I
    expect(isIfsc("")).toBe(false);
  });
});

describe("namesMatch", () => {
  it("ignores case, surrounding and repeated whitespace", () => {
    expect(namesMatch("Priya Sharma", "  PRIYA   sharma ")).toBe(true);
    expect(namesMatch("Priya\tSharma", "priya\u00a0sharma")).toBe(true);
  });

  it("compares under NFKC and full case folding", () => {
    expect(namesMatch("ＰＲＩＹＡ", "priya")).toBe(true); // full-width
    expect(namesMatch("Café", "CAFE\u0301")).toBe(true); // composed and decomposed é
    expect(namesMatch("Strauß", "STRAUSS")).toBe(true);
    expect(namesMatch("ΟΔΥΣΣΕΥΣ", "Οδυσσευς")).toBe(true); // final sigma
    expect(namesMatch("प्रिया शर्मा", "प्रिया  शर्मा")).toBe(true);
    expect(namesMatch("张伟", "张伟")).toBe(true);
  });

  it("is exact otherwise", () => {
    expect(namesMatch("Priya Sharma", "Priya Sharmaa")).toBe(false);
    expect(namesMatch("A. Kumar", "A Kumar")).toBe(false);
    expect(namesMatch("PriyaSharma", "Priya Sharma")).toBe(false);
    expect(namesMatch("Sharma Priya", "Priya Sharma")).toBe(false);
    expect(namesMatch("Cafe", "Café")).toBe(false);
    expect(namesMatch("张伟", "張偉")).toBe(false);
  });

  it("never matches empty names", () => {
    expect(namesMatch("", "")).toBe(false);
    expect(namesMatch("   ", " ")).toBe(false);
  });
});
