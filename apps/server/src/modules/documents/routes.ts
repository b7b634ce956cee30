import {
  contractNoteRequest,
  errorEnvelope,
  taxReport,
  taxReportFileRequest,
  taxReportRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sendCsv, sendHtml } from "../../lib/html.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { DocumentService } from "./service.js";

const security = [{ token: [], account: [] }];
const fileResponses = {
  200: errorEnvelope.describe("On success the body is the document itself, not an envelope"),
  401: errorEnvelope,
  500: errorEnvelope,
};

/** `trade/contractNote`: one filled order's contract note (registered under /api/vue/trade). */
export const contractNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = new DocumentService({ db: app.db, clock: app.clock, market: app.market });
  route(
    app,
    "trade/contractNote",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["trade"],
        headers: sessionHeaders,
        security,
        summary:
          "The contract note of one of the user's filled orders, as printable HTML (text/html, inline, " +
          "no-store, no script): order and trade numbers, each fill's time in the exchange's zone, side, " +
          "price, quantity, value, every charge component and the totals, the ledger postings of each fill " +
          "with whether the charges equal them, and the platform's registration (`platform.registration`). " +
          "Texts in `language`. Refusals (JSON envelope): NOT_FOUND (not the user's order), " +
          "CONTRACT_NOTE_UNFILLED (no fill yet).",
        body: contractNoteRequest,
        produces: ["text/html"],
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const file = await documents.contractNote(sessionOf(request).userId, request.body);
      return sendHtml(reply, file.fileName, file.body);
    },
  );
};

/** `fund/taxReport`, `fund/taxReportFile`: the yearly realised P&L (registered under /api/vue/fund). */
export const taxReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = new DocumentService({ db: app.db, clock: app.clock, market: app.market });
  const schema = { tags: ["fund"], headers: sessionHeaders, security };
  route(
    app,
    "fund/taxReport",
    {
      onRequest: app.requireUser,
      schema: {
        ...schema,
        summary:
          "The realised P&L of calendar `year` (in `timeZone`, default Asia/Kolkata) in `currency`, first in, " +
          "first out per instrument and direction: every lot (or part of one) closed in the year with its " +
          "open and close time, quantity, proceeds, cost basis, costs (charges and taxes), protection and " +
          "net; the totals; and the net P&L of the positions closed in the year, for comparison.",
        body: taxReportRequest,
        response: answers(taxReport, { session: true }),
      },
    },
    async (request) => ok(await documents.taxReport(sessionOf(request).userId, request.body)),
  );
  route(
    app,
    "fund/taxReportFile",
    {
      onRequest: app.requireUser,
      schema: {
        ...schema,
        summary:
          "fund/taxReport as a file: `format` csv (text/csv, attachment) or html (a printable document, " +
          "inline), texts in `language`. Errors answer the JSON envelope.",
        body: taxReportFileRequest,
        produces: ["text/csv", "text/html"] as unknown as readonly ["text/csv" | "text/html"],
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const file = await documents.taxReportFile(sessionOf(request).userId, request.body);
      return file.contentType === "text/csv"
        ? sendCsv(reply, file.fileName, file.body)
        : sendHtml(reply, file.fileName, file.body);
    },
  );
};
