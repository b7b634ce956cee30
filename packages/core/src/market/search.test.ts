import { describe, expect, it } from "vitest";
import { INDICES, INSTRUMENTS } from "./instruments/index.js";
import { rankQuotes } from "./rankings.js";
import { normalizeSearchText, searchListings } from "./search.js";
import type { Quote } from "./types.js";

const ALL = [...INSTRUMENTS, ...INDICES];
const codes = (query: string, limit?: number) => searchListings(ALL, query, limit).map((i) => i.code);

describe("search", () => {
  it("ranks exact code, then code prefix, then names", () => {
    expect(codes("TCS")[0]).toBe("TCS");
    expect(codes("tata")).toEqual(
      expect.arrayContaining(["TCS", "TATAMOTORS", "TATACAP", "500400", "500470"]),
    );
    expect(codes("tata")[0]).toBe("TATAMOTORS"); // code prefix beats name matches
    expect(codes("KOSPI")[0]).toBe("KOSPI");
    expect(codes("0059")[0]).toBe("005930");
  });

  it("matches names in every language, ignoring case and width", () => {
    expect(codes("삼성전자")[0]).toBe("005930");
    expect(codes("特斯拉")).toEqual(["TSLA"]);
    expect(codes("रिलायंस")[0]).toBe("RELIANCE");
    expect(codes("ธนาคารกรุงเทพ")).toEqual(["BBL"]);
    expect(codes("ＡＡＰＬ")[0]).toBe("AAPL");
    expect(codes("aapl")[0]).toBe("AAPL");
    expect(normalizeSearchText("  Ｔｅｓｌａ  ")).toBe("tesla");
    expect(codes("")).toEqual([]);
    expect(codes("samsung", 2)).toHaveLength(2);
  });

  it("matches Traditional as well as Simplified Chinese names", () => {
    expect(codes("輝達")).toEqual(["NVDA"]);
    expect(codes("英伟达")).toEqual(["NVDA"]);
    expect(codes("三星電子")[0]).toBe("005930");
    expect(codes("三星电子")[0]).toBe("005930");
    expect(codes("泰達電")).toEqual(["DELTA"]);
    expect(codes("比特幣")).toEqual(["BTCUSD"]);
    expect(codes("歐元")).toEqual(["EURUSD"]);
  });
});

describe("rankings", () => {
  const q = (code: string, gain: string, volume: number, turnover: string) =>
    ({ code, gain, volume, turnover }) as Quote;
  const quotes = [
    q("A", "1.50", 10, "100"),
    q("B", "-2.00", 30, "50"),
    q("C", "3.25", 20, "900.5"),
    q("D", "0.00", 5, "1"),
  ];

  it("orders gainers, losers, volume and turnover", () => {
    expect(rankQuotes(quotes, "gainers").map((x) => x.code)).toEqual(["C", "A"]);
    expect(rankQuotes(quotes, "losers").map((x) => x.code)).toEqual(["B"]);
    expect(rankQuotes(quotes, "volume", 2).map((x) => x.code)).toEqual(["B", "C"]);
    expect(rankQuotes(quotes, "turnover").map((x) => x.code)).toEqual(["C", "A", "B", "D"]);
  });
});
