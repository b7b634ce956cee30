import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { sessions, users } from "../../db/schema/index.js";

export async function insertSession(tx: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(values);
}

export async function findSessionByTokenHash(tx: Db, tokenHash: string) {
  const [row] = await tx
    .select({
      session: sessions,
      account: users.account,
      blocked: sql<boolean>`(${users.frozen} or ${users.loginBanned} or ${users.disabled})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(tx: Db, params: { id: string; now: Date; idleExpiresAt: Date }) {
  await tx
    .update(sessions)
    .set({ lastSeenAt: params.now, idleExpiresAt: params.idleExpiresAt })
    .where(eq(sessions.id, params.id));
}

export async function revokeSession(tx: Db, params: { id: string; userId: string; now: Date }) {
  await tx
    .update(sessions)
    .set({ revokedAt: params.now })
    .where(and(eq(sessions.id, params.id), eq(sessions.userId, params.userId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(tx: Db, params: { userId: string; now: Date }) {
  await tx
    .update(sessions)
    .set({ revokedAt: params.now })
    .where(and(eq(sessions.userId, params.userId), isNull(sessions.revokedAt)));
}
