import { z } from "zod";
import { moneyString } from "./envelope.js";
import { currency } from "./ledger.js";
import { statementRequest } from "./records.js";
import { orderDirection, quantityString } from "./trading.js";

export * from "./documentTexts.js";

/**
 * The documents a user can check the ledger with (DESIGN §4.1 "Proof and records", §5a "Honesty you can
 * check"): a contract note per fill (`trade/contractNote`), the yearly realised P&L first-in-first-out
 * (`fund/taxReport`, also as a file) and the funds statement as a printable document
 * (`fund/statementDocument`). Every document is printable HTML, written in `language` (DOCUMENT_TEXTS).
 */

const language = statementRequest.shape.language;
const timeZone = statementRequest.shape.timeZone;

/** `trade/contractNote {orderId, language?}`: the note of one of the user's filled orders. */
export const contractNoteRequest = z.object({
  orderId: z.string().uuid(),
  language,
});
export type ContractNoteRequest = z.infer<typeof contractNoteRequest>;

/** The first and last tax year a report is asked for. */
export const TAX_YEAR_MIN = 2000;
export const TAX_YEAR_MAX = 2100;

/** `fund/taxReport {year, currency, timeZone?}`: the calendar year in `timeZone` (default Asia/Kolkata). */
export const taxReportRequest = z.object({
  year: z.number().int().min(TAX_YEAR_MIN).max(TAX_YEAR_MAX),
  currency,
  timeZone,
  language,
});
export type TaxReportRequest = z.infer<typeof taxReportRequest>;

export const TAX_REPORT_FORMATS = ["csv", "html"] as const;
/** `fund/taxReportFile {…, format}`: the same report as a CSV file or a printable document. */
export const taxReportFileRequest = taxReportRequest.extend({ format: z.enum(TAX_REPORT_FORMATS) });
export type TaxReportFileRequest = z.infer<typeof taxReportFileRequest>;

/** One closed lot, or the part of it one closing trade matched (core `ClosedLot`). */
export const taxLot = z.object({
  symbol: z.string(),
  direction: orderDirection,
  /** The order numbers of the opening and the closing trade: different positions under FIFO. */
  openOrderNo: z.string(),
  closeOrderNo: z.string(),
  openedAt: z.string(),
  closedAt: z.string(),
  quantity: quantityString,
  proceeds: moneyString,
  costBasis: moneyString,
  costs: moneyString,
  /** The closing trade's share of negative balance protection (a loss the platform bore). */
  protection: moneyString,
  /** proceeds − cost basis − costs + protection. */
  net: moneyString,
});
export type TaxLot = z.infer<typeof taxLot>;

export const taxReport = z.object({
  year: z.number().int(),
  currency: z.string(),
  timeZone: z.string(),
  /** The year's instants, [from, to). */
  from: z.string(),
  to: z.string(),
  /** Closed in the year, in the order of their closing trades. */
  lots: z.array(taxLot),
  totals: z.object({
    proceeds: moneyString,
    costBasis: moneyString,
    costs: moneyString,
    protection: moneyString,
    net: moneyString,
  }),
  /**
   * The positions closed in the year and their net P&L, as the positions show it (the sum of their fund
   * records). Equal to `totals.net` when each instrument's lots were opened and closed within the year;
   * FIFO moves profit between years when they were not.
   */
  positions: z.object({ count: z.number().int(), net: moneyString }),
});
export type TaxReport = z.infer<typeof taxReport>;
