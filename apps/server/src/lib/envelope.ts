import { errorEnvelope, successEnvelope } from "@brokerage/api";
import { z } from "zod";

export const ok = <T>(data: T) => ({ status: 1 as const, msg: "ok", data });

/**
 * Response schemas of an `/api/vue/` call: HTTP 200 carries the success envelope or a business error,
 * 401 (session routes only) and 500 carry the error envelope.
 */
export function answers<T extends z.ZodType>(data: T, options: { session?: boolean } = {}) {
  return {
    200: z.union([successEnvelope(data), errorEnvelope]),
    ...(options.session ? { 401: errorEnvelope } : {}),
    500: errorEnvelope,
  };
}

/** The session headers, documented on every route that needs a session; checked by `requireUser`. */
export const sessionHeaders = z.looseObject({
  token: z.string().optional().describe("Session token from user/login or user/register"),
  account: z.string().optional().describe("The account the token was issued to"),
});
