import { DomainError } from "../../lib/errors.js";

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
