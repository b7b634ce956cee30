import type { AdminRole } from "@brokerage/api";
import { and, desc, eq, gte, inArray, like, lt, notLike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import {
  adminUsers,
  auditLog,
  blockTradeOffers,
  placementOffers,
  depositChannels,
  ipoOfferings,
  newsArticles,
  reviews,
  users,
} from "../../db/schema/index.js";

export interface AuditFilter {
  actor?: string | undefined;
  role?: AdminRole | undefined;
  action?: string | undefined;
  target?: string | undefined;
  targetPrefix?: string | undefined;
  user?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern built from input. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows about one user: theirs (`user:<id>`), their reviews' (`review:<id>`), and, with `reads`, the staff
 * reads whose page showed them (`details.users`). The one definition of a user's audit trail: the audit
 * log's `user` filter and the user detail's trail (without reads) both stand on it.
 */
export function aboutUser(tx: Db, userId: string, options: { reads: boolean }): SQL {
  const reviewTargets = tx
    .select({ target: sql<string>`'review:' || ${reviews.id}::text` })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  const own = or(eq(auditLog.target, `user:${userId}`), inArray(auditLog.target, reviewTargets)) as SQL;
  return options.reads
    ? (or(own, sql`${auditLog.details} -> 'users' @> ${JSON.stringify([userId])}::jsonb`) as SQL)
    : (and(own, notLike(auditLog.action, "read.%")) as SQL);
}

/** A user's trail without staff reads, newest first (the user detail's). */
export async function auditTrailOf(tx: Db, userId: string, limit: number) {
  return tx
    .select()
    .from(auditLog)
    .where(aboutUser(tx, userId, { reads: false }))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

function conditions(tx: Db, filter: AuditFilter, afterId: string | undefined): SQL[] {
  const where: SQL[] = [];
  if (filter.actor !== undefined) where.push(sql`lower(${auditLog.actor}) = lower(${filter.actor})`);
  if (filter.role !== undefined) where.push(eq(adminUsers.role, filter.role));
  if (filter.action !== undefined)
    where.push(
      filter.action.endsWith(".")
        ? like(auditLog.action, `${escapeLike(filter.action)}%`)
        : eq(auditLog.action, filter.action),
    );
  if (filter.target !== undefined) where.push(eq(auditLog.target, filter.target));
  if (filter.targetPrefix !== undefined)
    where.push(like(auditLog.target, `${escapeLike(filter.targetPrefix)}%`));
  if (filter.user !== undefined) where.push(aboutUser(tx, filter.user, { reads: true }));
  if (filter.from !== undefined) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.to !== undefined) where.push(lt(auditLog.createdAt, filter.to));
  if (afterId !== undefined)
    where.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from audit_log a where a.id = ${afterId})`,
    );
  return where;
}

/** Newest first, by (created_at, id), with the actor's role (null: the system, an unknown account). */
export async function listAudit(
  tx: Db,
  params: { filter: AuditFilter; afterId: string | undefined; limit: number },
) {
  return tx
    .select({ row: auditLog, actorRole: adminUsers.role })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminUserId))
    .where(and(...conditions(tx, params.filter, params.afterId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(params.limit);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: readonly string[]) => [...new Set(ids.filter((id) => UUID.test(id)))];

/** id → name of the records a page's targets name, one query per kind that has any. */
export async function namesOf(tx: Db, idsByKind: ReadonlyMap<string, readonly string[]>) {
  const ids = (kind: string) => uuids(idsByKind.get(kind) ?? []);
  const pairs = async (
    wanted: string[],
    query: (wanted: string[]) => Promise<{ id: string; name: string }[]>,
  ): Promise<Map<string, string>> =>
    new Map(wanted.length === 0 ? [] : (await query(wanted)).map((r) => [r.id, r.name]));
  const [user, staff, ipo, blockTrade, placement, channel, news] = await Promise.all([
    pairs(ids("user"), (w) =>
      tx.select({ id: users.id, name: users.account }).from(users).where(inArray(users.id, w)),
    ),
    pairs(ids("staff"), (w) =>
      tx
        .select({ id: adminUsers.id, name: adminUsers.account })
        .from(adminUsers)
        .where(inArray(adminUsers.id, w)),
    ),
    pairs(ids("ipo"), (w) =>
      tx
        .select({ id: ipoOfferings.id, name: ipoOfferings.symbol })
        .from(ipoOfferings)
        .where(inArray(ipoOfferings.id, w)),
    ),
    pairs(ids("blockTrade"), (w) =>
      tx
        .select({ id: blockTradeOffers.id, name: blockTradeOffers.symbol })
        .from(blockTradeOffers)
        .where(inArray(blockTradeOffers.id, w)),
    ),
    pairs(ids("placement"), (w) =>
      tx
        .select({ id: placementOffers.id, name: placementOffers.symbol })
        .from(placementOffers)
        .where(inArray(placementOffers.id, w)),
    ),
    pairs(ids("channel"), (w) =>
      tx
        .select({ id: depositChannels.id, name: depositChannels.name })
        .from(depositChannels)
        .where(inArray(depositChannels.id, w)),
    ),
    pairs(ids("news"), (w) =>
      tx
        .select({ id: newsArticles.id, name: newsArticles.title })
        .from(newsArticles)
        .where(inArray(newsArticles.id, w)),
    ),
  ]);
  return new Map<string, Map<string, string>>([
    ["user", user],
    ["staff", staff],
    ["ipo", ipo],
    ["blockTrade", blockTrade],
    ["placement", placement],
    ["channel", channel],
    ["news", news],
  ]);
}

/** The reviews a page's targets name: their kind, number, and user (id and account). */
export async function reviewsOf(tx: Db, reviewIds: readonly string[]) {
  const wanted = uuids(reviewIds);
  if (wanted.length === 0) return [];
  return tx
    .select({
      id: reviews.id,
      kind: reviews.kind,
      seq: reviews.seq,
      userId: reviews.userId,
      userAccount: users.account,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(inArray(reviews.id, wanted));
}
