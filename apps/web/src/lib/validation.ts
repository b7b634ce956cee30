import type { z } from "zod";
import { boundParams, isTextProblem } from "@brokerage/api/constants";
import { errorText } from "./api";
import { i18n } from "./i18n";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Runs a contract schema on the client and returns a translated message per field: an issue whose
 * message is an error code is translated by that code, a refusal of free text (a direction control,
 * stacked marks) says so, any other (an empty field) reads "required".
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors<string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (errors[field]) continue;
    // The contract's coded messages are error codes with a translation; the code table itself (and its
    // English texts) stays out of the first screen's scripts.
    if (isTextProblem(issue.message)) errors[field] = i18n.t("form.plainText");
    else
      errors[field] = i18n.exists(`errors.${issue.message}`)
        ? errorText(issue.message, boundParams(issue))
        : i18n.t("form.required");
  }
  return { ok: false, errors };
}
