import { DomainError } from "./errors.js";

/**
 * The opaque keyset cursors of every list (DESIGN §4.1: `{ items, nextCursor }`, newest first). A cursor
 * is base64url of `<tag>.<key>`: the tag names the list, so another list's cursor is refused as bad input
 * (INVALID_INPUT on `cursor`), and only the canonical spelling decodes, so a cursor is never ambiguous.
 */

/**
 * The opaque keyset cursor of a list paged newest first by a strictly increasing `seq`: base64url of
 * `<tag>.<seq>`. The tag names the list, so a cursor of another list (another tag or shape) is refused
 * as bad input instead of paging the wrong thing; only the canonical spelling decodes, so a cursor is
 * never ambiguous. It is not secret: every query it feeds is scoped by the owner anyway.
 */
export interface SeqCursor {
  encode(seq: number): string;
  /** The seq a cursor stands for; a malformed or foreign cursor throws INVALID_INPUT on `cursor`. */
  decode(cursor: string): number;
}

// The largest value of an `integer` identity column; a bigger seq cannot exist.
const SEQ_MAX = 2_147_483_647;
/** For `bigint` identity columns read as numbers (postings, deposits …): exact up to 2^53 − 1. */
export const BIGINT_SEQ_MAX = Number.MAX_SAFE_INTEGER;

export function seqCursor(tag: string, max: number = SEQ_MAX): SeqCursor {
  const shape = new RegExp(`^${tag}\\.(0|[1-9]\\d{0,${String(max).length - 1}})$`);
  const encode = (seq: number) => Buffer.from(`${tag}.${seq}`, "utf8").toString("base64url");
  const invalid = () => new DomainError("INVALID_INPUT", { field: "cursor" });
  return {
    encode,
    decode(cursor) {
      const match = shape.exec(Buffer.from(cursor, "base64url").toString("utf8"));
      const seq = Number(match?.[1]);
      if (!match || seq > max || encode(seq) !== cursor) throw invalid();
      return seq;
    },
  };
}

export interface IdCursor {
  encode(id: string): string;
  /** The row id a cursor stands for; a malformed or foreign cursor throws INVALID_INPUT on `cursor`. */
  decode(cursor: string): string;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * The opaque keyset cursor of a back-office list paged newest first by (created_at, id), for tables
 * without a sequence column (users, the audit log): base64url of `<tag>.<id of the page's last row>`.
 * The query compares with that row's own (created_at, id), so the database's microseconds are never
 * rounded through a JavaScript Date. The tag names the list, so another list's cursor is refused as bad
 * input; only the canonical spelling decodes.
 */
export function idCursor(tag: string): IdCursor {
  const shape = new RegExp(`^${tag}\\.(${UUID})$`);
  const encode = (id: string) => Buffer.from(`${tag}.${id}`, "utf8").toString("base64url");
  return {
    encode,
    decode(cursor) {
      const id = shape.exec(Buffer.from(cursor, "base64url").toString("utf8"))?.[1];
      if (!id || encode(id) !== cursor) throw new DomainError("INVALID_INPUT", { field: "cursor" });
      return id;
    },
  };
}

/**
 * A page of `size` from rows read one beyond it (newest first by `seq`): the first `size` as `view`
 * makes them, and the cursor of the last shown when the extra row says there is more.
 */
export function seqPage<R, T>(
  rows: readonly R[],
  size: number,
  cursor: Pick<SeqCursor, "encode">,
  seqOf: (row: R) => number,
  view: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    items: shown.map(view),
    nextCursor: rows.length > size && last !== undefined ? cursor.encode(seqOf(last)) : null,
  };
}
