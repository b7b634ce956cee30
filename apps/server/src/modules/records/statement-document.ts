import {
  DOCUMENT_TEXTS,
  STATEMENT_DEFAULT_LANGUAGE,
  STATEMENT_TEXTS,
  type EntryType,
  type StatementLanguage,
} from "@brokerage/api";
import { toBookedString } from "@brokerage/core";
import { html, htmlDocument, registrationBlock } from "../../lib/html.js";
import { zonedDateTime, type StatementPeriod } from "./period.js";
import { sectionOrder, type StatementSection } from "./statement.js";

/**
 * The funds statement as a printable document (a month's, or any period's): per currency and account the
 * opening balance, every posting with its running balance, and the closing balance, as the CSV has them.
 * A reason typed by staff is user-controlled text: `html` escapes it like every value.
 */
export function statementDocument(
  period: StatementPeriod,
  sections: readonly StatementSection[],
  registration: string,
  language: StatementLanguage = STATEMENT_DEFAULT_LANGUAGE,
): string {
  const words = STATEMENT_TEXTS[language];
  const texts = DOCUMENT_TEXTS[language];
  const s = texts.statement;
  const title = s.title(period.from, period.to);
  const section = (part: StatementSection) => {
    const amount = (value: string) => toBookedString(value, part.currency);
    return html` <h2>${s.account(part.currency, words.accounts[part.account])}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">${s.date}</th>
            <th scope="col">${s.type}</th>
            <th scope="col">${s.reference}</th>
            <th scope="col" class="num">${s.amount}</th>
            <th scope="col" class="num">${s.balance}</th>
            <th scope="col">${s.reason}</th>
          </tr>
        </thead>
        <tbody>
          <tr class="total">
            <td>${period.from}</td>
            <td>${s.openingBalance}</td>
            <td></td>
            <td></td>
            <td class="num">${amount(part.opening)}</td>
            <td></td>
          </tr>
          ${part.postings.map(
            (p) =>
              html`<tr>
                <td>${zonedDateTime(period.timeZone, p.createdAt)}</td>
                <td>${words.fundFlow[p.entryType as EntryType] ?? p.entryType}</td>
                <td>${p.reference}</td>
                <td class="num">${amount(p.amount)}</td>
                <td class="num">${amount(p.balanceAfter)}</td>
                <td>${p.reason}</td>
              </tr>`,
          )}
          ${
            part.postings.length === 0
              ? html`<tr>
                  <td colspan="6" class="muted">${s.none}</td>
                </tr>`
              : null
          }
          <tr class="total">
            <td>${period.to}</td>
            <td>${s.closingBalance}</td>
            <td></td>
            <td></td>
            <td class="num">${amount(part.closing)}</td>
            <td></td>
          </tr>
        </tbody>
      </table>`;
  };
  const body = html` <h1>${title}</h1>
    <p>${s.lead(period.timeZone)}</p>
    ${[...sections].sort(sectionOrder).map(section)}
    <p class="muted">${texts.ledgerNote}</p>
    ${registrationBlock(registration, texts)}`;
  return htmlDocument(language, title, body);
}
