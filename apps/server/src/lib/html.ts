import { createHash } from "node:crypto";
import type { DocumentTexts } from "@brokerage/api";
import type { FastifyReply } from "fastify";

/**
 * Printable HTML documents (contract notes, the tax report, statements): one page of static markup, no
 * script, one fixed stylesheet. Every text that comes from data (a symbol, a reason staff typed, the
 * platform's registration) goes through `escapeHtml` by being passed to `html` as a value, never as
 * markup; only what `html` itself built is markup (`Html`), so a value cannot open a tag.
 */

/** Markup built by `html`: the only thing written into a document unescaped. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** A text made safe for an element's content and for a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map((v: Value) => render(v)).join("");
  return escapeHtml(String(value as string | number));
}

/** A tagged template: the literal parts are markup, every value is escaped (or kept, if it is `Html`). */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new Html(out);
}

/**
 * The documents' stylesheet: A4 portrait when printed, a phone's width on screen. Its SHA-256 is allowed
 * by the app's content security policy (`DOCUMENT_STYLE_HASH`), so a document the app shows in a frame
 * is styled without allowing any other inline style.
 */
export const DOCUMENT_CSS = [
  "@page{size:A4;margin:16mm}",
  "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;color:#111;margin:16px;max-width:960px}",
  "h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:20px 0 6px}",
  "p{margin:4px 0}.muted{color:#555}.registration{border:1px solid #999;padding:8px;margin-top:16px}.registration p{white-space:pre-line}",
  "table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border-bottom:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top}",
  "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}",
  "tr.total td{font-weight:600;border-top:2px solid #333}",
  ".ok{color:#0a6b2d}.bad{color:#a50e0e;font-weight:600}",
  "dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}dt{color:#555}dd{margin:0}",
  "@media print{body{margin:0}a{color:inherit}}",
].join("");

export const DOCUMENT_STYLE_HASH = `'sha256-${createHash("sha256").update(DOCUMENT_CSS).digest("base64")}'`;

/** The platform's registration as configured, or the statement that there is none. */
export function registrationBlock(registration: string, texts: DocumentTexts): Html {
  const text = registration.trim() === "" ? texts.registrationUnset : registration.trim();
  return html`<div class="registration">
    <strong>${texts.registration}</strong>
    <p>${text}</p>
  </div>`;
}

/** A whole document: language, title, the stylesheet, the body. */
export function htmlDocument(language: string, title: string, body: Html): string {
  const head = html`<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width,initial-scale=1" />
    <title>${title}</title>`;
  // The stylesheet exactly as hashed: a formatter must not add a byte inside the element.
  const style = `<style>${DOCUMENT_CSS}</style>`;
  return `<!doctype html><html lang="${escapeHtml(language)}"><head>${head.markup}${style}</head><body>${body.markup}</body></html>`;
}

/**
 * A document to open or save, for this user only: never kept by a cache; nothing in it may run or load
 * (the one stylesheet is inline and allowed by its hash), and no other site may frame it.
 */
export function sendHtml(reply: FastifyReply, fileName: string, document: string) {
  return reply
    .type("text/html; charset=utf-8")
    .header("content-disposition", `inline; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      `default-src 'none';style-src ${DOCUMENT_STYLE_HASH};img-src data:;base-uri 'none';form-action 'none';frame-ancestors 'none'`,
    )
    .send(Buffer.from(document, "utf8"));
}

/** A file to save, for this user only: never kept by a browser cache or a proxy. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(Buffer.from(csv, "utf8"));
}
