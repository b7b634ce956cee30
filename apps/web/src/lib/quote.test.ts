import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@brokerage/api";
import { localName } from "./quote";

const names = {
  en: "NVIDIA",
  ko: "엔비디아",
  zh: "英伟达",
  zhTW: "輝達",
  hi: "एनवीडिया",
  local: "NVIDIA",
};

describe("localName", () => {
  it("reads the Traditional name for zh-TW and the Simplified one for zh-CN", () => {
    expect(localName(names, LANGUAGES.zh.tag, "NVDA")).toBe("輝達");
    expect(localName(names, LANGUAGES.cn.tag, "NVDA")).toBe("英伟达");
    expect(localName(names, "zh-HK", "NVDA")).toBe("輝達");
    expect(localName(names, "zh-Hant-TW", "NVDA")).toBe("輝達");
    expect(localName(names, "zh", "NVDA")).toBe("英伟达");
  });

  it("reads the other languages and falls back to English, then the given name", () => {
    expect(localName(names, LANGUAGES.ko.tag, "NVDA")).toBe("엔비디아");
    expect(localName(names, LANGUAGES.yd.tag, "NVDA")).toBe("एनवीडिया");
    expect(localName(names, LANGUAGES.en.tag, "NVDA")).toBe("NVIDIA");
    expect(localName(names, "fr", "NVDA")).toBe("NVIDIA");
    expect(localName({ ...names, zhTW: "" }, "zh-TW", "NVDA")).toBe("英伟达");
    expect(localName({ ...names, zhTW: "", zh: "" }, "zh-TW", "NVDA")).toBe("NVIDIA");
    expect(localName(undefined, "zh-TW", "NVDA")).toBe("NVDA");
  });
});
