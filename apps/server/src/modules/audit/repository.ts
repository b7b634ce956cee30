import { and, desc, eq, gte, like, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { auditLog } from "../../db/schema/index.js";

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern built from input. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: AuditFilter, afterId: string | undefined): SQL[] {
  const where: SQL[] = [];
  if (filter.actor !== undefined) where.push(sql`lower(${auditLog.actor}) = lower(${filter.actor})`);
  if (filter.action !== undefined)
    where.push(
      filter.action.endsWith(".")
        ? like(auditLog.action, `${escapeLike(filter.action)}%`)
        : eq(auditLog.action, filter.action),
    );
  if (filter.target !== undefined) where.push(eq(auditLog.target, filter.target));
  if (filter.from !== undefined) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.to !== undefined) where.push(lt(auditLog.createdAt, filter.to));
  if (afterId !== undefined)
    where.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from audit_log a where a.id = ${afterId})`,
    );
  return where;
}

/** Newest first, by (created_at, id). */
export async function listAudit(
  tx: Db,
  params: { filter: AuditFilter; afterId: string | undefined; limit: number },
) {
  return tx
    .select()
    .from(auditLog)
    .where(and(...conditions(params.filter, params.afterId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(params.limit);
}
