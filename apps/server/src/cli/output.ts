// What the command-line checks (`ledger:check`, `ipo:verify`) share: their exit codes and how they write.

/** Exit codes: the check found nothing wrong · it found a difference · it could not check. */
export const CLEAN = 0;
export const DIFFERS = 1;
export const CANNOT_CHECK = 2;

export const print = (line = "") => process.stdout.write(`${line}\n`);

/** Writes `name: line` to stderr and answers CANNOT_CHECK. */
export const failer =
  (name: string) =>
  (line: string): number => {
    process.stderr.write(`${name}: ${line}\n`);
    return CANNOT_CHECK;
  };

/** The database's own words: drizzle wraps them in "Failed query: …" with the cause beneath. */
export function reason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
