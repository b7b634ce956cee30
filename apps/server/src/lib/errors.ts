import type { ErrorCode, ErrorParams } from "@brokerage/api";

/**
 * A rule said no. Services throw it with a stable code and params; the central error handler
 * (plugins/errors.ts) is the one place that turns it into the envelope.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(code);
    this.name = "DomainError";
  }
}

/** Codes that are not business answers but HTTP conditions; everything else is HTTP 200. */
export const HTTP_STATUS_OF: Partial<Record<ErrorCode, number>> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
};
