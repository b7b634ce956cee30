import { describe, expect, it } from "vitest";
import { parseCandleCsv } from "./candle-csv.js";

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
    expect(parseCandleCsv("").errors[0]?.message).toMatch(/header is missing/);
    expect(parseCandleCsv("# only a comment\n   \n").errors[0]?.message).toMatch(/header is missing/);
  });
});

describe("candle CSV as spreadsheets write it", () => {
  const HEADER = "symbol,time,open,high,low,close,volume";

  it("reads quoted fields, doubled quotes and spaces around them as the plain values", () => {
    const { rows, errors } = parseCandleCsv(
      [
        `"symbol","time","open","high","low","close","volume"`,
        `"AAPL","2026-03-02T14:30:00Z","241.10","241.85","240.92","241.50","183200"`,
        `  "AAPL" , 2026-03-02T14:31:00Z ,241.50, "241.70",241.20,241.35,95400`,
      ].join("\n"),
    );
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ symbol: "AAPL", open: "241.10", close: "241.50", volume: 183200 });
    expect(rows[1]).toMatchObject({ symbol: "AAPL", high: "241.70" });
    // A doubled quote is one quote inside the field; here it makes the symbol invalid, not the line.
    expect(parseCandleCsv(`${HEADER}\n"AA""PL",2026-03-02,1,1,1,1,1`).errors).toEqual([
      { line: 2, message: 'invalid symbol "AA"PL"' },
    ]);
  });

  it("keeps a quoted comma inside its field instead of splitting the line there", () => {
    const { rows, errors } = parseCandleCsv(
      [HEADER, `AAPL,2026-03-02,"1,290.00",1302.40,1281.10,1298.55,100`, `AAPL,2026-03-03,1,1,1,1,1`].join(
        "\n",
      ),
    );
    // Seven fields, the third "1,290.00": a thousands separator, which the format refuses by name.
    expect(errors).toEqual([{ line: 2, message: 'open must be a positive decimal, got "1,290.00"' }]);
    expect(rows).toHaveLength(1);
  });

  it("reads CRLF, LF and a mix of the two, with the same line numbers", () => {
    const lines = [HEADER, "AAPL,2026-03-02,1,1,1,1,1", "AAPL,yesterday,1,1,1,1,1"];
    for (const text of [
      lines.join("\r\n"),
      `${lines.join("\n")}\n`,
      `${lines[0]}\r\n${lines[1]}\n${lines[2]}\r\n`,
    ]) {
      const { rows, errors } = parseCandleCsv(text);
      expect(
        rows.map((r) => r.symbol),
        JSON.stringify(text),
      ).toEqual(["AAPL"]);
      expect(
        errors.map((e) => e.line),
        JSON.stringify(text),
      ).toEqual([3]);
    }
  });

  it("ignores a UTF-8 byte order mark before the header", () => {
    const { rows, errors } = parseCandleCsv(`\uFEFF${HEADER}\r\nAAPL,2026-03-02,1,1,1,1,1\r\n`);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
  });

  it("skips comment and blank lines, indented ones too, but keeps a # inside a field", () => {
    const { errors } = parseCandleCsv([HEADER, "  # a note", "   ", "AAPL,#1,1,1,1,1,1"].join("\n"));
    expect(errors).toEqual([{ line: 4, message: expect.stringMatching(/invalid time "#1"/) as string }]);
  });

  it("reports a line break inside quotes at the line where its record starts", () => {
    const { errors } = parseCandleCsv(
      [HEADER, `"AA`, `PL",2026-03-02,1,1,1,1,1`, "BAD!,2026-03-02,1,1,1,1,1"].join("\n"),
    );
    expect(errors.map((e) => e.line)).toEqual([2, 4]);
    expect(errors[0]?.message).toMatch(/invalid symbol/);
  });

  it("reports a stray quote and an unclosed one, and changes nothing for the good lines before them", () => {
    const stray = parseCandleCsv(
      [HEADER, "AAPL,2026-03-02,1,1,1,1,1", `AA"PL,2026-03-03,1,1,1,1,1`].join("\n"),
    );
    expect(stray.rows).toHaveLength(1);
    expect(stray.errors).toEqual([{ line: 3, message: expect.stringMatching(/quote/i) as string }]);

    const unclosed = parseCandleCsv(
      [HEADER, "AAPL,2026-03-02,1,1,1,1,1", `AAPL,"2026-03-03,1,1,1,1,1`, "AAPL,2026-03-04,1,1,1,1,1"].join(
        "\n",
      ),
    );
    expect(unclosed.rows).toHaveLength(1);
    expect(unclosed.errors).toEqual([
      { line: 3, message: "a quoted field that starts here or below is never closed" },
    ]);
  });

  it("reports reader and value errors together in line order, at most 100", () => {
    const bad = Array.from({ length: 150 }, (_, i) =>
      i % 2 ? `A"B,2026-03-02,1,1,1,1,1` : "AAPL,never,1,1,1,1,1",
    );
    const { errors } = parseCandleCsv([HEADER, ...bad].join("\n"));
    expect(errors).toHaveLength(100);
    expect(errors.map((e) => e.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
  });
});
