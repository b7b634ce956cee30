import { ADMIN_PAGE_SIZE, type AuditEntry, type AuditListRequest } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import type { auditLog } from "../../db/schema/index.js";
import { idCursor } from "../../lib/cursor.js";
import * as repo from "./repository.js";

const cursor = idCursor("audit");

export function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    adminUserId: row.adminUserId,
    actor: row.actor,
    action: row.action,
    target: row.target,
    reason: row.reason,
    details: row.details,
  };
}

/** The audit log viewer: newest first, ADMIN_PAGE_SIZE a page, with the filters of auditListRequest. */
export async function listAudit(db: Db, request: AuditListRequest) {
  const rows = await repo.listAudit(db, {
    filter: {
      actor: request.actor,
      action: request.action,
      target: request.target,
      from: request.from === undefined ? undefined : new Date(request.from),
      to: request.to === undefined ? undefined : new Date(request.to),
    },
    afterId: request.cursor === undefined ? undefined : cursor.decode(request.cursor),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toAuditEntry),
    nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.id) : null,
  };
}
