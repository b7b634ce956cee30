import { isTextProblem } from "@brokerage/api/constants";

/**
 * How a form words a refusal of free text (a direction control, stacked combining marks), whichever
 * field it is in; null for any other issue, which the form words by its field.
 */
export const textProblemKey = (message: string): { key: string } | null =>
  isTextProblem(message) ? { key: "common.plainText" } : null;
