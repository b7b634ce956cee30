import { and, count, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { messages } from "../../db/schema/index.js";

export async function insertMessage(tx: Db, values: typeof messages.$inferInsert) {
  await tx.insert(messages).values(values);
}

/** Several messages in one statement (an empty list writes nothing). */
export async function insertMessages(tx: Db, values: (typeof messages.$inferInsert)[]) {
  if (values.length > 0) await tx.insert(messages).values(values);
}

/** Whether the user has a message of `kind` whose params include `params` (a warning sent once). */
export async function exists(
  tx: Db,
  query: { userId: string; kind: string; params: Record<string, string> },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.userId, query.userId),
        eq(messages.kind, query.kind),
        sql`${messages.params} @> ${JSON.stringify(query.params)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One page of a user's messages, newest first, strictly older than `beforeSeq` when given. */
export async function listPage(tx: Db, params: { userId: string; beforeSeq?: number; limit: number }) {
  return tx
    .select({
      id: messages.id,
      seq: messages.seq,
      kind: messages.kind,
      params: messages.params,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.userId, params.userId),
        params.beforeSeq === undefined ? undefined : lt(messages.seq, params.beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(params.limit);
}

/** Marks an unread message of the user read; answers whether it changed a row. */
export async function markRead(tx: Db, params: { userId: string; id: string; at: Date }) {
  const rows = await tx
    .update(messages)
    .set({ readAt: params.at })
    .where(and(eq(messages.id, params.id), eq(messages.userId, params.userId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** One message of the user, or undefined (another user's message is not found either). */
export async function findOne(tx: Db, params: { userId: string; id: string }) {
  const [row] = await tx
    .select({
      id: messages.id,
      kind: messages.kind,
      params: messages.params,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .where(and(eq(messages.id, params.id), eq(messages.userId, params.userId)))
    .limit(1);
  return row;
}

/** Served by the partial index `messages_user_unread_idx` (user_id where read_at is null). */
export async function countUnread(tx: Db, userId: string) {
  const [row] = await tx
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row?.count ?? 0;
}
