import {
  CURRENCIES,
  RECORD_ACCOUNTS,
  STATEMENT_DEFAULT_LANGUAGE,
  STATEMENT_TEXTS,
  type EntryType,
  type RecordAccount,
  type StatementLanguage,
} from "@brokerage/api";
import { toBookedString } from "@brokerage/core";
import { stringify } from "csv-stringify/sync";
import { zonedDateTime, type StatementPeriod } from "./period.js";
import type { RecordRow } from "./repository.js";

/** One account of the statement: its balance at the start, its postings in the period, its balance at the end. */
export interface StatementSection {
  currency: string;
  account: RecordAccount;
  opening: string;
  closing: string;
  postings: RecordRow[];
}

/** The columns, in order: their names in each language are STATEMENT_TEXTS' `columns`. */
export const STATEMENT_COLUMNS = [
  "currency",
  "account",
  "date",
  "type",
  "typeCode",
  "reference",
  "amount",
  "balance",
  "reason",
] as const;

/** Currencies in the contract's order (USD, THB, INR …), then any other alphabetically; accounts likewise. */
export function sectionOrder(a: StatementSection, b: StatementSection): number {
  const rank = (currency: string) => {
    const index = (CURRENCIES as readonly string[]).indexOf(currency);
    return index === -1 ? CURRENCIES.length : index;
  };
  return (
    rank(a.currency) - rank(b.currency) ||
    a.currency.localeCompare(b.currency) ||
    RECORD_ACCOUNTS.indexOf(a.account) - RECORD_ACCOUNTS.indexOf(b.account)
  );
}

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return) is written
 * with a leading apostrophe (OWASP "CSV injection"): a reason is typed by staff and must stay text.
 */
function asText(value: string | null): string {
  if (value === null) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The funds statement as CSV (RFC 4180: CRLF rows, fields with a comma, quote or line break quoted, quotes
 * doubled; a UTF-8 byte-order mark so spreadsheet programs read non-Latin text right). One header row,
 * then per currency and account an opening balance row, every posting with the account's running
 * balance (the `balance_after` the account screen's figures come from), and a closing balance row.
 * Amounts are plain decimals at the currency's scale, without grouping, so spreadsheets read them as numbers.
 * The headers, balance rows, account and type names are in `language`; the type code (the stable English
 * `entry_type`), amounts, dates and references are the same in every language.
 */
export function statementCsv(
  period: StatementPeriod,
  sections: readonly StatementSection[],
  language: StatementLanguage = STATEMENT_DEFAULT_LANGUAGE,
): string {
  const texts = STATEMENT_TEXTS[language];
  const header = STATEMENT_COLUMNS.map((column) =>
    column === "date" ? texts.columns.date(period.timeZone) : texts.columns[column],
  );
  const rows: string[][] = [header];
  for (const section of [...sections].sort(sectionOrder)) {
    const { currency } = section;
    const account = texts.accounts[section.account];
    const amount = (value: string) => toBookedString(value, currency);
    rows.push([
      currency,
      account,
      period.from,
      texts.openingBalance,
      "",
      "",
      "",
      amount(section.opening),
      "",
    ]);
    for (const posting of section.postings)
      rows.push([
        currency,
        account,
        zonedDateTime(period.timeZone, posting.createdAt),
        // A type the contract does not know yet (a newer server's row) is named by its code.
        texts.fundFlow[posting.entryType as EntryType] ?? posting.entryType,
        posting.entryType,
        asText(posting.reference),
        amount(posting.amount),
        amount(posting.balanceAfter),
        asText(posting.reason),
      ]);
    rows.push([currency, account, period.to, texts.closingBalance, "", "", "", amount(section.closing), ""]);
  }
  return stringify(rows, { bom: true, record_delimiter: "windows" });
}

/** `funds-statement-2026-11-01-to-2026-11-30[-USD].csv` */
export function statementFileName(period: StatementPeriod, currency?: string): string {
  return `funds-statement-${period.from}-to-${period.to}${currency ? `-${currency}` : ""}.csv`;
}
