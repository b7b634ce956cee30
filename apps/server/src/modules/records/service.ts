import {
  FUND_RECORDS_PAGE_SIZE,
  type EntryType,
  type FundRecord,
  type FundRecordPage,
  type FundRecordsRequest,
  type RecordAccount,
  type StatementRequest,
} from "@brokerage/api";
import { money, toBookedString } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { getSetting } from "../settings/index.js";
import { statementPeriod, type StatementPeriod } from "./period.js";
import { statementDocument } from "./statement-document.js";
import * as repo from "./repository.js";
import { statementCsv, statementFileName, type StatementSection } from "./statement.js";

interface Deps {
  db: Db;
}

/** The cursor of fund records: the id of the page's last (oldest) posting. */
const cursor = seqCursor("fundrec", BIGINT_SEQ_MAX);

function toFundRecord(row: repo.RecordRow): FundRecord {
  return {
    id: String(row.id),
    type: row.entryType as EntryType,
    account: row.purpose as RecordAccount,
    currency: row.currency,
    amount: toBookedString(row.amount, row.currency),
    balanceAfter: toBookedString(row.balanceAfter, row.currency),
    reference: row.reference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface Statement {
  fileName: string;
  csv: string;
}

/**
 * Fund records and the funds statement (DESIGN §5: views of the user's postings). Read-only: nothing here
 * moves money. Every read is scoped by the caller's user id, so a cursor or a filter can only narrow the
 * caller's own postings.
 */
export class RecordService {
  constructor(private readonly deps: Deps) {}

  /** Newest first, FUND_RECORDS_PAGE_SIZE a page; `nextCursor` is null on the last page. */
  async list(userId: string, request: FundRecordsRequest): Promise<FundRecordPage> {
    const beforeId = request.cursor === undefined ? undefined : cursor.decode(request.cursor);
    // One row more than a page tells whether another page follows without a count.
    const rows = await repo.listPage(this.deps.db, {
      userId,
      type: request.type,
      currency: request.currency,
      reference: request.reference,
      beforeId,
      limit: FUND_RECORDS_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, FUND_RECORDS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toFundRecord),
      nextCursor: rows.length > FUND_RECORDS_PAGE_SIZE && last ? cursor.encode(last.id) : null,
    };
  }

  /**
   * The statement of a period: per currency (the one asked, or every one the user has an account in) the
   * available account always, and each other account (frozen, margin, loan) that moved in the period or
   * holds money at either end. Read in one read-only snapshot, so the balances and postings agree.
   */
  async statement(userId: string, request: StatementRequest): Promise<Statement> {
    const period = statementPeriod(request);
    const sections = await this.sections(userId, request, period);
    return {
      fileName: statementFileName(period, request.currency),
      csv: statementCsv(period, sections, request.language),
    };
  }

  /** The same statement as a printable document (`fund/statementDocument`), the platform's registration last. */
  async statementDocument(
    userId: string,
    request: StatementRequest,
  ): Promise<{ fileName: string; html: string }> {
    const period = statementPeriod(request);
    const sections = await this.sections(userId, request, period);
    const registration = await getSetting(this.deps.db, "platform.registration");
    return {
      fileName: statementFileName(period, request.currency).replace(/\.csv$/, ".html"),
      html: statementDocument(period, sections, registration, request.language),
    };
  }

  private async sections(
    userId: string,
    request: StatementRequest,
    period: StatementPeriod,
  ): Promise<StatementSection[]> {
    const sections = await this.deps.db.transaction(
      async (tx) => {
        const accounts = await repo.statementAccounts(tx, {
          userId,
          currency: request.currency,
          start: period.start,
          end: period.end,
        });
        const found: StatementSection[] = [];
        for (const account of accounts) {
          const postings =
            account.closingId === null || account.closingId === account.openingId
              ? []
              : await repo.accountPostings(tx, {
                  userId,
                  accountId: account.accountId,
                  afterId: account.openingId,
                  throughId: account.closingId,
                });
          const idle =
            postings.length === 0 && money(account.opening).isZero() && money(account.closing).isZero();
          if (account.purpose !== "available" && idle) continue;
          found.push({
            currency: account.currency,
            account: account.purpose as RecordAccount,
            opening: account.opening,
            closing: account.closing,
            postings,
          });
        }
        return found;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    // A currency asked for by name is stated even before its first posting: zero to zero.
    if (request.currency && sections.length === 0)
      sections.push({
        currency: request.currency,
        account: "available",
        opening: "0",
        closing: "0",
        postings: [],
      });
    return sections;
  }
}
