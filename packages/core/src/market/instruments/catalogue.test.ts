import { describe, expect, it } from "vitest";
import { CORPORATE_ACTIONS } from "../corporate-actions.js";
import { isTradingDay } from "../calendar.js";
import { INDICES, INSTRUMENTS } from "./index.js";

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
      expect(i.lotSize).toBe(1);
      expect(i.basePrice).toBeGreaterThan(0);
      expect(i.volatility).toBeGreaterThan(0);
      if (i.kind === "stock") {
        expect(i.sharesOutstanding ?? 0).toBeGreaterThan(0);
        expect(i.foreignOwnership ?? -1).toBeGreaterThanOrEqual(0);
        expect(i.industry).not.toBeNull();
      }
    }
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
