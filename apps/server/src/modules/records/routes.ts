import {
  FUND_RECORDS_PAGE_SIZE,
  STATEMENT_DEFAULT_LANGUAGE,
  STATEMENT_DEFAULT_TIME_ZONE,
  STATEMENT_MAX_DAYS,
  errorEnvelope,
  fundRecordPage,
  fundRecordsRequest,
  statementRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sendCsv, sendHtml } from "../../lib/html.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { RecordService } from "./service.js";

/** `fund/records`, `fund/statement`: the user's own postings, listed and as a CSV file. Session required. */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = new RecordService({ db: app.db });
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["fund"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "fund/records",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Fund records: every posting on the user's own accounts (available; held = frozen funds; margin; " +
          "loan), newest first, " +
          `${FUND_RECORDS_PAGE_SIZE} a page, each with its fund-flow type, signed amount, the account's ` +
          "running balance after it, reference and reason. Filters: `type` (a fund-flow type), " +
          "`currency` and `reference` (e.g. `trade:<order id>`: a closed position's available-account " +
          "records sum to its net `pnl`). Pass `nextCursor` back as `cursor` for the next page (null on the last); a malformed " +
          "cursor answers INVALID_INPUT on `cursor`.",
        body: fundRecordsRequest,
        response: answers(fundRecordPage, { session: true }),
      },
    },
    async (request) => ok(await records.list(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "fund/statement",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The funds statement of the days `from` to `to` (YYYY-MM-DD, both included, in `timeZone`, default " +
          `${STATEMENT_DEFAULT_TIME_ZONE}) as a CSV download (text/csv; charset=utf-8, attachment, ` +
          "no-store): per currency and account an opening balance, every posting with its running balance, " +
          "and the closing balance. Headers, balance rows, account and type names are in `language` (an app " +
          `locale tag, default ${STATEMENT_DEFAULT_LANGUAGE}; the type code column stays the English code). ` +
          `At most ${STATEMENT_MAX_DAYS} days, \`from\` not after \`to\` ` +
          "(DATE_RANGE_INVALID {maxDays}); errors answer the JSON envelope.",
        body: statementRequest,
        produces: ["text/csv"],
        response: {
          200: errorEnvelope.describe("On success the body is the CSV file itself, not an envelope"),
          401: errorEnvelope,
          500: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await records.statement(sessionOf(request).userId, request.body);
      return sendCsv(reply, fileName, csv);
    },
  );

  route(
    app,
    "fund/statementDocument",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The funds statement of fund/statement (the same body; a calendar month for the monthly statement) " +
          "as a printable document (text/html, inline, no-store, no script): per currency and account the " +
          "opening balance, every posting with its running balance and the closing balance, then the " +
          "platform's registration. Errors answer the JSON envelope (DATE_RANGE_INVALID {maxDays}).",
        body: statementRequest,
        produces: ["text/html"],
        response: {
          200: errorEnvelope.describe("On success the body is the document itself, not an envelope"),
          401: errorEnvelope,
          500: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { fileName, html } = await records.statementDocument(sessionOf(request).userId, request.body);
      return sendHtml(reply, fileName, html);
    },
  );
};
