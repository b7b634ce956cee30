import { describe, expect, it } from "vitest";
import { followHolding, followPreview, followProductDetail } from "@brokerage/api";
import { PREVIEW, PRODUCT, holdingOf } from "./fixtures";

type Tree = { [key: string]: unknown };

/**
 * Copy trading shows only what was measured (issue 30, DESIGN §5a): no text of it and no field of its
 * answers may speak of an expected, target, promised or guaranteed return, in any of the five languages.
 */
const PROMISES: readonly RegExp[] = [
  /expected (return|profit|yield|gain)/i,
  /target (return|profit|yield)/i,
  /guarantee/i,
  /risk[- ]free/i,
  /(assured|promised|fixed) (return|profit|income)/i,
  /保證|保证|預期收益|预期收益|預期報酬|预期回报|目標收益|目标收益|承諾收益|承诺收益|穩賺|稳赚|保本/,
  /보장|기대 ?수익|목표 ?수익|확정 ?수익|원금 ?보장/,
  /गारंटी|अपेक्षित (रिटर्न|लाभ)|लक्ष्य (रिटर्न|लाभ)|सुनिश्चित (रिटर्न|लाभ)|निश्चित (रिटर्न|लाभ)/,
];

const promisesIn = (texts: Iterable<string>) =>
  [...texts].filter((text) => PROMISES.some((pattern) => pattern.test(text)));

/** Every string leaf of a tree (a locale section, an answer), with its path. */
function leaves(node: unknown, prefix = "", out: string[] = []): string[] {
  if (typeof node === "string") out.push(`${prefix}: ${node}`);
  else if (node !== null && typeof node === "object")
    for (const [key, value] of Object.entries(node as Tree)) {
      // A key is a field name the answer carries: it is scanned too ("expectedReturn").
      out.push(`${prefix}.${key}`.replace(/([a-z])([A-Z])/g, "$1 $2"));
      leaves(value, prefix ? `${prefix}.${key}` : key, out);
    }
  return out;
}

const APP = import.meta.glob<Tree>("../../locales/*.json", { eager: true, import: "default" });
const ADMIN = import.meta.glob<Tree>("../../admin/locales/*.json", { eager: true, import: "default" });
const FOLLOW_ERRORS = [
  "PRODUCT_UNAVAILABLE",
  "FOLLOW_TIME_EXCEEDED",
  "BELOW_MIN_BUY",
  "CHANNEL_PASSWORD_WRONG",
  "FOLLOW_REDEEM_NOT_ALLOWED",
  "FOLLOW_STOP_LOSS_INVALID",
  "FOLLOW_TERMS_FIXED",
];

/** The copy-trading texts of one locale file: its section, its screens' titles, its errors and messages. */
function followTexts(locale: Tree): string[] {
  const section = (key: string) => (locale[key] ?? {}) as Tree;
  const titles = section("title");
  const errors = section("errors");
  const messages = section("messages");
  return leaves({
    follow: locale.follow,
    titles: [
      (titles.home as Tree | undefined)?.fllow,
      (titles.home as Tree | undefined)?.qcList,
      (titles.home as Tree | undefined)?.fllowDetail,
      (titles.information as Tree | undefined)?.product,
    ],
    errors: FOLLOW_ERRORS.map((code) => errors[code]),
    messages: Object.fromEntries(Object.entries(messages).filter(([kind]) => kind.startsWith("follow"))),
  });
}

describe("copy trading promises nothing", () => {
  it("finds a promise where there is one, in each language", () => {
    expect(
      promisesIn([
        "Expected return 8% a year",
        "Target return: 12%",
        "Guaranteed profit",
        "保证收益",
        "預期收益 8%",
        "원금 보장",
        "기대 수익 5%",
        "गारंटी के साथ",
      ]),
    ).toHaveLength(8);
    expect(promisesIn(["Max drawdown", "Copiers' results differ from the leader's"])).toEqual([]);
  });

  it.each(Object.entries(APP))("has no promised return in the app's texts of %s", (_file, locale) => {
    const texts = followTexts(locale);
    expect(texts.length).toBeGreaterThan(100);
    expect(promisesIn(texts)).toEqual([]);
  });

  it.each(Object.entries(ADMIN))(
    "has no promised return in the back office's texts of %s",
    (_file, locale) => {
      const texts = leaves({ follow: locale.follow });
      expect(texts.length).toBeGreaterThan(50);
      expect(promisesIn(texts)).toEqual([]);
    },
  );

  it("has no field of a product, preview or holding answer that states a return not measured", () => {
    const fieldNames = [followProductDetail, followPreview, followHolding].flatMap((schema) =>
      leaves(Object.fromEntries(Object.keys(schema.shape).map((key) => [key, ""]))),
    );
    expect(promisesIn(fieldNames)).toEqual([]);
    // The answers the screens are tested with, every value and every nested field.
    const answers = leaves({ product: PRODUCT, preview: PREVIEW, holding: holdingOf() });
    expect(answers.length).toBeGreaterThan(100);
    expect(promisesIn(answers)).toEqual([]);
  });
});
