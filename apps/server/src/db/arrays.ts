/** PostgreSQL array literals: a batch's values as one parameter per column, so a statement's text is fixed. */

/**
 * A PostgreSQL array literal of `values` (NULL for null), e.g. `{"a","b",NULL}`: a batch statement
 * takes its rows as arrays, one parameter per column, so its text is the same whatever the batch's size.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const items = values.map((v) => (v === null ? "NULL" : `"${quotedElement(String(v))}"`));
  return `{${items.join(",")}}`;
}

/**
 * The text of a quoted element: a backslash and a double quote escaped with a backslash. Most elements
 * (ids, amounts, times, words) have neither and are written as they are; the rest are escaped by plain
 * string replacement, several times faster than a regular expression on long texts. Backslashes go first,
 * so that the backslashes escaping the quotes are not doubled.
 */
function quotedElement(text: string): string {
  const backslashes = text.includes("\\");
  if (!backslashes && !text.includes('"')) return text;
  const escaped = backslashes ? text.replaceAll("\\", "\\\\") : text;
  return escaped.replaceAll('"', '\\"');
}

/**
 * A PostgreSQL array literal of JSON values, for a `jsonb[]` parameter: the same text as
 * `arrayLiteral(values.map((v) => JSON.stringify(v)))`, at half the cost for long records full of quotes.
 * A JSON text written as a JSON string is exactly its quoted element: JSON escapes a backslash and a double
 * quote with a backslash, as the array literal does, and the only other characters it escapes (control
 * characters, lone surrogates) never occur in a JSON text, which has escaped them itself.
 */
export function jsonArrayLiteral(values: readonly object[]): string {
  return `{${values.map((v) => JSON.stringify(JSON.stringify(v))).join(",")}}`;
}
