import { describe, expect, it } from "vitest";
import { INSTRUMENTS } from "../market/instruments/index.js";
import { DEFAULT_TRADING_CONFIG } from "./config.js";
import { ESMA_RETAIL_CAPS, leverageChoices, leverageClassOf, leveragesFor, raisesCaps } from "./leverage.js";

describe("leverage classes of the catalogue (ESMA Decision (EU) 2018/796, Annex II)", () => {
  const classOf = (symbol: string) => {
    const instrument = INSTRUMENTS.find((i) => i.symbol === symbol);
    if (!instrument) throw new Error(symbol);
    return leverageClassOf(instrument);
  };

  it("puts pairs of two of USD, EUR, JPY, GBP, CAD and CHF among the majors, every other pair not", () => {
    const forex = INSTRUMENTS.filter((i) => i.kind === "forex");
    const majors = forex.filter((i) => leverageClassOf(i) === "fxMajor").map((i) => i.symbol);
    expect(majors.sort()).toEqual(["EURUSD", "GBPUSD", "USDCAD", "USDCHF", "USDJPY"]);
    for (const symbol of [
      "AUDUSD",
      "USDINR",
      "USDKRW",
      "USDTHB",
      "USDMYR",
      "USDCNY",
      "USDHKD",
      "USDTWD",
      "USDVND",
    ])
      expect(classOf(symbol)).toBe("fxOther");
  });

  it("classes every stock as a single share and every crypto asset as a cryptocurrency", () => {
    for (const instrument of INSTRUMENTS) {
      const expected =
        instrument.kind === "stock" ? "share" : instrument.kind === "crypto" ? "crypto" : undefined;
      if (expected) expect(leverageClassOf(instrument)).toBe(expected);
    }
    expect(classOf("BTCUSD")).toBe("crypto");
  });

  it("has ESMA's caps: 30 majors, 20 other pairs, gold and major indices, 10 commodities, 5 shares, 2 crypto", () => {
    expect(ESMA_RETAIL_CAPS).toEqual({
      fxMajor: 30,
      fxOther: 20,
      gold: 20,
      majorIndex: 20,
      commodity: 10,
      otherIndex: 10,
      share: 5,
      crypto: 2,
    });
  });
});

describe("the leverages on offer", () => {
  it("are the steps up to the cap, and the cap", () => {
    expect(leverageChoices(5)).toEqual([1, 2, 5]);
    expect(leverageChoices(2)).toEqual([1, 2]);
    expect(leverageChoices(30)).toEqual([1, 2, 5, 10, 20, 30]);
    expect(leverageChoices(20)).toEqual([1, 2, 5, 10, 20]);
    expect(leverageChoices(3)).toEqual([1, 2, 3]);
    expect(leverageChoices(1)).toEqual([1]);
  });

  it("follow each instrument's class in its market's default caps", () => {
    const offer = (symbol: string) => {
      const instrument = INSTRUMENTS.find((i) => i.symbol === symbol);
      if (!instrument) throw new Error(symbol);
      return leveragesFor(instrument, DEFAULT_TRADING_CONFIG[instrument.market].leverageCaps);
    };
    expect(offer("AAPL")).toEqual([1, 2, 5]);
    expect(offer("EURUSD")).toEqual([1, 2, 5, 10, 20, 30]);
    expect(offer("USDINR")).toEqual([1, 2, 5, 10, 20]);
    expect(offer("BTCUSD")).toEqual([1, 2]);
  });

  it("are unleveraged for a class a market's caps do not name", () => {
    expect(leveragesFor({ kind: "crypto", symbol: "BTCUSD" }, { share: 5 })).toEqual([1]);
  });
});

describe("raising a cap", () => {
  it("is told apart from lowering one (a class not named is 1)", () => {
    expect(raisesCaps({ share: 5 }, { share: 2 })).toBe(false);
    expect(raisesCaps({ share: 5 }, {})).toBe(false);
    expect(raisesCaps({ share: 5 }, { share: 10 })).toBe(true);
    expect(raisesCaps({ share: 5 }, { share: 5, crypto: 2 })).toBe(true);
    expect(raisesCaps({ fxMajor: 30, fxOther: 20 }, { fxMajor: 20, fxOther: 20 })).toBe(false);
  });
});
