import { describe, expect, it } from "vitest";
import {
  ID_NUMBER_MAX_LENGTH,
  ID_NUMBER_MIN_LENGTH,
  KYC_EVENTS,
  KYC_STATES,
  REAL_NAME_MAX_LENGTH,
  REAL_NAME_MIN_LENGTH,
  canSubmitKyc,
  isIdNumberForm,
  isMaskedIdNumber,
  isRealName,
  maskIdNumber,
  nextKycState,
  normaliseIdNumber,
  normaliseName,
  type KycEvent,
  type KycState,
} from "./kyc.js";

describe("normaliseIdNumber", () => {
  it("drops grouping, upper-cases ASCII letters and folds full-width forms", () => {
    expect(normaliseIdNumber(" 2345 6789-0123 ")).toBe("234567890123");
    expect(normaliseIdNumber("abcde1234f")).toBe("ABCDE1234F");
    expect(normaliseIdNumber("11010519491231002x")).toBe("11010519491231002X");
    expect(normaliseIdNumber("１１０１０５＊＊＊＊Ｘ")).toBe("110105****X");
  });
});

describe("isIdNumberForm: full numbers", () => {
  it("accepts real shapes: Aadhaar, PAN, Chinese resident ID", () => {
    expect(isIdNumberForm("2345 6789 0123")).toBe(true); // Aadhaar, 12 digits
    expect(isIdNumberForm("ABCDE1234F")).toBe(true); // PAN, 10 characters
    expect(isIdNumberForm("11010519491231002X")).toBe(true); // China, 18 with X
    expect(isIdNumberForm("11010519491231002x")).toBe(true);
  });

  it("accepts 6 to 20 letters or digits", () => {
    expect(ID_NUMBER_MIN_LENGTH).toBe(6);
    expect(ID_NUMBER_MAX_LENGTH).toBe(20);
    expect(isIdNumberForm("A".repeat(5))).toBe(false);
    expect(isIdNumberForm("A".repeat(6))).toBe(true);
    expect(isIdNumberForm("1".repeat(20))).toBe(true);
    expect(isIdNumberForm("1".repeat(21))).toBe(false);
    expect(isIdNumberForm("")).toBe(false);
  });

  it("takes first 6 and last 1 typed without asterisks as a 7-character number", () => {
    expect(isIdNumberForm("1101052")).toBe(true);
    expect(isMaskedIdNumber("1101052")).toBe(false);
  });

  it("refuses other characters", () => {
    expect(isIdNumberForm("ABCDE.1234F")).toBe(false);
    expect(isIdNumberForm("ABCDE/1234F")).toBe(false);
    expect(isIdNumberForm("ÄBCDE1234F")).toBe(false);
    expect(isIdNumberForm("身份证号码123456")).toBe(false);
  });
});

describe("isIdNumberForm: the spec's first-6-and-last-1 form", () => {
  it("accepts 6 characters, a run of asterisks and 1 character", () => {
    expect(isIdNumberForm("110105*X")).toBe(true); // one asterisk: 8 characters
    expect(isIdNumberForm("110105***********X")).toBe(true); // as long as a Chinese ID
    expect(isIdNumberForm("110105" + "*".repeat(13) + "2")).toBe(true); // 20 characters
    expect(isIdNumberForm("abcde1****f")).toBe(true);
    expect(isIdNumberForm("１１０１０５＊＊＊＊Ｘ")).toBe(true);
    expect(isMaskedIdNumber("110105****X")).toBe(true);
  });

  it("refuses other splits, other mask characters and over-long masks", () => {
    expect(isIdNumberForm("11010*****X")).toBe(false); // 5 before the mask
    expect(isIdNumberForm("1101052*****")).toBe(false); // nothing after
    expect(isIdNumberForm("110105****12")).toBe(false); // 2 after
    expect(isIdNumberForm("110105**1**2")).toBe(false); // two runs
    expect(isIdNumberForm("******1234567")).toBe(false);
    expect(isIdNumberForm("110105" + "*".repeat(14) + "2")).toBe(false); // 21 characters
    expect(isIdNumberForm("110105••••X")).toBe(false);
    expect(isIdNumberForm("110105####X")).toBe(false);
    expect(isIdNumberForm("110105XXXXX")).toBe(true); // X is a character, so this is a full number
    expect(isMaskedIdNumber("110105XXXXX")).toBe(false);
  });
});

describe("maskIdNumber", () => {
  it("shows first 6 and last 1, one asterisk per hidden character", () => {
    expect(maskIdNumber("11010519491231002x")).toBe("110105***********X");
    expect(maskIdNumber("2345 6789 0123")).toBe("234567*****3");
    expect(maskIdNumber("ABCDE1234F")).toBe("ABCDE1***F");
    expect(maskIdNumber("ABCDEF12")).toBe("ABCDEF*2");
  });

  it("produces the spec's masked form, which it returns unchanged", () => {
    for (const id of ["ABCDEF12", "ABCDE1234F", "234567890123", "11010519491231002X", "1".repeat(20)]) {
      const masked = maskIdNumber(id);
      expect(masked).toHaveLength(id.length);
      expect(isMaskedIdNumber(masked)).toBe(true);
      expect(maskIdNumber(masked)).toBe(masked);
    }
    expect(maskIdNumber("110105 ****x")).toBe("110105****X");
  });

  it("hides at least one character of a 6- or 7-character ID", () => {
    expect(maskIdNumber("ABC123")).toBe("ABC1*3");
    expect(maskIdNumber("ABC1234")).toBe("ABC12*4");
  });

  it("refuses what is not an ID number", () => {
    expect(() => maskIdNumber("ABC12")).toThrow(RangeError);
    expect(() => maskIdNumber("ABC.1234")).toThrow(RangeError);
  });
});

describe("KYC states", () => {
  it("lists the states and events", () => {
    expect(KYC_STATES).toEqual(["not_verified", "under_review", "verified", "failed"]);
    expect(KYC_EVENTS).toEqual(["submit", "approve", "reject"]);
  });

  it("allows exactly these transitions", () => {
    const expected: Record<KycState, Record<KycEvent, KycState | null>> = {
      not_verified: { submit: "under_review", approve: null, reject: null },
      under_review: { submit: null, approve: "verified", reject: "failed" },
      verified: { submit: null, approve: null, reject: null },
      failed: { submit: "under_review", approve: null, reject: null },
    };
    for (const state of KYC_STATES) {
      for (const event of KYC_EVENTS) {
        expect(nextKycState(state, event), `${state} + ${event}`).toBe(expected[state][event]);
      }
    }
  });

  it("lets the user submit only before verification or after a failure", () => {
    expect(canSubmitKyc("not_verified")).toBe(true);
    expect(canSubmitKyc("failed")).toBe(true);
    expect(canSubmitKyc("under_review")).toBe(false);
    expect(canSubmitKyc("verified")).toBe(false);
  });
});

describe("real names", () => {
  it("normalises width and whitespace", () => {
    expect(normaliseName("  Priya \t  Sharma\n")).toBe("Priya Sharma");
    expect(normaliseName("ＰＲＩＹＡ\u3000ＳＨＡＲＭＡ")).toBe("PRIYA SHARMA");
  });

  it("accepts letters of any script with their marks", () => {
    expect(isRealName("Priya Sharma")).toBe(true);
    expect(isRealName("प्रिया शर्मा")).toBe(true); // virama and vowel signs are marks
    expect(isRealName("பிரியா")).toBe(true);
    expect(isRealName("张伟")).toBe(true);
    expect(isRealName("김민준")).toBe(true);
    expect(isRealName("สมชาย ใจดี")).toBe(true);
    expect(isRealName("Zoë Ł. Müller")).toBe(true);
  });

  it("accepts dots, apostrophes and hyphens", () => {
    expect(isRealName("A. P. J. Abdul Kalam")).toBe(true);
    expect(isRealName("Seán O'Brien")).toBe(true);
    expect(isRealName("D’Souza")).toBe(true);
    expect(isRealName("Anne-Marie")).toBe(true);
    expect(isRealName("阿依古丽·买买提")).toBe(true);
  });

  it("refuses digits, other symbols and names without a letter", () => {
    expect(isRealName("Priya 2")).toBe(false);
    expect(isRealName("Priya_Sharma")).toBe(false);
    expect(isRealName("Priya@Sharma")).toBe(false);
    expect(isRealName("Priya, Sharma")).toBe(false);
    expect(isRealName("Priya 😀")).toBe(false);
    expect(isRealName("--")).toBe(false);
    expect(isRealName(". '")).toBe(false);
  });

  it("counts 2 to 60 code points after trimming", () => {
    expect(REAL_NAME_MIN_LENGTH).toBe(2);
    expect(REAL_NAME_MAX_LENGTH).toBe(60);
    expect(isRealName("A")).toBe(false);
    expect(isRealName("  A  ")).toBe(false);
    expect(isRealName("Al")).toBe(true);
    expect(isRealName("伟")).toBe(false);
    expect(isRealName("张伟")).toBe(true);
    expect(isRealName("a".repeat(60))).toBe(true);
    expect(isRealName(` ${"a".repeat(60)} `)).toBe(true);
    expect(isRealName("a".repeat(61))).toBe(false);
    // Letters outside the BMP are one code point each, although two UTF-16 units.
    expect(isRealName("𠀀".repeat(60))).toBe(true);
    expect(isRealName("𠀀".repeat(61))).toBe(false);
    expect(isRealName("")).toBe(false);
  });
});
