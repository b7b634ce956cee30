import { describe, expect, it } from "vitest";
import { candlesFromRecords, parseCsvTime, type CsvRecord } from "./csv.js";

// Reading the text (quotes, BOM, line ends, comments) is the server's, with csv-parse: its tests are in
// apps/server/src/modules/market/candle-csv.test.ts. Here: what the records must hold.
const HEADER = ["symbol", "time", "open", "high", "low", "close", "volume"];
const records = (...rows: (readonly string[])[]): CsvRecord[] =>
  rows.map((fields, i) => ({ line: i + 1, fields }));

describe("candle CSV times", () => {
  it("reads ISO-8601 with a zone, bare dates and epoch seconds, and nothing else", () => {
    expect(parseCsvTime("2026-03-02T20:00:00+05:30")).toBe(Date.parse("2026-03-02T14:30:00Z") / 1000);
    expect(parseCsvTime("2026-03-02")).toBe(Date.parse("2026-03-02T00:00:00Z") / 1000);
    expect(parseCsvTime("1772400000")).toBe(1772400000);
    expect(parseCsvTime("2026-02-30")).toBeUndefined();
    expect(parseCsvTime("2026-03-02 10:00")).toBeUndefined();
    expect(parseCsvTime("2026-03-02T10:00:00")).toBeUndefined();
  });
});

describe("candle records", () => {
  it("keep the line each record starts on, whatever lies between them", () => {
    const { rows, errors } = candlesFromRecords([
      { line: 3, fields: HEADER },
      { line: 7, fields: ["AAPL", "2026-03-02", "1", "1", "1", "1", "1"] },
      { line: 9, fields: ["AAPL", "2026-03-02", "1", "1", "1", "1", "1"] },
    ]);
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([{ line: 9, message: "duplicate of line 7 (AAPL at the same time)" }]);
  });

  it("report the reader's errors with their own, in line order", () => {
    const { rows, errors } = candlesFromRecords(
      records(
        HEADER,
        ["AAPL", "never", "1", "1", "1", "1", "1"],
        ["AAPL", "2026-03-02", "1", "1", "1", "1", "1"],
      ),
      [{ line: 1, message: "stray quote" }],
    );
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([
      { line: 1, message: "stray quote" },
      { line: 2, message: expect.stringMatching(/^invalid time "never"/) as string },
    ]);
    // A file whose only line the reader refused is that error, not also "empty".
    expect(candlesFromRecords([], [{ line: 1, message: "stray quote" }]).errors).toHaveLength(1);
    expect(candlesFromRecords([]).errors).toEqual([
      { line: 1, message: "empty file: the header is missing" },
    ]);
  });

  it("stop at 100 errors", () => {
    const bad = Array.from({ length: 150 }, () => ["AAPL", "never", "1", "1", "1", "1", "1"]);
    const { errors } = candlesFromRecords(records(HEADER, ...bad));
    expect(errors).toHaveLength(100);
    expect(errors.at(-1)?.line).toBe(101);
  });
});
