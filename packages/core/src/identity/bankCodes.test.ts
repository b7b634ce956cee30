import { describe, expect, it } from "vitest";
import {
  BANK_COUNTRIES,
  bankCodeSchemeOf,
  isAccountNumber,
  isBankCode,
  isBankCountry,
  maskAccountNumber,
  normaliseAccountNumber,
  normaliseCountry,
  normaliseSwift,
  swiftProblem,
  usesIban,
} from "./bankCodes.js";

describe("countries and their bank code", () => {
  it("routes India by IFSC and every other country by SWIFT/BIC", () => {
    expect(bankCodeSchemeOf("IN")).toBe("IFSC");
    for (const country of ["US", "KR", "MY", "TH", "DE", "GB"])
      expect(bankCodeSchemeOf(country)).toBe("SWIFT");
  });

  it("knows the ISO 3166 countries and nothing else", () => {
    expect(normaliseCountry(" in ")).toBe("IN");
    for (const country of ["IN", "US", "KR", "MY", "TH", "SG", "HK", "DE"])
      expect(isBankCountry(country), country).toBe(true);
    for (const country of ["ZZ", "in", "IND", "", "1N"]) expect(isBankCountry(country), country).toBe(false);
    expect(BANK_COUNTRIES.length).toBeGreaterThan(200);
    expect(BANK_COUNTRIES).toContain("TH");
  });
});

describe("SWIFT/BIC (ISO 9362)", () => {
  it("accepts 8 and 11 characters of a bank in the account's country, in any case and spacing", () => {
    expect(swiftProblem("DEUTDEFF", "DE")).toBeNull();
    expect(swiftProblem("DEUTDEFF500", "DE")).toBeNull();
    expect(swiftProblem("bkkb th bk", "TH")).toBeNull();
    expect(swiftProblem("CHASUS33", "US")).toBeNull();
    expect(normaliseSwift(" chas us 33 xxx ")).toBe("CHASUS33XXX");
  });

  it("refuses other lengths, characters and unknown countries", () => {
    for (const code of ["DEUTDEF", "DEUTDEFF5", "DEUTDEFF5000", "DEU1DEFF", "DEUTZZFF", "DEUT-DEFF", ""])
      expect(swiftProblem(code, "DE"), code).toEqual({ code: "SWIFT_INVALID" });
  });

  it("refuses a test BIC (location's second character 0)", () => {
    expect(swiftProblem("DEUTDEF0", "DE")).toEqual({ code: "SWIFT_INVALID" });
  });

  it("names the country of a BIC from elsewhere", () => {
    expect(swiftProblem("DEUTDEFF", "TH")).toEqual({ code: "SWIFT_COUNTRY_MISMATCH", codeCountry: "DE" });
  });

  it("is the bank code of every country but India", () => {
    expect(isBankCode("TH", "BKKBTHBK")).toBe(true);
    expect(isBankCode("TH", "SBIN0000300")).toBe(false);
    expect(isBankCode("IN", "SBIN0000300")).toBe(true);
    expect(isBankCode("IN", "BKKBTHBK")).toBe(false);
  });
});

describe("account numbers per country", () => {
  it("keeps India's 12 to 19 digits", () => {
    expect(isAccountNumber("IN", "1234 5678 9012")).toBe(true);
    expect(isAccountNumber("IN", "12345678901")).toBe(false);
    expect(isAccountNumber("IN", "DE89370400440532013000")).toBe(false);
  });

  it("asks for a valid IBAN of the country where banks use them", () => {
    expect(usesIban("DE")).toBe(true);
    expect(usesIban("US")).toBe(false);
    expect(isAccountNumber("DE", "de89 3704 0044 0532 0130 00")).toBe(true);
    // One check digit off, and a valid IBAN of another country.
    expect(isAccountNumber("DE", "DE88370400440532013000")).toBe(false);
    expect(isAccountNumber("DE", "GB82WEST12345698765432")).toBe(false);
    expect(isAccountNumber("DE", "0532013000")).toBe(false);
  });

  it("takes 6 to 34 letters and digits elsewhere", () => {
    expect(isAccountNumber("TH", "123-4-56789-0")).toBe(true);
    expect(isAccountNumber("US", "000123456789")).toBe(true);
    expect(isAccountNumber("US", "12345")).toBe(false);
    expect(isAccountNumber("US", "1".repeat(35))).toBe(false);
    expect(isAccountNumber("US", "1234_5678")).toBe(false);
    expect(normaliseAccountNumber("ab12-34")).toBe("AB1234");
  });

  it("masks any stored number, hiding at least 4 characters", () => {
    expect(maskAccountNumber("6222021234567890123")).toBe("6222***********0123");
    expect(maskAccountNumber("DE89370400440532013000")).toBe("DE89**************3000");
    expect(maskAccountNumber("1234567890")).toBe("******7890");
    expect(maskAccountNumber("123456")).toBe("****56");
    for (let length = 6; length <= 34; length++) {
      const masked = maskAccountNumber("9".repeat(length));
      expect(masked).toHaveLength(length);
      expect(masked.replace(/[^*]/g, "").length).toBeGreaterThanOrEqual(4);
    }
    expect(() => maskAccountNumber("12345")).toThrow(RangeError);
    expect(() => maskAccountNumber("12_456789")).toThrow(RangeError);
  });
});
