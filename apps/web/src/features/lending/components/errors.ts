import { ApiError } from "../../../lib/apiError";
import { errorText } from "../../../lib/api";

/** A failed call's text in the user's language (spec §8), or undefined when there is none. */
export function failureText(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError) return errorText(error.code, error.params, error.serverMsg);
  return errorText("SYSTEM_BUSY");
}
