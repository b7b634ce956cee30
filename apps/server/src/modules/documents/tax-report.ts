import type { DocumentTexts, TaxLot, TaxReport } from "@brokerage/api";
import {
  lotTotals,
  marketValue,
  matchFifo,
  money,
  netPnl,
  quantityText,
  toBookedString,
  tradesOfPosition,
  type BookedPosition,
} from "@brokerage/core";
import { stringify } from "csv-stringify/sync";
import { html, registrationBlock, type Html } from "../../lib/html.js";
import type { PositionRow } from "./repository.js";

/** The year's instants and the positions opened before its end (every lot the year's closes can match). */
export interface TaxYear {
  year: number;
  currency: string;
  timeZone: string;
  start: Date;
  end: Date;
}

/** A position as of the year's end: a close after it has not happened yet for this report. */
function bookedOf(row: PositionRow, end: Date): BookedPosition {
  if (row.openedAt === null || row.openPrice === null) throw new Error(`position ${row.id} never opened`);
  const quantity = quantityText(row.quantity);
  const closed = row.state === "closed" && row.closedAt !== null && row.closedAt < end;
  return {
    orderId: row.id,
    seq: row.seq,
    symbol: row.symbol,
    direction: row.direction,
    quantity,
    openedAt: row.openedAt.toISOString(),
    openValue: marketValue(row.openPrice, quantity, row.currency),
    openCosts: row.openFee,
    close:
      closed && row.closedAt
        ? {
            at: row.closedAt.toISOString(),
            pnl: row.pnl ?? "0",
            costs: money(row.closeFee ?? 0)
              .plus(row.stampDuty ?? 0)
              .toFixed(),
            protection: row.protection ?? "0",
          }
        : null,
  };
}

/**
 * The year's realised P&L first in, first out (core `matchFifo`) over every position opened before the
 * year's end, with the lots closed in the year; and beside it the net P&L of the positions closed in the
 * year as the positions show it, which the lots' net equals when no lot crosses the year or another
 * position of its book.
 */
export function taxReportOf(rows: readonly PositionRow[], period: TaxYear): TaxReport {
  const { currency, start, end } = period;
  const positions = rows.map((row) => bookedOf(row, end));
  const { closed } = matchFifo(
    positions.flatMap((p) => tradesOfPosition(p, currency)),
    currency,
  );
  const inYear = closed.filter(
    (lot) => lot.closedAt >= start.toISOString() && lot.closedAt < end.toISOString(),
  );
  const orderNo = new Map(rows.map((row) => [row.id, row.orderNo]));
  const lots: TaxLot[] = inYear.map((lot) => ({
    symbol: lot.book.slice(0, lot.book.lastIndexOf(":")),
    direction: lot.direction,
    openOrderNo: orderNo.get(lot.openOrderId) ?? "",
    closeOrderNo: orderNo.get(lot.closeOrderId) ?? "",
    openedAt: lot.openedAt,
    closedAt: lot.closedAt,
    quantity: lot.quantity,
    proceeds: lot.proceeds,
    costBasis: lot.costBasis,
    costs: lot.costs,
    protection: lot.protection,
    net: lot.net,
  }));
  const closedInYear = rows.filter(
    (row) => row.state === "closed" && row.closedAt !== null && row.closedAt >= start && row.closedAt < end,
  );
  const positionsNet = closedInYear.reduce(
    (sum, row) =>
      sum.plus(
        netPnl(
          row.pnl ?? "0",
          {
            openFee: row.openFee,
            closeFee: row.closeFee,
            stampDuty: row.stampDuty,
            protection: row.protection,
          },
          { margin: row.margin, currency },
        ).net,
      ),
    money(0),
  );
  return {
    year: period.year,
    currency,
    timeZone: period.timeZone,
    from: start.toISOString(),
    to: end.toISOString(),
    lots,
    totals: lotTotals(inYear, currency),
    positions: { count: closedInYear.length, net: toBookedString(positionsNet, currency) },
  };
}

/** The columns of the CSV and the document, in order. */
const COLUMNS = [
  "instrument",
  "direction",
  "opened",
  "closed",
  "quantity",
  "proceeds",
  "costBasis",
  "costs",
  "protection",
  "net",
] as const;
type Column = (typeof COLUMNS)[number];
const AMOUNTS: readonly Column[] = ["quantity", "proceeds", "costBasis", "costs", "protection", "net"];

function cells(lot: TaxLot, texts: DocumentTexts, zoned: (iso: string) => string): Record<Column, string> {
  const t = texts.taxReport;
  return {
    instrument: lot.symbol,
    direction: lot.direction === "long" ? t.long : t.short,
    opened: `${zoned(lot.openedAt)} (${lot.openOrderNo})`,
    closed: `${zoned(lot.closedAt)} (${lot.closeOrderNo})`,
    quantity: lot.quantity,
    proceeds: lot.proceeds,
    costBasis: lot.costBasis,
    costs: lot.costs,
    protection: lot.protection,
    net: lot.net,
  };
}

function totalCells(report: TaxReport, texts: DocumentTexts): Record<Column, string> {
  return {
    instrument: texts.taxReport.totals,
    direction: "",
    opened: "",
    closed: "",
    quantity: "",
    ...report.totals,
  };
}

/** The report as CSV (RFC 4180, a UTF-8 byte-order mark, CRLF rows), amounts as plain decimals. */
export function taxReportCsv(
  report: TaxReport,
  texts: DocumentTexts,
  zoned: (iso: string) => string,
): string {
  const header = COLUMNS.map((column) => texts.taxReport[column]);
  const rows = [
    header,
    ...report.lots.map((lot) => {
      const c = cells(lot, texts, zoned);
      return COLUMNS.map((column) => c[column]);
    }),
  ];
  const totals = totalCells(report, texts);
  rows.push(COLUMNS.map((column) => totals[column]));
  rows.push([
    texts.taxReport.positionsNet(String(report.positions.count)),
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    report.positions.net,
  ]);
  return stringify(rows, { bom: true, record_delimiter: "windows" });
}

/** The report as printable markup. */
export function taxReportHtml(
  report: TaxReport,
  texts: DocumentTexts,
  zoned: (iso: string) => string,
  registration: string,
): Html {
  const t = texts.taxReport;
  const num = (column: Column) => AMOUNTS.includes(column);
  const row = (c: Record<Column, string>, total = false) =>
    html`<tr class="${total ? "total" : ""}">
      ${COLUMNS.map((column) => html`<td class="${num(column) ? "num" : ""}">${c[column]}</td>`)}
    </tr>`;
  return html` <h1>${t.title(String(report.year), report.currency)}</h1>
    <p>${t.lead(report.timeZone)}</p>
    <table>
      <thead>
        <tr>
          ${COLUMNS.map((column) => html`<th scope="col" class="${num(column) ? "num" : ""}">${t[column]}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${
          report.lots.length === 0
            ? html`<tr>
                <td colspan="${COLUMNS.length}">${t.none}</td>
              </tr>`
            : report.lots.map((lot) => row(cells(lot, texts, zoned)))
        }
        ${row(totalCells(report, texts), true)}
      </tbody>
    </table>
    <p>${t.positionsNet(String(report.positions.count))}: ${report.positions.net} ${report.currency}</p>
    <p class="muted">${texts.ledgerNote}</p>
    ${registrationBlock(registration, texts)}`;
}
