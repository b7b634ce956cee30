import { describe, expect, it } from "vitest";
import { addBankCardRequest } from "./cards.js";
import { plainText } from "./envelope.js";
import { staffReason } from "./admin.js";
import { COMBINING_MARKS_MAX, textProblem } from "./text.js";

const field = plainText.min(1).max(100);
const problemOf = (value: string) => {
  const result = field.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const BIDI = {
  LRE: "\u202A",
  RLE: "\u202B",
  PDF: "\u202C",
  LRO: "\u202D",
  RLO: "\u202E",
  LRI: "\u2066",
  RLI: "\u2067",
  FSI: "\u2068",
  PDI: "\u2069",
  LRM: "\u200E",
  RLM: "\u200F",
  ALM: "\u061C",
};

describe("free text: bidirectional controls", () => {
  it.each(Object.entries(BIDI))("refuses %s anywhere in the text", (_name, control) => {
    expect(problemOf(`${control}gnp.exe`)).toBe("bidiControl");
    expect(problemOf(`State ${control}Bank`)).toBe("bidiControl");
    expect(problemOf(`Bank${control}`)).toBe("bidiControl");
  });

  it("refuses the disguised file name of the report", () => {
    expect(addBankCardRequest.shape.bankName.safeParse("\u202Egnp.exe").success).toBe(false);
  });

  it("keeps the joiners that Devanagari and emoji sequences need", () => {
    expect(problemOf("क्\u200Dष")).toBeNull();
    expect(problemOf("क्\u200Cष")).toBeNull();
    expect(problemOf("👩\u200D💻")).toBeNull();
  });
});

describe("free text: stacked combining marks", () => {
  it(`accepts ${COMBINING_MARKS_MAX} marks in a row and refuses one more`, () => {
    // x composes with none of them, so NFC leaves every mark standing.
    expect(problemOf("x\u0301\u0302\u0303")).toBeNull();
    expect(problemOf("x\u0301\u0302\u0303\u0304")).toBe("stackedMarks");
    // a + acute is á under NFC: four typed marks are three stacked ones.
    expect(problemOf("a\u0301\u0302\u0303\u0304")).toBeNull();
  });

  it("refuses a Zalgo line", () => {
    expect(problemOf("Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319a\u0364lgo")).toBe(
      "stackedMarks",
    );
  });

  it("counts after NFC: a letter with its accent typed as two code points is one character", () => {
    // e + combining acute, grave, circumflex: NFC makes é and leaves two marks.
    expect(problemOf("e\u0301\u0300\u0302\u0303")).toBeNull();
    expect(field.parse("Jose\u0301")).toBe("José");
  });

  it("does not let a mark that NFC cannot compose hide behind one that it can", () => {
    expect(problemOf("e\u0301\u0316\u0317\u0318\u0319")).toBe("stackedMarks");
  });
});

describe("free text: real writing passes", () => {
  const HINDI = [
    "क्षत्रिय",
    "श्री",
    "श्रीमती प्रियंका शर्मा",
    "हिंदी",
    "स्वास्थ्य",
    "कृष्ण",
    "ज़ें",
    "ड़ों",
    "लड़कियाँ",
    "पृथ्वीराज",
    "भारतीय स्टेट बैंक",
    "आँध्र प्रदेश",
    "ऋषिकेश",
    "द्वितीय",
  ];
  it.each(HINDI)("Hindi: %s", (text) => {
    expect(problemOf(text)).toBeNull();
    expect(textProblem(text.normalize("NFC"))).toBeNull();
  });

  const KOREAN = ["김민준", "국민은행 여의도지점", "이서연", "신한은행"];
  it.each(KOREAN)("Korean: %s", (text) => expect(problemOf(text)).toBeNull());

  it("Korean typed as conjoining jamo is composed into syllables", () => {
    expect(field.parse("\u1112\u1161\u11AB\u1100\u1173\u11AF")).toBe("한글");
  });

  it.each(["中国工商银行", "王小明", "臺灣銀行 台北分行", "招商银行（深圳）"])("Chinese: %s", (text) =>
    expect(problemOf(text)).toBeNull(),
  );

  it.each(["ธนาคารกรุงเทพ", "ที่นี่", "Nguyễn Văn Anh", "Müller & Söhne", "O'Brien-Smith"])(
    "other scripts: %s",
    (text) => expect(problemOf(text)).toBeNull(),
  );

  it.each(["👍🏽", "👨\u200D👩\u200D👧\u200D👦", "❤️", "#️⃣", "🇮🇳", "🏳️\u200D🌈"])("emoji: %s", (text) =>
    expect(problemOf(text)).toBeNull(),
  );
});

describe("free text schema", () => {
  it("trims before its bounds: blank is empty", () => {
    expect(field.safeParse("   ").success).toBe(false);
    expect(field.parse("  SBI  ")).toBe("SBI");
  });

  it("keeps a field's own coded messages (a staff reason still says REASON_REQUIRED)", () => {
    expect(staffReason.safeParse(" ").error?.issues[0]?.message).toBe("REASON_REQUIRED");
    expect(staffReason.safeParse("refund\u202E").error?.issues[0]?.message).toBe("bidiControl");
  });

  it("measures the bounds after NFC", () => {
    const decomposed = "e\u0301".repeat(100);
    expect(decomposed.length).toBe(200);
    expect(field.safeParse(decomposed).success).toBe(true);
  });
});
