import { sql, type SQL } from "drizzle-orm";

/**
 * A statement that fails with `message` unless `ok`: a text that is no integer cannot be cast to one. For
 * the statements sent with a COMMIT, whose rows nobody reads: failing is how they say they did not write
 * what they should, so the COMMIT after them never runs. (The message must depend on the rows, or the
 * planner would cast it, and fail, before running anything.)
 */
export const failUnless = (ok: SQL, message: SQL): SQL =>
  sql`select case when ${ok} then 1 else (${message})::int end as ok`;
