/** The constraint a unique violation (SQLSTATE 23505) broke, looking through drizzle's error wrapper. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null);) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    e = cause;
  }
  return undefined;
}
