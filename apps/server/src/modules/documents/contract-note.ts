import type { ChargeLine, DocumentTexts, EntryType, RecordAccount, StatementTexts } from "@brokerage/api";
import {
  isTax,
  marketValue,
  money,
  quantityText,
  toBookedString,
  tradeSideOf,
  type PositionLeg,
  type TradeSide,
} from "@brokerage/core";
import { html, registrationBlock, type Html } from "../../lib/html.js";
import type { BookedPosting, OrderRow } from "./repository.js";

/** One fill of an order: the trade that opened the position, or the one that closed it. */
export interface NoteTrade {
  leg: PositionLeg;
  /** The order number and the leg: `T0000000042-1` opens, `-2` closes. */
  tradeNo: string;
  at: Date;
  side: TradeSide;
  price: string;
  quantity: string;
  value: string;
  /** Component by component, as the order keeps them; their sum is the trade's charges. */
  lines: ChargeLine[];
  fees: string;
  taxes: string;
  charges: string;
  /** Value plus charges for a purchase, less them for a sale. */
  net: string;
  /** The ledger's postings of this fill on the user's accounts, and the charges they booked. */
  postings: { entryId: number; type: string; account: string; amount: string }[];
  booked: { fees: string; taxes: string };
  reconciled: boolean;
  /** The closing trade's booked P&L (gross) and negative balance protection. */
  pnl?: string;
  protection?: string;
}

/** Whether an entry belongs to the leg: the opening fill's run from `openEntryId`, the close's from `closeEntryId`. */
function inLeg(row: OrderRow, leg: PositionLeg, entryId: number): boolean {
  if (leg === "close") return row.closeEntryId !== null && entryId >= row.closeEntryId;
  return entryId >= (row.openEntryId ?? 0) && (row.closeEntryId === null || entryId < row.closeEntryId);
}

/** The charges the ledger booked in a leg: what the user's `fee` and `stampDuty` postings took. */
function bookedCharges(row: OrderRow, leg: PositionLeg, postings: readonly BookedPosting[]) {
  let fees = money(0);
  let taxes = money(0);
  for (const p of postings) {
    if (!inLeg(row, leg, p.entryId)) continue;
    if (p.entryType === "fee") fees = fees.minus(p.amount);
    if (p.entryType === "stampDuty") taxes = taxes.minus(p.amount);
  }
  return { fees: toBookedString(fees, row.currency), taxes: toBookedString(taxes, row.currency) };
}

const linesOf = (text: string | null): ChargeLine[] | null =>
  text === null ? null : (JSON.parse(text) as ChargeLine[]);

/**
 * The trades of a filled order, each reconciled to the ledger: its charges, as the order keeps them
 * component by component, against the fee and tax postings its fill booked. A row filled before charges
 * were kept by component shows the booked amounts as its lines.
 */
export function noteTrades(
  row: OrderRow,
  postings: readonly BookedPosting[],
  priceOf: (price: string) => string,
): NoteTrade[] {
  const { currency } = row;
  const quantity = quantityText(row.quantity);
  const legs: { leg: PositionLeg; at: Date | null; price: string | null; lines: string | null }[] = [
    { leg: "open", at: row.openedAt, price: row.openPrice, lines: row.openCharges },
    { leg: "close", at: row.closedAt, price: row.closePrice, lines: row.closeCharges },
  ];
  return legs.flatMap(({ leg, at, price, lines: text }): NoteTrade[] => {
    if (at === null || price === null) return [];
    const booked = bookedCharges(row, leg, postings);
    const lines = linesOf(text) ?? [
      { id: "commission", kind: "commission", amount: booked.fees },
      { id: "stampDuty", kind: "stampDuty", amount: booked.taxes },
    ];
    const sum = (tax: boolean) =>
      toBookedString(
        lines.filter((l) => isTax(l.kind) === tax).reduce((s, l) => s.plus(l.amount), money(0)),
        currency,
      );
    const fees = sum(false);
    const taxes = sum(true);
    const charges = toBookedString(money(fees).plus(taxes), currency);
    const side = tradeSideOf(row.direction, leg);
    const value = marketValue(price, quantity, currency);
    const net = side === "buy" ? money(value).plus(charges) : money(value).minus(charges);
    return [
      {
        leg,
        tradeNo: `${row.orderNo}-${leg === "open" ? 1 : 2}`,
        at,
        side,
        price: priceOf(price),
        quantity,
        value,
        lines,
        fees,
        taxes,
        charges,
        net: toBookedString(net, currency),
        postings: postings
          .filter((p) => inLeg(row, leg, p.entryId))
          .map((p) => ({
            entryId: p.entryId,
            type: p.entryType,
            account: p.purpose,
            amount: toBookedString(p.amount, currency),
          })),
        booked,
        reconciled: money(fees).equals(booked.fees) && money(taxes).equals(booked.taxes),
        ...(leg === "close"
          ? {
              pnl: toBookedString(row.pnl ?? "0", currency),
              protection: toBookedString(row.protection ?? "0", currency),
            }
          : {}),
      },
    ];
  });
}

export interface NoteHeader {
  orderNo: string;
  symbol: string;
  name: string;
  exchange: string;
  currency: string;
  leverage: number;
  timeZone: string;
  generatedAt: string;
  registration: string;
}

/** The note as printable markup: the order, each trade with its charges, and its reconciliation. */
export function contractNoteHtml(
  header: NoteHeader,
  trades: readonly NoteTrade[],
  texts: DocumentTexts,
  words: StatementTexts,
  zoned: (at: Date) => string,
): Html {
  const c = texts.contractNote;
  const cur = header.currency;
  const chargeName = (line: ChargeLine) => texts.chargeNames[line.id] ?? texts.chargeKinds[line.kind];
  const tradeBlock = (trade: NoteTrade) =>
    html` <section aria-labelledby="trade-${trade.leg}">
      <h2 id="trade-${trade.leg}">${trade.leg === "open" ? c.opening : c.closing}</h2>
      <dl>
        <dt>${c.tradeNo}</dt>
        <dd>${trade.tradeNo}</dd>
        <dt>${c.time(header.timeZone)}</dt>
        <dd>${zoned(trade.at)}</dd>
        <dt>${c.side}</dt>
        <dd>${trade.side === "buy" ? c.buy : c.sell}</dd>
        <dt>${c.price}</dt>
        <dd>${trade.price} ${cur}</dd>
        <dt>${c.quantity}</dt>
        <dd>${trade.quantity}</dd>
        <dt>${c.value}</dt>
        <dd>${trade.value} ${cur}</dd>
      </dl>
      <table>
        <caption class="muted">
          ${c.charges} (${cur})
        </caption>
        <thead>
          <tr>
            <th scope="col">${c.charge}</th>
            <th scope="col" class="num">${c.amount}</th>
          </tr>
        </thead>
        <tbody>
          ${trade.lines.map(
            (line) =>
              html`<tr>
                <td>${chargeName(line)}</td>
                <td class="num">${line.amount}</td>
              </tr>`,
          )}
          <tr class="total">
            <td>${c.totalCharges}</td>
            <td class="num">${trade.charges}</td>
          </tr>
          <tr class="total">
            <td>${trade.side === "buy" ? c.buyTotal : c.sellTotal}</td>
            <td class="num">${trade.net}</td>
          </tr>
          ${
            trade.pnl === undefined
              ? null
              : html`<tr>
                  <td>${c.realisedPnl}</td>
                  <td class="num">${trade.pnl}</td>
                </tr>`
          }
          ${
            trade.protection === undefined || money(trade.protection).isZero()
              ? null
              : html`<tr>
                  <td>${c.protection}</td>
                  <td class="num">${trade.protection}</td>
                </tr>`
          }
        </tbody>
      </table>
      <h3>${c.reconciliation}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">${c.entry}</th>
            <th scope="col">${c.entryType}</th>
            <th scope="col">${words.columns.account}</th>
            <th scope="col" class="num">${c.amount}</th>
          </tr>
        </thead>
        <tbody>
          ${trade.postings.map(
            (p) =>
              html`<tr>
                <td>#${p.entryId}</td>
                <td>${words.fundFlow[p.type as EntryType] ?? p.type}</td>
                <td>${words.accounts[p.account as RecordAccount] ?? p.account}</td>
                <td class="num">${p.amount}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p class="${trade.reconciled ? "ok" : "bad"}" data-reconciled="${String(trade.reconciled)}">
        ${trade.reconciled ? c.reconciled : c.notReconciled}
      </p>
    </section>`;
  return html` <h1>${c.title}</h1>
    <p class="muted">${texts.generated(header.generatedAt)}</p>
    <dl>
      <dt>${c.orderNo}</dt>
      <dd>${header.orderNo}</dd>
      <dt>${c.instrument}</dt>
      <dd>${header.name} (${header.symbol})</dd>
      <dt>${c.exchange}</dt>
      <dd>${header.exchange}</dd>
      <dt>${c.leverage}</dt>
      <dd>${header.leverage}×</dd>
    </dl>
    ${trades.map(tradeBlock)}
    <p class="muted">${texts.ledgerNote}</p>
    ${registrationBlock(header.registration, texts)}`;
}
