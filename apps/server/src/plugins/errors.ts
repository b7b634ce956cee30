import { boundParams, isErrorCode, renderMessage, type ErrorCode, type ErrorParams } from "@brokerage/api";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from "fastify-type-provider-zod";
import { DomainError, HTTP_STATUS_OF } from "../lib/errors.js";
import { shared } from "./shared.js";

const envelopeOf = (code: ErrorCode, params: ErrorParams) => ({
  status: 0,
  msg: renderMessage(code, params),
  code,
  params,
  data: null,
});

function sendError(reply: FastifyReply, httpStatus: number, code: ErrorCode, params: ErrorParams = {}) {
  return reply.code(httpStatus).send(envelopeOf(code, params));
}

/**
 * Requests Node refuses before Fastify sees them (headers too large, a malformed request line, a
 * client too slow to send its request) answer the envelope too, with their HTTP status. The URL is not
 * known yet, so every such answer is the API's; a browser only meets one after sending absurd headers.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [httpStatus, field] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "headers"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request"]
        : [400, "request"];
  const body = JSON.stringify(envelopeOf("INVALID_INPUT", { field }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${httpStatus} ${STATUS_CODES[httpStatus]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Bad input answers INVALID_INPUT with the field, unless the failing rule names its own error code
 * (the `coded` messages of packages/api), e.g. PASSWORDS_MISMATCH or PASSWORD_TOO_SHORT with its `minLength`.
 */
function inputError(issue: ZodFastifySchemaValidationError | undefined, context: string | undefined) {
  const field = issue?.instancePath.slice(1).replaceAll("/", ".") || context || "body";
  if (!issue || !isErrorCode(issue.message)) return { code: "INVALID_INPUT" as const, params: { field } };
  const params: ErrorParams = { field, ...boundParams(issue.params) };
  return { code: issue.message, params };
}

/** The parser's refusals of a body, and the NUL check of plugins/json-body.ts. */
export const BODY_HOLDS_NUL = "BODY_HOLDS_NUL";
const isBodyError = (error: FastifyError) =>
  error instanceof SyntaxError || error.code === BODY_HOLDS_NUL || error.code?.startsWith("FST_ERR_CTP_");

function refusalOf(httpStatus: number): [ErrorCode, ErrorParams] {
  if (httpStatus === 401) return ["UNAUTHORIZED", {}];
  if (httpStatus === 403) return ["FORBIDDEN", {}];
  if (httpStatus === 404) return ["NOT_FOUND", {}];
  return ["INVALID_INPUT", { field: "request" }];
}

/** A URL Fastify cannot decode ("/%") never reaches a route or the error handler; it comes here. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 400, "INVALID_INPUT", {
    field: error.code === "FST_ERR_BAD_URL" ? "url" : "request",
  });
}

/** The one place where failures become envelopes. */
export const errorsPlugin = shared(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return sendError(reply, HTTP_STATUS_OF[error.code] ?? 200, error.code, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { code, params } = inputError(error.validation[0], error.validationContext);
      return sendError(reply, 200, code, params);
    }
    const httpStatus = error.statusCode;
    if (httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500) {
      request.log.info({ err: error }, "rejected request");
      // A body the call could not read (malformed JSON, wrong content type, too large) is bad input.
      if (isBodyError(error)) return sendError(reply, 200, "INVALID_INPUT", { field: "body" });
      // Anything else keeps its HTTP status: a file refused (403), a range past its end (416), …
      return sendError(reply, httpStatus, ...refusalOf(httpStatus));
    }
    request.log.error({ err: error }, "unexpected failure");
    return reply.code(500).send({
      status: 0,
      msg: renderMessage("INTERNAL", { requestId: request.id }),
      code: "INTERNAL",
      params: { requestId: request.id },
      data: null,
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, "NOT_FOUND"));
});
