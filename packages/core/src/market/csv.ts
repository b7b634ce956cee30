import { money } from "../money.js";
import type { Candle } from "./types.js";

/**
 * Recorded candles in CSV (see CSV_FORMAT.md):
 *
 *     symbol,time,open,high,low,close,volume[,turnover]
 *     AAPL,2026-03-02T14:30:00Z,241.10,241.85,240.92,241.50,183200,44240000.00
 *
 * The server splits a file into records with a CSV reader (quotes, BOM, CRLF); this module, free of I/O
 * and of any reader, validates them:
 * - The header is required, exactly these names (any case), `turnover` optional.
 * - `time` is the start of the candle: ISO-8601 with a zone (`Z` or `±hh:mm`), a bare date `YYYY-MM-DD`
 *   (a daily candle, 00:00 UTC of that trading date), or integer epoch seconds.
 * - Prices are plain positive decimals; high ≥ open, close, low and low ≤ open, close. Volume is a
 *   non-negative integer. Turnover defaults to close × volume.
 * - A (symbol, time) pair appears once. Rows may come in any order; they are sorted by symbol and time.
 */
/** One record of a file as the reader split it (quotes resolved, fields trimmed) and the line it starts on. */
export interface CsvRecord {
  /** 1-based line number in the text. */
  line: number;
  fields: readonly string[];
}

/** One parsed row: a candle (time in epoch seconds) and its symbol. */
export interface CsvCandleRow extends Candle {
  symbol: string;
}

export interface CsvError {
  /** 1-based line number in the text. */
  line: number;
  message: string;
}

export interface CsvParseResult {
  rows: CsvCandleRow[];
  /** Empty when the file is valid; at most MAX_ERRORS. */
  errors: CsvError[];
}

export const CSV_COLUMNS = ["symbol", "time", "open", "high", "low", "close", "volume", "turnover"] as const;
const MAX_ERRORS = 100;
const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
const SYMBOL = /^[A-Za-z0-9._/-]{1,32}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseCsvTime(text: string): number | undefined {
  if (INTEGER.test(text)) return Number(text);
  if (ISO_DATE.test(text) || ISO_INSTANT.test(text)) {
    const ms = Date.parse(ISO_DATE.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(ms) || (ISO_DATE.test(text) && new Date(ms).toISOString().slice(0, 10) !== text))
      return undefined;
    return Math.floor(ms / 1000);
  }
  return undefined;
}

function parseRow(fields: readonly string[], withTurnover: boolean): CsvCandleRow | string {
  const [symbol = "", timeText = "", open = "", high = "", low = "", close = "", volumeText = "", turnover] =
    fields;
  if (!SYMBOL.test(symbol)) return `invalid symbol "${symbol}"`;
  const time = parseCsvTime(timeText);
  if (time === undefined)
    return `invalid time "${timeText}" (ISO-8601 with zone, YYYY-MM-DD or epoch seconds)`;
  for (const [name, value] of [
    ["open", open],
    ["high", high],
    ["low", low],
    ["close", close],
  ] as const) {
    if (!DECIMAL.test(value) || money(value).isZero())
      return `${name} must be a positive decimal, got "${value}"`;
  }
  const [o, h, l, c] = [open, high, low, close].map(Number) as [number, number, number, number];
  if (h < Math.max(o, c, l)) return "high is below open, close or low";
  if (l > Math.min(o, c)) return "low is above open or close";
  if (!INTEGER.test(volumeText) || !Number.isSafeInteger(Number(volumeText))) {
    return `volume must be a non-negative integer, got "${volumeText}"`;
  }
  const volume = Number(volumeText);
  if (withTurnover && !DECIMAL.test(turnover ?? ""))
    return `turnover must be a non-negative decimal, got "${turnover}"`;
  return {
    symbol,
    time,
    open,
    high,
    low,
    close,
    volume,
    turnover: withTurnover && turnover !== undefined ? turnover : money(close).times(volume).toFixed(),
  };
}

/**
 * Validates the records of a candle file, header first, and reports every bad one (up to 100) with its
 * line. `readerErrors` are the lines the reader could not split (a stray or unclosed quote); they are
 * reported with the others, in line order.
 */
export function candlesFromRecords(
  records: Iterable<CsvRecord>,
  readerErrors: readonly CsvError[] = [],
): CsvParseResult {
  const errors: CsvError[] = [];
  const rows: CsvCandleRow[] = [];
  const seen = new Map<string, number>();
  let header: string[] | undefined;
  for (const { line, fields } of records) {
    if (errors.length >= MAX_ERRORS) break;
    if (!header) {
      header = fields.map((f) => f.toLowerCase());
      const expected = CSV_COLUMNS.slice(0, header.length);
      if ((header.length !== 7 && header.length !== 8) || header.some((f, k) => f !== expected[k])) {
        errors.push({ line, message: `header must be "${CSV_COLUMNS.slice(0, 7).join(",")}[,turnover]"` });
        break;
      }
      continue;
    }
    if (fields.length !== header.length) {
      errors.push({ line, message: `expected ${header.length} fields, found ${fields.length}` });
      continue;
    }
    const row = parseRow(fields, header.length === 8);
    if (typeof row === "string") {
      errors.push({ line, message: row });
      continue;
    }
    const key = `${row.symbol}|${row.time}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, message: `duplicate of line ${first} (${row.symbol} at the same time)` });
      continue;
    }
    seen.set(key, line);
    rows.push(row);
  }
  if (!header && errors.length === 0 && readerErrors.length === 0) {
    errors.push({ line: 1, message: "empty file: the header is missing" });
  }
  rows.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.time - b.time));
  const all = [...errors, ...readerErrors].sort((a, b) => a.line - b.line).slice(0, MAX_ERRORS);
  return { rows, errors: all };
}
