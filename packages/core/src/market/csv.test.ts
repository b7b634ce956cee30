import { describe, expect, it } from "vitest";
import { parseCandleCsv, parseCsvTime } from "./csv.js";

const GOOD = [
  "# recorded 2026-03-02",
  "symbol,time,open,high,low,close,volume,turnover",
  "AAPL,2026-03-02T14:31:00Z,241.50,241.70,241.20,241.35,95400,23030000.00",
  "AAPL,2026-03-02T14:30:00Z,241.10,241.85,240.92,241.50,183200,44240000.00",
  "",
  "BTCUSD,1772400000,95000.00,95100.00,94900.00,95050.00,12,1140600.00",
].join("\r\n");

describe("candle CSV", () => {
  it("parses a good file, sorted by symbol and time", () => {
    const { rows, errors } = parseCandleCsv(GOOD);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.symbol, r.time])).toEqual([
      ["AAPL", Date.parse("2026-03-02T14:30:00Z") / 1000],
      ["AAPL", Date.parse("2026-03-02T14:31:00Z") / 1000],
      ["BTCUSD", 1772400000],
    ]);
    expect(rows[0]).toMatchObject({
      open: "241.10",
      high: "241.85",
      volume: 183200,
      turnover: "44240000.00",
    });
  });

  it("defaults turnover to close × volume and reads dates as daily candles", () => {
    const { rows, errors } = parseCandleCsv(
      "SYMBOL,Time,Open,High,Low,Close,Volume\nRELIANCE,2026-03-02,1290,1302.4,1281.1,1298.55,100\n",
    );
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ time: Date.parse("2026-03-02T00:00:00Z") / 1000, turnover: "129855" });
    expect(parseCsvTime("2026-03-02T20:00:00+05:30")).toBe(Date.parse("2026-03-02T14:30:00Z") / 1000);
    expect(parseCsvTime("2026-02-30")).toBeUndefined();
    expect(parseCsvTime("2026-03-02 10:00")).toBeUndefined();
  });

  it("reports every bad line with its line number", () => {
    const text = [
      "symbol,time,open,high,low,close,volume",
      "AAPL,2026-03-02T14:30:00Z,241.10,241.85,240.92,241.50,100",
      "AAPL,yesterday,1,1,1,1,1",
      "AAPL,2026-03-02T14:32:00Z,241.10,240.00,240.92,241.50,100",
      "AAPL,2026-03-02T14:33:00Z,-1,1,1,1,1",
      "AAPL,2026-03-02T14:34:00Z,1,1,1,1,1.5",
      "AAPL,2026-03-02T14:35:00Z,1,1,1,1",
      "AAPL,2026-03-02T14:30:00Z,241.10,241.85,240.92,241.50,100",
      "BAD SYMBOL,2026-03-02T14:30:00Z,1,1,1,1,1",
    ].join("\n");
    const { rows, errors } = parseCandleCsv(text);
    expect(rows).toHaveLength(1);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(errors[0]?.message).toMatch(/invalid time/);
    expect(errors[1]?.message).toMatch(/high/);
    expect(errors[2]?.message).toMatch(/open must be a positive decimal/);
    expect(errors[3]?.message).toMatch(/volume/);
    expect(errors[4]?.message).toMatch(/expected 7 fields, found 6/);
    expect(errors[5]?.message).toMatch(/duplicate of line 2/);
    expect(errors[6]?.message).toMatch(/invalid symbol/);
  });

  it("rejects a wrong header and an empty file", () => {
    expect(parseCandleCsv("time,symbol,open,high,low,close,volume\n").errors).toEqual([
      { line: 1, message: 'header must be "symbol,time,open,high,low,close,volume[,turnover]"' },
    ]);
    expect(parseCandleCsv("\n\n").errors[0]?.message).toMatch(/header is missing/);
  });
});
