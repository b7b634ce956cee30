import type { AdminSupportFilter } from "@brokerage/api";
import { and, asc, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/index.js";
import { adminUsers, supportMessages, supportThreads, users } from "../../db/schema/index.js";

/** The newest messages a thread shows (a conversation longer than this shows its latest). */
const THREAD_MESSAGES = 500;

const assignee = alias(adminUsers, "assignee");
const resolver = alias(adminUsers, "resolver");

/** Messages of the other side after the reader's last seen one. */
const unreadBy = (reader: "user" | "staff") =>
  reader === "user"
    ? sql<number>`(select count(*)::int from ${supportMessages} m where m.thread_id = ${supportThreads.id}
        and m.author <> 'user' and m.seq > ${supportThreads.userReadSeq})`
    : sql<number>`(select count(*)::int from ${supportMessages} m where m.thread_id = ${supportThreads.id}
        and m.author = 'user' and m.seq > ${supportThreads.staffReadSeq})`;

const threadColumns = (reader: "user" | "staff") => ({
  id: supportThreads.id,
  seq: supportThreads.seq,
  userId: supportThreads.userId,
  userAccount: users.account,
  subject: supportThreads.subject,
  state: supportThreads.state,
  assignedId: supportThreads.assignedTo,
  assignedAccount: assignee.account,
  resolvedByAccount: resolver.account,
  resolution: supportThreads.resolution,
  complaintAt: supportThreads.complaintAt,
  answerDueAt: supportThreads.answerDueAt,
  escalatedAt: supportThreads.escalatedAt,
  resolvedAt: supportThreads.resolvedAt,
  outsideRoute: supportThreads.outsideRoute,
  createdAt: supportThreads.createdAt,
  lastMessageAt: supportThreads.lastMessageAt,
  unread: unreadBy(reader),
});

export type ThreadView = Awaited<ReturnType<typeof threadPage>>[number];

function threadQuery(tx: Db, reader: "user" | "staff") {
  return tx
    .select(threadColumns(reader))
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .leftJoin(assignee, eq(assignee.id, supportThreads.assignedTo))
    .leftJoin(resolver, eq(resolver.id, supportThreads.resolvedBy));
}

/** A page of threads, newest first, strictly older than `beforeSeq`. */
export async function threadPage(
  tx: Db,
  params: { reader: "user" | "staff"; where: SQL | undefined; beforeSeq?: number; limit: number },
) {
  return threadQuery(tx, params.reader)
    .where(
      and(
        params.where,
        params.beforeSeq === undefined ? undefined : lt(supportThreads.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(supportThreads.seq))
    .limit(params.limit);
}

export const ownThreads = (userId: string) => eq(supportThreads.userId, userId);

export function filterOf(filter: AdminSupportFilter, staffId: string): SQL | undefined {
  const open = eq(supportThreads.state, "open");
  switch (filter) {
    case "open":
      return open;
    case "mine":
      return and(open, eq(supportThreads.assignedTo, staffId));
    case "unassigned":
      return and(open, isNull(supportThreads.assignedTo));
    case "complaints":
      return isNotNull(supportThreads.complaintAt);
    case "escalated":
      return and(open, isNotNull(supportThreads.escalatedAt));
    case "resolved":
      return eq(supportThreads.state, "resolved");
  }
}

/** One thread as `reader` sees it; `userId` scopes a user's read to their own threads. */
export async function findThread(tx: Db, params: { id: string; reader: "user" | "staff"; userId?: string }) {
  const [row] = await threadQuery(tx, params.reader).where(
    and(
      eq(supportThreads.id, params.id),
      params.userId === undefined ? undefined : eq(supportThreads.userId, params.userId),
    ),
  );
  return row;
}

/** The thread's row for a change, scoped to its owner when `userId` is given. */
export async function threadRow(tx: Db, id: string, userId?: string) {
  const [row] = await tx
    .select()
    .from(supportThreads)
    .where(
      and(eq(supportThreads.id, id), userId === undefined ? undefined : eq(supportThreads.userId, userId)),
    );
  return row;
}

export async function threadMessages(tx: Db, threadId: string) {
  const rows = await tx
    .select({
      id: supportMessages.id,
      seq: supportMessages.seq,
      author: supportMessages.author,
      kind: supportMessages.kind,
      text: supportMessages.text,
      image: supportMessages.image,
      params: supportMessages.params,
      staff: adminUsers.account,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .leftJoin(adminUsers, eq(adminUsers.id, supportMessages.staffId))
    .where(eq(supportMessages.threadId, threadId))
    .orderBy(desc(supportMessages.seq))
    .limit(THREAD_MESSAGES);
  return rows.reverse();
}

export type MessageView = Awaited<ReturnType<typeof threadMessages>>[number];

export async function insertThread(tx: Db, values: typeof supportThreads.$inferInsert) {
  const [row] = await tx.insert(supportThreads).values(values).returning();
  if (!row) throw new Error("thread not inserted");
  return row;
}

export async function insertMessage(tx: Db, values: typeof supportMessages.$inferInsert) {
  const [row] = await tx.insert(supportMessages).values(values).returning({ seq: supportMessages.seq });
  if (!row) throw new Error("message not inserted");
  await tx
    .update(supportThreads)
    .set({ lastMessageAt: values.createdAt })
    .where(eq(supportThreads.id, values.threadId));
  return row.seq;
}

/** The user's message sent with `key`, if any (a retried send). */
export async function messageByKey(tx: Db, params: { userId: string; key: string }) {
  const [row] = await tx
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.userId, params.userId),
        eq(supportMessages.author, "user"),
        eq(supportMessages.idempotencyKey, params.key),
      ),
    );
  return row;
}

export async function staffMessageByKey(tx: Db, params: { staffId: string; key: string }) {
  const [row] = await tx
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.staffId, params.staffId),
        eq(supportMessages.author, "staff"),
        eq(supportMessages.idempotencyKey, params.key),
      ),
    );
  return row;
}

/** Everything up to the thread's newest message is seen by `reader`. */
export async function markSeen(tx: Db, threadId: string, reader: "user" | "staff") {
  const newest = sql`coalesce((select max(seq) from ${supportMessages} where thread_id = ${threadId}), 0)`;
  await tx
    .update(supportThreads)
    .set(reader === "user" ? { userReadSeq: newest } : { staffReadSeq: newest })
    .where(eq(supportThreads.id, threadId));
}

/** Unread messages of staff and the platform in all the user's threads. */
export async function userUnread(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${unreadBy("user")}), 0)::int` })
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId));
  return row?.n ?? 0;
}

/** Makes the thread a complaint unless it is one; answers whether this call made it. */
export async function markComplaint(tx: Db, params: { id: string; at: Date; dueAt: Date }) {
  const rows = await tx
    .update(supportThreads)
    .set({ complaintAt: params.at, answerDueAt: params.dueAt })
    .where(
      and(
        eq(supportThreads.id, params.id),
        isNull(supportThreads.complaintAt),
        eq(supportThreads.state, "open"),
      ),
    )
    .returning({ id: supportThreads.id });
  return rows.length === 1;
}

export async function assign(tx: Db, params: { id: string; staffId: string | null }) {
  await tx.update(supportThreads).set({ assignedTo: params.staffId }).where(eq(supportThreads.id, params.id));
}

/** Closes an open thread; answers whether this call closed it. */
export async function resolve(
  tx: Db,
  params: { id: string; at: Date; staffId: string; resolution: string; outsideRoute: string | null },
) {
  const rows = await tx
    .update(supportThreads)
    .set({
      state: "resolved",
      resolvedAt: params.at,
      resolvedBy: params.staffId,
      resolution: params.resolution,
      outsideRoute: params.outsideRoute,
    })
    .where(and(eq(supportThreads.id, params.id), eq(supportThreads.state, "open")))
    .returning({ id: supportThreads.id });
  return rows.length === 1;
}

/** Marks every unanswered complaint due within `escalateBefore` of `at` as escalated; answers them. */
export async function escalateDue(tx: Db, params: { at: Date; escalateBefore: Date }) {
  return tx
    .update(supportThreads)
    .set({ escalatedAt: params.at })
    .where(
      and(
        isNotNull(supportThreads.complaintAt),
        isNull(supportThreads.resolvedAt),
        isNull(supportThreads.escalatedAt),
        sql`${supportThreads.answerDueAt} <= ${params.escalateBefore}`,
      ),
    )
    .returning({ id: supportThreads.id, userId: supportThreads.userId, dueAt: supportThreads.answerDueAt });
}

/** A user's own message with an image. */
export async function ownImage(tx: Db, params: { messageId: string; userId: string }) {
  const [row] = await tx
    .select({ image: supportMessages.image })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.id, params.messageId),
        eq(supportMessages.userId, params.userId),
        isNotNull(supportMessages.image),
      ),
    );
  return row?.image ?? undefined;
}

export async function imageOf(tx: Db, messageId: string) {
  const [row] = await tx
    .select({ image: supportMessages.image, userId: supportMessages.userId })
    .from(supportMessages)
    .where(and(eq(supportMessages.id, messageId), isNotNull(supportMessages.image)));
  return row;
}

export async function stats(tx: Db) {
  const [row] = await tx
    .select({
      openThreads: sql<number>`count(*) filter (where ${supportThreads.state} = 'open')::int`,
      unreadThreads: sql<number>`count(*) filter (where ${supportThreads.state} = 'open' and ${unreadBy("staff")} > 0)::int`,
      complaints: sql<number>`count(*) filter (where ${supportThreads.complaintAt} is not null)::int`,
      openComplaints: sql<number>`count(*) filter (where ${supportThreads.complaintAt} is not null and ${supportThreads.state} = 'open')::int`,
      escalated: sql<number>`count(*) filter (where ${supportThreads.escalatedAt} is not null)::int`,
      answered: sql<number>`count(*) filter (where ${supportThreads.complaintAt} is not null and ${supportThreads.resolvedAt} is not null)::int`,
      answeredInTime: sql<number>`count(*) filter (where ${supportThreads.complaintAt} is not null and ${supportThreads.resolvedAt} <= ${supportThreads.answerDueAt})::int`,
    })
    .from(supportThreads);
  return row;
}

/** Active staff members; the caller keeps those whose role handles support. */
export async function activeStaff(tx: Db) {
  return tx
    .select({ id: adminUsers.id, account: adminUsers.account, role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.disabled, false))
    .orderBy(asc(adminUsers.account));
}
