import {
  ADMIN_PAGE_SIZE,
  type AuditEntry,
  type AuditListEntry,
  type AuditListRequest,
  type AuditObject,
} from "@brokerage/api";
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

/** `user:<id>` → {kind: "user", id}; a target without a kind is all id. */
function splitTarget(target: string): { kind: string; id: string } {
  const colon = target.indexOf(":");
  return colon < 0 ? { kind: "", id: target } : { kind: target.slice(0, colon), id: target.slice(colon + 1) };
}

/** The targets of a page in words: each record's name, and a review's kind, number and user. */
async function objectsOf(db: Db, targets: readonly string[]): Promise<AuditObject[]> {
  const split = targets.map(splitTarget);
  const idsByKind = new Map<string, string[]>();
  for (const { kind, id } of split) idsByKind.set(kind, [...(idsByKind.get(kind) ?? []), id]);
  const [names, reviewRows] = await Promise.all([
    repo.namesOf(db, idsByKind),
    repo.reviewsOf(db, idsByKind.get("review") ?? []),
  ]);
  const reviewsById = new Map(reviewRows.map((r) => [r.id, r]));
  return split.map(({ kind, id }) => {
    const review = kind === "review" ? reviewsById.get(id) : undefined;
    return {
      kind,
      id,
      name: names.get(kind)?.get(id) ?? null,
      review: review
        ? { kind: review.kind, seq: review.seq, userId: review.userId, userAccount: review.userAccount }
        : null,
    };
  });
}

/** The users a page of the audit log shows: its rows' targets, their reviews' users, the reads' users. */
export function usersOfAuditPage(page: { items: readonly AuditListEntry[] }): string[] {
  return page.items.flatMap((item) => {
    const shown = Array.isArray(item.details.users)
      ? item.details.users.filter((id): id is string => typeof id === "string")
      : [];
    if (item.object.kind === "user") shown.push(item.object.id);
    if (item.object.review?.userId) shown.push(item.object.review.userId);
    return shown;
  });
}

/** The audit log viewer: newest first, ADMIN_PAGE_SIZE a page, with the filters of auditListRequest. */
export async function listAudit(db: Db, request: AuditListRequest) {
  const rows = await repo.listAudit(db, {
    filter: {
      actor: request.actor,
      role: request.role,
      action: request.action,
      target: request.target,
      targetPrefix: request.targetPrefix,
      user: request.user,
      from: request.from === undefined ? undefined : new Date(request.from),
      to: request.to === undefined ? undefined : new Date(request.to),
    },
    afterId: request.cursor === undefined ? undefined : cursor.decode(request.cursor),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page.at(-1);
  const objects = await objectsOf(
    db,
    page.map(({ row }) => row.target),
  );
  return {
    items: page.map(({ row, actorRole }, i): AuditListEntry => ({
      ...toAuditEntry(row),
      actorRole,
      object: objects[i] ?? { ...splitTarget(row.target), name: null, review: null },
    })),
    nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.row.id) : null,
  };
}
