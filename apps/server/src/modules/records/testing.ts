import type { EntryType } from "@brokerage/api";
import type { EntryDraft } from "@brokerage/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/index.js";
import { book } from "../ledger/index.js";

/** Books one entry for a user at `at`, as the features do (in its own transaction). */
export async function bookFor(
  db: Db,
  userId: string,
  entry: EntryDraft<EntryType>,
  at: Date,
  extra: { reason?: string; reference?: string } = {},
): Promise<number> {
  const booked = await db.transaction((tx) =>
    book(tx, { entry, userId, cause: { by: "system" }, at, ...extra }),
  );
  return booked.entryId;
}

/**
 * A strict RFC 4180 reader for the tests (csv-parse is not a dependency): CRLF between records, a field
 * quoted when it holds a comma, quote or line break, a quote inside doubled. Anything else throws, so a
 * statement that is not well-formed CSV fails its test. A leading byte-order mark is required and removed.
 */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith("\uFEFF")) throw new Error("no byte-order mark");
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 1;
  for (;;) {
    let field = "";
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) throw new Error("unterminated quoted field");
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] !== '"') break;
        field += '"';
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') throw new Error(`stray quote at ${i}`);
        field += text[i];
        i += 1;
      }
    }
    row.push(field);
    if (text[i] === ",") {
      i += 1;
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      rows.push(row);
      row = [];
      i += 2;
      if (i === text.length) return rows;
      continue;
    }
    throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text[i])}`);
  }
}

export interface StatementAnswer {
  httpStatus: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

/** POSTs `fund/statement` and answers the raw response (a CSV file, or the error envelope). */
export async function postStatement(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<StatementAnswer> {
  const response = await app.inject({
    method: "POST",
    url: "/api/vue/fund/statement",
    payload: body,
    headers,
  });
  return { httpStatus: response.statusCode, headers: response.headers, text: response.body };
}
