import { describe, expect, it } from "vitest";
import { CORPORATE_ACTIONS } from "../corporate-actions.js";
import { isTradingDay } from "../calendar.js";
import { BOARD_LOTS, CRYPTO_STEPS, QUANTITY_DECIMALS } from "../lots.js";
import { money } from "../../money.js";
import { INDICES, INSTRUMENTS } from "./index.js";
import { ZH_TW_CURRENCY_NAMES, ZH_TW_NAMES } from "./names-zh-tw.js";

/** Characters found only in Simplified Chinese (their Traditional forms differ), for the zh-TW names. */
const SIMPLIFIED_ONLY = [
  ..."国车电银发业实团汇币济险药华门东产乐龙为与医这们导计动进铁钢网讯联资务际亚马韩达兴众荣贸设开盘万气",
];

describe("instrument catalogue", () => {
  it("has unique symbols and at least 30 stocks per stock market, spread over the exchanges", () => {
    const symbols = [...INSTRUMENTS, ...INDICES].map((i) => i.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const market of ["IN", "US", "KR", "MY", "TH"]) {
      const stocks = INSTRUMENTS.filter((i) => i.market === market && i.kind === "stock");
      expect(stocks.length, market).toBeGreaterThanOrEqual(30);
      for (const board of ["otc", "subscription", "auction"]) {
        expect(
          stocks.some((s) => s.board === board),
          `${market} ${board}`,
        ).toBe(true);
      }
    }
    for (const exchange of ["NSE", "BSE", "NYSE", "NASDAQ", "KRX", "KOSDAQ"]) {
      expect(INSTRUMENTS.filter((i) => i.exchange === exchange).length, exchange).toBeGreaterThanOrEqual(10);
    }
  });

  it("carries every stock field, localised names and sane parameters", () => {
    for (const i of INSTRUMENTS) {
      expect(
        Object.values(i.names).every((n) => n.length > 0),
        i.symbol,
      ).toBe(true);
      expect(i.lotSize, i.symbol).toBe(i.kind === "stock" ? BOARD_LOTS[i.market] : 1);
      expect(i.basePrice).toBeGreaterThan(0);
      expect(i.volatility).toBeGreaterThan(0);
      if (i.kind === "stock") {
        expect(i.sharesOutstanding ?? 0).toBeGreaterThan(0);
        expect(i.foreignOwnership ?? -1).toBeGreaterThanOrEqual(0);
        expect(i.industry).not.toBeNull();
      }
    }
  });

  it("gives every listing a Traditional Chinese name from the zh-TW table, in Traditional characters", () => {
    const listings = [...INSTRUMENTS, ...INDICES];
    for (const l of listings) {
      const { zhTW } = l.names;
      expect(zhTW.trim(), l.symbol).not.toBe("");
      expect(
        SIMPLIFIED_ONLY.filter((c) => zhTW.includes(c)),
        `${l.symbol} ${zhTW}`,
      ).toEqual([]);
      if (l.kind === "forex") {
        for (const currency of [l.code.slice(0, 3), l.code.slice(3)])
          expect(ZH_TW_CURRENCY_NAMES[currency], `${l.symbol} ${currency}`).toBeDefined();
      } else {
        expect(ZH_TW_NAMES[l.code], l.symbol).toBe(zhTW);
      }
    }
    // No stray (mistyped) codes in the table.
    const codes = new Set(listings.map((l) => l.code));
    expect(Object.keys(ZH_TW_NAMES).filter((code) => !codes.has(code))).toEqual([]);
    // Taiwanese usage, not a conversion of the Simplified name.
    const zhTW = (code: string) => listings.find((l) => l.code === code)?.names.zhTW;
    expect(zhTW("NVDA")).toBe("輝達");
    expect(zhTW("005930")).toBe("三星電子");
    expect(zhTW("AAPL")).toBe("蘋果");
    expect(zhTW("BTCUSD")).toBe("比特幣");
    expect(zhTW("EURUSD")).toBe("歐元/美元");
    expect(zhTW("SPX")).toBe("標普500指數");
  });

  it("steps each order by its board lot, a fraction of a coin, or a fraction of a US share at market", () => {
    for (const i of INSTRUMENTS) {
      const step = money(i.quantityStep);
      expect(step.greaterThan(0), i.symbol).toBe(true);
      expect(step.decimalPlaces(), i.symbol).toBeLessThanOrEqual(QUANTITY_DECIMALS);
      expect(money(i.marketQuantityStep).decimalPlaces(), i.symbol).toBeLessThanOrEqual(QUANTITY_DECIMALS);
      if (i.kind === "stock") expect(i.quantityStep, i.symbol).toBe(String(BOARD_LOTS[i.market]));
      if (i.kind === "stock" && i.market === "US") expect(i.marketQuantityStep).toBe("0.0001");
      else expect(i.marketQuantityStep, i.symbol).toBe(i.quantityStep);
      // A ~1 USD order is possible on every crypto pair: one step is worth at most 1 USD at its base price.
      if (i.kind === "crypto") {
        expect(CRYPTO_STEPS[i.symbol.replace(/USD$/, "")], i.symbol).toBe(i.quantityStep);
        expect(step.times(i.basePrice).lessThanOrEqualTo(1), i.symbol).toBe(true);
      }
    }
    expect(
      INSTRUMENTS.filter((i) => i.market === "MY" || i.market === "TH").every((i) => i.lotSize === 100),
    ).toBe(true);
  });

  it("lists the main cryptocurrencies and forex pairs", () => {
    const codes = INSTRUMENTS.map((i) => i.code);
    for (const c of ["BTC", "ETH", "SOL", "XRP", "BNB", "DOGE", "ADA", "TRX", "AVAX", "DOT"])
      expect(codes).toContain(`${c}USD`);
    const pairs = ["EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "USDCHF", "USDCAD", "USDINR", "USDKRW", "USDTHB"];
    for (const p of [...pairs, "USDMYR", "USDCNY", "USDHKD", "USDTWD"]) expect(codes).toContain(p);
  });

  it("puts corporate actions on known symbols and trading days", () => {
    for (const a of CORPORATE_ACTIONS) {
      const instrument = INSTRUMENTS.find((i) => i.symbol === a.symbol);
      expect(instrument, a.symbol).toBeDefined();
      expect(isTradingDay(instrument?.exchange ?? "NSE", a.exDate), `${a.symbol} ${a.exDate}`).toBe(true);
    }
  });
});
