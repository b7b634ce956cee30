import { boundParams, isErrorCode, renderMessage, type ErrorCode, type ErrorParams } from "@brokerage/api";
import type { FastifyError, FastifyReply } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from "fastify-type-provider-zod";
import { DomainError, HTTP_STATUS_OF } from "../lib/errors.js";
import { shared } from "./shared.js";

function sendError(reply: FastifyReply, httpStatus: number, code: ErrorCode, params: ErrorParams = {}) {
  return reply
    .code(httpStatus)
    .send({ status: 0, msg: renderMessage(code, params), code, params, data: null });
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
    // Fastify's own 4xx: malformed JSON, unsupported content type, body too large.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, "rejected request");
      return sendError(reply, 200, "INVALID_INPUT", { field: "body" });
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
