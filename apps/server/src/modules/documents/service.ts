import {
  DOCUMENT_TEXTS,
  STATEMENT_DEFAULT_LANGUAGE,
  STATEMENT_DEFAULT_TIME_ZONE,
  STATEMENT_TEXTS,
  type ContractNoteRequest,
  type TaxReport,
  type TaxReportFileRequest,
  type TaxReportRequest,
} from "@brokerage/api";
import { dayNumFromIso, exchangeSpec, zonedToInstant, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { htmlDocument } from "../../lib/html.js";
import { zonedDateTime } from "../records/index.js";
import { getSetting } from "../settings/index.js";
import { decimalsOf, priceText, referenceOf } from "../trading/index.js";
import { contractNoteHtml, noteTrades } from "./contract-note.js";
import * as repo from "./repository.js";
import { taxReportCsv, taxReportHtml, taxReportOf, type TaxYear } from "./tax-report.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

export interface DocumentFile {
  fileName: string;
  contentType: "text/html" | "text/csv";
  body: string;
}

/**
 * Contract notes and the tax report (DESIGN §4.1 "Proof and records"): read-only views of the user's
 * orders and of the postings that booked them, each read in one snapshot so the figures agree. Every read
 * is scoped by the caller's user id: another user's order is not found.
 */
export class DocumentService {
  constructor(private readonly deps: Deps) {}

  /** The contract note of one of the user's orders: a trade per fill, each reconciled to its postings. */
  async contractNote(userId: string, request: ContractNoteRequest): Promise<DocumentFile> {
    const { db, clock, market } = this.deps;
    const read = await db.transaction(
      async (tx) => {
        const row = await repo.ownOrder(tx, userId, request.orderId);
        if (!row) throw new DomainError("NOT_FOUND");
        if (row.openedAt === null) throw new DomainError("CONTRACT_NOTE_UNFILLED");
        const postings = await repo.userPostingsOf(tx, userId, referenceOf(row.id));
        const registration = await getSetting(tx, "platform.registration");
        return { row, postings, registration };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const { row } = read;
    const language = request.language ?? STATEMENT_DEFAULT_LANGUAGE;
    const texts = DOCUMENT_TEXTS[language];
    // Times in the exchange's own zone, as an exchange's contract note states them.
    const timeZone = exchangeSpec(row.exchange)?.calendar.timeZone ?? "UTC";
    const decimals = decimalsOf(market, row);
    const trades = noteTrades(row, read.postings, (price) => priceText(price, decimals));
    const body = contractNoteHtml(
      {
        orderNo: row.orderNo,
        symbol: row.symbol,
        name: market.listing(row.symbol)?.name ?? row.symbol,
        exchange: row.exchange,
        currency: row.currency,
        leverage: row.leverage,
        timeZone,
        generatedAt: `${zonedDateTime(timeZone, clock.now())} (${timeZone})`,
        registration: read.registration,
      },
      trades,
      texts,
      STATEMENT_TEXTS[language],
      (at) => zonedDateTime(timeZone, at),
    );
    return {
      fileName: `contract-note-${row.orderNo}.html`,
      contentType: "text/html",
      body: htmlDocument(language, `${texts.contractNote.title} ${row.orderNo}`, body),
    };
  }

  /** The year's realised P&L first in, first out, with the lots closed in it. */
  async taxReport(userId: string, request: TaxReportRequest): Promise<TaxReport> {
    const timeZone = request.timeZone ?? STATEMENT_DEFAULT_TIME_ZONE;
    const period: TaxYear = {
      year: request.year,
      currency: request.currency,
      timeZone,
      start: new Date(zonedToInstant(timeZone, dayNumFromIso(`${request.year}-01-01`), 0)),
      end: new Date(zonedToInstant(timeZone, dayNumFromIso(`${request.year + 1}-01-01`), 0)),
    };
    const rows = await this.deps.db.transaction(
      (tx) => repo.positionsOpenedBefore(tx, { userId, currency: request.currency, before: period.end }),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    return taxReportOf(rows, period);
  }

  /** The report as a CSV file or a printable document. */
  async taxReportFile(userId: string, request: TaxReportFileRequest): Promise<DocumentFile> {
    const report = await this.taxReport(userId, request);
    const language = request.language ?? STATEMENT_DEFAULT_LANGUAGE;
    const texts = DOCUMENT_TEXTS[language];
    const zoned = (iso: string) => zonedDateTime(report.timeZone, new Date(iso));
    const name = `tax-report-${report.year}-${report.currency}`;
    if (request.format === "csv")
      return { fileName: `${name}.csv`, contentType: "text/csv", body: taxReportCsv(report, texts, zoned) };
    const registration = await getSetting(this.deps.db, "platform.registration");
    return {
      fileName: `${name}.html`,
      contentType: "text/html",
      body: htmlDocument(
        language,
        texts.taxReport.title(String(report.year), report.currency),
        taxReportHtml(report, texts, zoned, registration),
      ),
    };
  }
}
