/**
 * The params of an error answer and how the client reads them, apart from the table of codes
 * (`errors.ts`): the app's first load needs these few lines, not the whole table of English texts.
 */
/** Param keys whose values are money amounts (decimal strings); the client formats them as money. */
export const MONEY_PARAMS = ["min", "max", "amount", "available", "balance"] as const;
/** Param keys whose values are times of day or instants; the client formats them as time text. */
export const TIME_PARAMS = ["start", "end", "until"] as const;
/** Param keys whose values are IANA time zones (the zone of a window's times); the client names them. */
export const ZONE_PARAMS = ["timeZone"] as const;

export type ErrorParams = Record<string, string>;

/**
 * The params a coded zod issue carries: a string rule's bounds are lengths (`minLength`, `maxLength`);
 * any other bound is an amount (`min`, `max`), which the app formats as money.
 */
export function boundParams(issue: object): ErrorParams {
  const { minimum, maximum, origin } = issue as { minimum?: unknown; maximum?: unknown; origin?: unknown };
  const length = origin === "string";
  const params: ErrorParams = {};
  if (minimum !== undefined) params[length ? "minLength" : "min"] = String(minimum);
  if (maximum !== undefined) params[length ? "maxLength" : "max"] = String(maximum);
  return params;
}
