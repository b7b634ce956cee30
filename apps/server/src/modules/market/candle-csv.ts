import { candlesFromRecords, type CsvError, type CsvParseResult, type CsvRecord } from "@brokerage/core";
import { CsvError as ReaderError, parse, type Options } from "csv-parse/sync";

/**
 * How a recording is split into records (RFC 4180 quoting, with what spreadsheets and editors add): a
 * UTF-8 byte order mark, CRLF or LF line ends (mixed too), blank lines, and comment lines starting with
 * `#`. Fields are trimmed. Rows of the wrong width are passed on, so the validator can say how wide.
 */
const READER_OPTIONS: Options = {
  bom: true,
  trim: true,
  skip_empty_lines: true,
  comment: "#",
  comment_no_infix: true,
  record_delimiter: ["\r\n", "\n"],
  relax_column_count: true,
  skip_records_with_error: true,
};

/** Line breaks inside a record's quoted fields: the reader counts a record's lines up to its end. */
const breaksIn = (fields: readonly string[]) =>
  fields.reduce((sum, field) => sum + (field.match(/\r\n|\n/g)?.length ?? 0), 0);

/** Splits candle CSV text with csv-parse and validates it (core `candlesFromRecords`). */
export function parseCandleCsv(text: string): CsvParseResult {
  const records: CsvRecord[] = [];
  const readerErrors: CsvError[] = [];
  let lastRecordEnd = 0;
  const onReaderError = (error: ReaderError) => {
    // The reader names the end of the text for an unclosed quote: the quote opened after the last record.
    const unclosed = error.code === "CSV_QUOTE_NOT_CLOSED";
    const line = unclosed || typeof error.lines !== "number" ? lastRecordEnd + 1 : error.lines;
    const message = unclosed ? "a quoted field that starts here or below is never closed" : error.message;
    readerErrors.push({ line, message });
  };
  try {
    parse(text, {
      ...READER_OPTIONS,
      on_record: (fields: string[], { lines }) => {
        records.push({ line: lines - breaksIn(fields), fields });
        lastRecordEnd = lines;
        return null;
      },
      on_skip: (error) => {
        if (error) onReaderError(error);
        return undefined;
      },
    });
  } catch (error) {
    if (!(error instanceof ReaderError)) throw error;
    onReaderError(error);
  }
  return candlesFromRecords(records, readerErrors);
}
